import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { plainQuery } from './prepared';

// plainQuery gives what drizzle's sqlToQuery gives for statements of fragments, nested statements
// and plain values, and leaves everything else to drizzle.

const dialect = new PgDialect();

describe('plainQuery', () => {
  it('writes the same text and parameters as drizzle', () => {
    const part = (k: number) => sql`p${k} as (select ${k}::int, ${`text ${k}`}, ${k % 2 === 0}, ${null})`;
    const statements = [
      sql`select 1`,
      sql`select ${1}, ${'a'}, ${true}, ${null}, ${undefined} from t where x = ${2.5}`,
      sql`with ${sql.join([part(1), part(2), part(3)], sql`, `)} select ${sql.raw('now()')} ${sql``}`,
      sql`insert into t select * from unnest(${'{1,2}'}::int[]) where ${sql`exists (${sql`select ${7}`})`}`,
    ];
    for (const q of statements) {
      const { sql: text, params } = dialect.sqlToQuery(q);
      expect(plainQuery(q)).toEqual({ sql: text, params });
    }
  });

  it('leaves columns, dates and inlined parameters to drizzle', () => {
    expect(plainQuery(sql`select ${users.id} from t`)).toBeNull();
    expect(plainQuery(sql`select ${new Date(0)}`)).toBeNull();
    expect(plainQuery(sql`select ${sql`${1}`.inlineParams()}`)).toBeNull();
  });
});
