import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

/** Rows per INSERT statement of a long batch. */
export const CHUNK = 5000;

export type PgType = 'text' | 'bigint' | 'smallint' | 'real' | 'jsonb' | 'timestamptz';
export type Value = string | number | null;
/** A column of an INSERT: its name, its type, and one value per row (times as epoch ms). */
export type Column = readonly [name: string, type: PgType, values: readonly Value[]];

/**
 * INSERT … SELECT FROM unnest(one array per column) ON CONFLICT DO NOTHING, returning how many rows
 * were new. Each column travels as one array parameter, so a batch of thousands of rows is one
 * statement with a handful of parameters on either driver (no 65,535-parameter limit, no per-row
 * SQL), which is what makes history ingest fast. A jsonb column travels as one JSON array instead
 * (its values are JSON texts): escaped into an array literal, a pump's status was a third slower
 * to send and parse. With `sameAs` (a condition on an existing row `x` and an incoming one `u`), a
 * row is also left out when the patient has a row at the same time for which it holds; with
 * `duplicateIf` (a condition on `u`), also when that holds.
 */
export async function insertUnnest(
  tx: Db,
  table: string,
  columns: readonly Column[],
  sameAs?: string,
  duplicateIf?: string,
): Promise<number> {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const selects = sql.join(
    columns.map(([name, type]) =>
      type === 'timestamptz' ? sql.raw(`to_timestamp(u.${name} / 1000.0)`) : sql.raw(`u.${name}`),
    ),
    sql`, `,
  );
  const unless = sameAs
    ? sql.raw(`where not exists (select 1 from ${table} x where x.patient_id = u.patient_id
        and x.time = to_timestamp(u.time / 1000.0) and (${sameAs}))
        ${duplicateIf ? `and not (${duplicateIf})` : ''}`)
    : sql``;
  const query: SQL = sql`insert into ${sql.raw(table)} (${names})
    select ${selects} from ${incomingRows(columns)} ${unless}
    on conflict do nothing
    returning 1`;
  const result = await tx.execute(query);
  const r = result as { rows?: unknown[]; rowCount?: number; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

/** The incoming rows as a relation `u` with one column per Column (jsonb ones joined by position). */
function incomingRows(columns: readonly Column[]): SQL {
  const plain = columns.filter(([, type]) => type !== 'jsonb');
  const json = columns.filter(([, type]) => type === 'jsonb');
  const arrays = sql.join(
    plain.map(([, type, values]) => {
      const arrayType = type === 'timestamptz' ? 'double precision' : type;
      return sql`${pgArray(values)}::${sql.raw(arrayType)}[]`;
    }),
    sql`, `,
  );
  const plainNames = plain.map(([name]) => name).join(', ');
  if (!json.length) return sql`unnest(${arrays}) as u(${sql.raw(plainNames)})`;
  // A JSON null stands for SQL NULL in the array: json() of the callers never writes a JSON null.
  const picks = json.map(([name], i) => sql.raw(`, nullif(j${i}.v, 'null'::jsonb) as ${name}`));
  const joins = json.map(
    ([, , values], i) =>
      sql` join jsonb_array_elements(${jsonArray(values)}::jsonb) with ordinality as ${sql.raw(`j${i}(v, n)`)} on ${sql.raw(`j${i}.n = p.n`)}`,
  );
  return sql`(select ${sql.raw(plain.map(([name]) => `p.${name}`).join(', '))}${sql.join(picks)}
    from unnest(${arrays}) with ordinality as p(${sql.raw(plainNames)}, n)${sql.join(joins)}) as u`;
}

/** JSON texts (or null) as the text of one JSON array. */
function jsonArray(values: readonly Value[]): string {
  return `[${values.map((v) => (v === null ? 'null' : String(v))).join(',')}]`;
}

/** A PostgreSQL array literal, sent as one text parameter. */
export function pgArray(values: readonly Value[]): string {
  // Numbers alone (most arrays: hours, times, values) are written as they are, without a function
  // per element: a write of 1,000 Nightscout entries sends six such arrays.
  let numbers = true;
  for (const v of values) if (typeof v !== 'number') numbers = false;
  if (numbers) return `{${values.join(',')}}`;
  const items = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/(["\\])/g, '\\$1')}"`,
  );
  return `{${items.join(',')}}`;
}

/** The columns every device table shares: patient, serial, seq, time, offset and source. */
export function deviceColumns(
  patientId: string,
  source: 'realtime' | 'uploaded',
  rows: ReadonlyArray<{ serial: string; seq: number; time: number; utc_offset_min: number }>,
): Column[] {
  return [
    ['patient_id', 'text', rows.map(() => patientId)],
    ['serial', 'text', rows.map((r) => r.serial)],
    ['seq', 'bigint', rows.map((r) => r.seq)],
    ['time', 'timestamptz', rows.map((r) => r.time)],
    ['utc_offset_min', 'smallint', rows.map((r) => r.utc_offset_min)],
    ['source', 'text', rows.map(() => source)],
  ];
}

export function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
