import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { createTestDatabase } from '../../../test-support/test-db';

// Issue 21: a schema a distributed PostgreSQL (Citus) accepts as is, read from the catalog of the
// migrated database. A table of a patient's data is distributed by patient_id: its primary key
// and every unique key must begin with patient_id, and it may refer to another patient table only
// through patient_id first (the rows then live on the same shard). Readings must be
// partitionable by time: their key holds the time column. docs/OPERATIONS.md "Past one machine".

/** Tables with a patient_id that are not one patient's data, and why (users-like, reference tables). */
const NOT_PATIENT_DATA: Record<string, string> = {
  relations: 'a connection between two people, read from the follower’s side as much as the patient’s',
  oauth_grants: 'an app’s grant, found by client and token',
  oauth_tokens: 'found by token hash',
  nightscout_credentials: 'found by the secret a Nightscout client sends',
  alert_episodes: 'a follower’s alert state, found by episode',
  alert_log: 'a follower’s alert log, found by episode',
  alert_follower_state: 'a follower’s alert state, found by episode',
};

/** The readings' tables and the time column each is partitionable by. */
const READINGS_BY_TIME: Record<string, string> = {
  sg_blocks: 'hour',
};

let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function patientTables(): Promise<string[]> {
  const found = await rows<{ table: string }>(sql`
    select c.relname as table from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'patient_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  return found.map((r) => r.table).filter((t) => !(t in NOT_PATIENT_DATA));
}

/** Each unique index of the table (primary key included), as its column names in order. */
async function uniqueKeys(table: string): Promise<Array<{ name: string; columns: string[] }>> {
  const found = await rows<{ name: string; columns: string }>(sql`
    select i.indexrelid::regclass::text as name,
           string_agg(a.attname, ',' order by k.ord) as columns
      from pg_index i
      cross join lateral unnest(i.indkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = ${table}::regclass and i.indisunique
     group by i.indexrelid`);
  return found.map((r) => ({ name: r.name, columns: r.columns.split(',') }));
}

describe('a schema a sharded PostgreSQL accepts (Citus, distributed by patient_id)', () => {
  it('keys every patient table by patient_id first, unique keys included', async () => {
    const tables = await patientTables();
    expect(tables).toEqual(expect.arrayContaining(['events', 'uploads', 'devices', 'data_options']));
    const wrong: string[] = [];
    for (const table of tables) {
      const keys = await uniqueKeys(table);
      if (!keys.length) wrong.push(`${table}: no key`);
      for (const k of keys)
        if (k.columns[0] !== 'patient_id') wrong.push(`${k.name} (${k.columns.join(', ')})`);
    }
    expect(wrong).toEqual([]);
  });

  it('refers from one patient table to another only through patient_id first', async () => {
    const tables = new Set(await patientTables());
    const keys = await rows<{ from: string; to: string; def: string; first: string; target: string }>(sql`
      select c.conrelid::regclass::text as from, c.confrelid::regclass::text as to, pg_get_constraintdef(c.oid) as def,
             (select attname from pg_attribute where attrelid = c.conrelid and attnum = c.conkey[1]) as first,
             (select attname from pg_attribute where attrelid = c.confrelid and attnum = c.confkey[1]) as target
        from pg_constraint c where c.contype = 'f'`);
    const between = keys.filter((k) => tables.has(k.from) && tables.has(k.to));
    expect(between.map((k) => k.from)).toContain('data_deletions');
    expect(between.filter((k) => k.first !== 'patient_id' || k.target !== 'patient_id')).toEqual([]);
    // A patient table refers elsewhere only to accounts (a reference table on a cluster).
    const elsewhere = keys.filter((k) => tables.has(k.from) && !tables.has(k.to));
    expect([...new Set(elsewhere.map((k) => k.to))]).toEqual(['users']);
  });

  it('keeps readings partitionable by time: the time column is in their key', async () => {
    for (const [table, column] of Object.entries(READINGS_BY_TIME)) {
      const primary = (await uniqueKeys(table)).filter(
        (k) => k.name.endsWith('_pk') || k.name.endsWith('pkey'),
      );
      expect(primary, table).toHaveLength(1);
      expect(primary[0]!.columns, table).toContain(column);
    }
  });

  it('keeps derived data without statement-level triggers with transition tables', async () => {
    const triggers = await rows<{ table: string }>(sql`
      select distinct t.tgrelid::regclass::text as table from pg_trigger t
       where not t.tgisinternal and (t.tgnewtable is not null or t.tgoldtable is not null) order by 1`);
    // Derived data is kept by the write path (patient-data), which Citus runs as any statement.
    expect(triggers.map((t) => t.table)).toEqual([]);
    // Nor any other trigger on a patient table: what is derived follows its source in the writer.
    const tables = await patientTables();
    const onPatientTables = await rows<{ name: string }>(sql`
      select t.tgname as name from pg_trigger t
       where not t.tgisinternal and t.tgrelid::regclass::text = any(${`{${tables.join(',')}}`}::text[])`);
    expect(onPatientTables).toEqual([]);
  });
});
