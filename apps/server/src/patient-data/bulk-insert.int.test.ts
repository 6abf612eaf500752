import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { createTestDatabase } from '../../test-support/test-db';
import { createAccount } from '../accounts/create-account';
import { deviceColumns, insertUnnest } from './bulk-insert';

// insertUnnest sends a jsonb column as one JSON array joined to the other columns by position: each
// row must get its own value, a missing one must be SQL NULL (not a JSON null), and text with
// quotes, backslashes and non-ASCII characters must arrive as sent.

let database: Database;
let patient: string;
beforeAll(async () => {
  database = await createTestDatabase();
  patient = await createAccount(database.db, {
    username: 'bulk@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Bulk Insert',
  });
});
afterAll(() => database.close());

describe('insertUnnest', () => {
  it('stores each row’s jsonb value in its own row, and no value as SQL NULL', async () => {
    const rows = [0, 1, 2, 3].map((i) => ({
      serial: 'PB-1',
      seq: 100 + i,
      time: 1_790_000_000_000 + i * 60_000,
      utc_offset_min: 60,
    }));
    const details = [
      JSON.stringify({ carb: 45, note: 'say "hi" \\ ünïcödé ✓' }),
      null,
      JSON.stringify([1, { a: null }]),
      JSON.stringify('text'),
    ];
    const n = await database.db.transaction((tx) =>
      insertUnnest(tx, 'boluses', [
        ...deviceColumns(patient, 'realtime', rows),
        ['code', 'text', rows.map(() => 'CRW')],
        ['set', 'real', rows.map((r) => r.seq / 100)],
        ['delivered', 'real', rows.map((r) => r.seq / 100)],
        ['details', 'jsonb', details],
      ]),
    );
    expect(n).toBe(4);
    const res = await database.db.execute(sql`select seq::int as seq, details, details is null as missing
      from boluses where patient_id = ${patient} order by seq`);
    const got = (res as unknown as { rows: Array<{ seq: number; details: unknown; missing: boolean }> }).rows;
    expect(got.map((r) => [r.seq, r.details, r.missing])).toEqual([
      [100, { carb: 45, note: 'say "hi" \\ ünïcödé ✓' }, false],
      [101, null, true],
      [102, [1, { a: null }], false],
      [103, 'text', false],
    ]);
  });

  it('counts only new rows when some are already stored', async () => {
    const rows = [3, 4].map((i) => ({
      serial: 'PB-1',
      seq: 100 + i,
      time: 1_790_000_000_000 + i * 60_000,
      utc_offset_min: 60,
    }));
    const n = await database.db.transaction((tx) =>
      insertUnnest(tx, 'boluses', [
        ...deviceColumns(patient, 'realtime', rows),
        ['code', 'text', rows.map(() => 'CRW')],
        ['set', 'real', rows.map(() => 1)],
        ['delivered', 'real', rows.map(() => 1)],
        ['details', 'jsonb', rows.map(() => JSON.stringify({ k: 1 }))],
      ]),
    );
    expect(n).toBe(1);
  });
});
