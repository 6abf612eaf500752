import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test-support/test-db';
import { isUniqueViolation } from './errors';
import { executePrepared } from './prepared';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('executePrepared', () => {
  it('answers the rows drizzle answers for the same statement (times, intervals, numbers, arrays)', async () => {
    const database = await createTestDatabase();
    try {
      const statement = () => sql`select ${'2026-01-02T03:04:05.678Z'}::timestamptz as at,
          ${'2026-01-02'}::date as day, interval '1 day 2 hours' as span, ${7}::bigint as big,
          ${1.5}::numeric as dec, array[${'2026-01-02T00:00:00Z'}::timestamptz] as ats,
          array[1.5, 2]::numeric[] as decs, ${true} as yes, ${'{"a":1}'}::jsonb as doc`;
      const prepared = rowsOf(await executePrepared(database.db, statement()));
      const plain = rowsOf(await database.db.execute(statement()));
      expect(prepared).toEqual(plain);
      // Inside a transaction too (its own connection on PostgreSQL).
      const inTx = await database.db.transaction(async (tx) =>
        rowsOf(await executePrepared(tx, statement())),
      );
      expect(inTx).toEqual(plain);
    } finally {
      await database.close();
    }
  });

  it("rejects with the database's error reachable through cause (unique violation seen as such)", async () => {
    const database = await createTestDatabase();
    try {
      await database.exec('create temporary table once_only (k int primary key)');
      await executePrepared(database.db, sql`insert into once_only values (${1})`);
      const failed = await executePrepared(database.db, sql`insert into once_only values (${1})`).catch(
        (e: unknown) => e,
      );
      expect(isUniqueViolation(failed)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
