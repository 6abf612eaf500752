import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { refreshDerivedBasal } from './ns-scheduled';
import { lockPatient, modifiedStamps, unmapDocs } from './ns-write';
import { conditionSql, parseDate, type Collection, type Condition } from './ns-query';
import {
  deleteEntries,
  entriesModifiedSql,
  ownDeviceStatusModifiedSql,
  ownTreatmentsModifiedSql,
  documentRowsSql,
  presentDoc,
  toStoredDoc,
  type DocRow,
  type DocWindow,
  type StoredDoc,
} from '../../adapters/nightscout';

// The Nightscout API's reads and deletes of a patient's documents; what a record is as a document
// is written once, in adapters/nightscout/ns-documents.ts (the file export writes the same).

export type { StoredDoc } from '../../adapters/nightscout';
/** A document as the API shows it (v3 adds its server fields). */
export const present = presentDoc;

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

/**
 * Deletes documents (and the portal rows made from them). Soft by default: the document stays as a
 * tombstone for v3 history; `permanent` removes it.
 */
export async function deleteDocs(
  db: Db,
  patientId: string,
  collection: Collection,
  conditions: readonly Condition[],
  nowMs: number,
  permanent = false,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockPatient(tx, patientId);
    const victims = await findDocs(tx, patientId, collection, conditions, { limit: 100_000 });
    const own = victims.filter((v) => v.seq >= 0);
    if (!own.length) return 0;
    const ids = sql`${`{${own.map((v) => `"${v.id}"`).join(',')}}`}::text[]`;
    if (collection === 'entries') {
      // Each tombstone its own srvModified, so v3 history pages through a large delete.
      const stamp = permanent ? null : await modifiedStamps(tx, patientId, collection, nowMs);
      await deleteEntries(
        tx,
        patientId,
        own.map((v) => v.id),
        stamp,
      );
    } else if (permanent) {
      await tx.execute(
        sql`delete from nightscout_documents where patient_id = ${patientId} and id = any(${ids})`,
      );
    } else {
      // Each tombstone its own srvModified, so v3 history pages through a large delete.
      const stamp = await modifiedStamps(tx, patientId, collection, nowMs);
      const stamps = own.map(() => stamp());
      await tx.execute(sql`update nightscout_documents d set deleted = true, srv_modified = u.m
        from unnest(${ids}, ${`{${stamps.join(',')}}`}::bigint[]) as u(id, m)
        where d.patient_id = ${patientId} and d.id = u.id`);
    }
    await unmapDocs(
      tx,
      patientId,
      own.map((v) => ({ seq: v.seq, date: v.date })),
      collection,
    );
    // A deleted temp basal no longer runs nor ends the one before it; a deleted profile, switch or
    // pump report no longer decides the scheduled basal.
    await refreshDerivedBasal(
      tx,
      patientId,
      collection,
      own.map((v) => ({ doc: v.doc, date: v.date })),
      nowMs,
    );
    return own.length;
  });
}
