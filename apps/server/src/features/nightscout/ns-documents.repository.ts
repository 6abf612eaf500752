import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { conditionSql, parseDate, type Collection, type Condition } from './ns-query';
import {
  entriesModifiedSql,
  ownDeviceStatusModifiedSql,
  ownTreatmentsModifiedSql,
  documentRowsSql,
  toStoredDoc,
  type DocRow,
  type DocWindow,
  type StoredDoc,
} from '../../adapters/nightscout';

// SQL of the Nightscout API's documents: the reads (find, v3 history, last changes, stored size)
// and the statements of a delete. What a record is as a document is written once, in
// adapters/nightscout/ns-documents.ts (the file export writes the same).

export type { StoredDoc } from '../../adapters/nightscout';

export interface FindOptions {
  limit: number;
  skip?: number;
  /** A document field to sort by (default: the document's time). */
  sortField?: string;
  ascending?: boolean;
  /** v3 history: tombstones too. */
  includeDeleted?: boolean;
}

/** Bounds on the entries' `date` a query states (the implicit 4-day window is one). */
function windowOf(conditions: readonly Condition[]): DocWindow {
  const w: DocWindow = {};
  for (const c of conditions) {
    if (c.field !== 'date' || c.values.length !== 1) continue;
    const t = parseDate(c.values[0]!);
    if (t === null) continue;
    if (c.op === '$gte' || c.op === '$gt' || c.op === '$eq') w.from = Math.max(w.from ?? -Infinity, t);
    if (c.op === '$lte' || c.op === '$lt' || c.op === '$eq') w.to = Math.min(w.to ?? Infinity, t);
  }
  // Asked by `_id` or identifier: only the stored entries' hour rows holding one are read.
  const byId = conditions.find(
    (c) => !c.groups && (c.field === '_id' || c.field === 'identifier') && (c.op === '$eq' || c.op === '$in'),
  );
  if (byId) w.keys = byId.values;
  return w;
}

/** One condition over the document rows `d`; `$or` / `$and` groups recursively. */
function whereOf(collection: Collection, c: Condition): SQL {
  if (c.groups) {
    const parts = c.groups.map(
      (g) =>
        sql`(${sql.join(
          g.map((x) => whereOf(collection, x)),
          sql` and `,
        )})`,
    );
    return sql`(${sql.join(parts, c.op === '$or' ? sql` or ` : sql` and `)})`;
  }
  // A client's `_id` may be a 24-hex id or its own identifier (Nightscout moved it there).
  if (c.field === '_id' || c.field === 'identifier') {
    const ids = c.values.length ? c.values : [''];
    const one = (v: string) => sql`(d.id = ${v} or d.identifier = ${v})`;
    if (c.op === '$in') return sql`(${sql.join(ids.map(one), sql` or `)})`;
    if (c.op === '$eq') return one(ids[0]!);
    if (c.op === '$ne' || c.op === '$nin') return sql`not (${sql.join(ids.map(one), sql` or `)})`;
  }
  return conditionSql(collection, c, sql`d.date`, sql`d.doc`);
}

export async function findDocs(
  db: Db,
  patientId: string,
  collection: Collection,
  conditions: readonly Condition[],
  opts: FindOptions,
): Promise<StoredDoc[]> {
  const where = conditions.map((c) => whereOf(collection, c));
  const field = opts.sortField?.replace(/[^\w.]/g, '');
  const order = field ? sql`(d.doc #>> ${sql.raw(`'{${field.split('.').join(',')}}'`)})` : sql`d.date`;
  const dir = sql.raw(opts.ascending ? 'asc' : 'desc');
  // Of documents at the same time, the one stored last counts as the newer (Mongo's insertion
  // order), whichever table it comes from.
  const result = await db.execute(sql`
    select * from (${documentRowsSql(patientId, collection, opts.includeDeleted ?? false, windowOf(conditions))}) d
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order} ${dir}, d.date ${dir}, d.srv_modified ${dir}, d.id ${dir}
    limit ${opts.limit} offset ${opts.skip ?? 0}`);
  return ((result as { rows?: DocRow[] }).rows ?? []).map(toStoredDoc);
}

/**
 * v3 history: documents changed after `since` (ms), deletions included, oldest change first; for
 * entries the realtime readings too (changed when received). Clients page on by the last
 * srvModified they got, so a page never ends inside a group of equal srvModified (readings
 * received together, documents deleted together): the rest of that group comes with it.
 */
export async function historyDocs(
  db: Db,
  patientId: string,
  collection: Collection,
  since: number,
  limit: number,
) {
  const from = sql`(${documentRowsSql(patientId, collection, true, { receivedAfter: since })}) d`;
  const rows =
    (
      (await db.execute(sql`select * from ${from} where d.srv_modified > ${since}
    order by d.srv_modified asc, d.seq asc, d.id asc limit ${limit}`)) as { rows?: DocRow[] }
    ).rows ?? [];
  const docs = rows.map(toStoredDoc);
  if (docs.length < limit) return docs;
  const last = docs[docs.length - 1]!.srvModified;
  const group =
    (
      (await db.execute(sql`select * from ${from} where d.srv_modified = ${last}
    order by d.seq asc, d.id asc`)) as { rows?: DocRow[] }
    ).rows ?? [];
  return [...docs.filter((d) => d.srvModified < last), ...group.map(toStoredDoc)];
}

export async function lastModified(db: Db, patientId: string): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    select collection, max(srv_modified) as m from nightscout_documents where patient_id = ${patientId}
    group by collection
    union all
    select 'entries', ${entriesModifiedSql(patientId)}
    union all
    select 'entries', max(realtime_received_ms) from sg_blocks where patient_id = ${patientId}
    union all ${ownDeviceStatusModifiedSql(patientId)}
    union all ${ownTreatmentsModifiedSql(patientId)}`);
  const rows = (result as { rows?: Array<{ collection: string; m: string | number | null }> }).rows ?? [];
  const out: Record<string, number> = {};
  for (const r of rows) if (r.m !== null) out[r.collection] = Math.max(out[r.collection] ?? 0, Number(r.m));
  return out;
}

/** Removes the documents with these ids for good (a permanent v3 delete). */
export async function deleteDocRows(tx: Db, patientId: string, ids: readonly string[]): Promise<void> {
  await tx.execute(
    sql`delete from nightscout_documents where patient_id = ${patientId} and id = any(${idArray(ids)})`,
  );
}

/** Marks the documents deleted, each with its own srvModified (the tombstones v3 history pages through). */
export async function tombstoneDocs(
  tx: Db,
  patientId: string,
  ids: readonly string[],
  stamps: readonly number[],
): Promise<void> {
  await tx.execute(sql`update nightscout_documents d set deleted = true, srv_modified = u.m
    from unnest(${idArray(ids)}, ${`{${stamps.join(',')}}`}::bigint[]) as u(id, m)
    where d.patient_id = ${patientId} and d.id = u.id`);
}

const idArray = (ids: readonly string[]) => sql`${`{${ids.map((id) => `"${id}"`).join(',')}}`}::text[]`;

/**
 * What the patient's Nightscout data takes in the database (bytes): the stored documents and the
 * uploaded entries' hour rows, items and plain entries alike (`dbsize`).
 */
export async function storedBytes(db: Db, patientId: string): Promise<number> {
  const r = (await db.execute(
    sql`select (select coalesce(sum(pg_column_size(doc)), 0) from nightscout_documents where patient_id = ${patientId})
      + (select coalesce(sum(pg_column_size(h.*)), 0) from nightscout_entry_hours h where h.patient_id = ${patientId})
      as bytes`,
  )) as { rows?: Array<{ bytes: string | number }> };
  return Number(r.rows?.[0]?.bytes ?? 0);
}
