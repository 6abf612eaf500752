import { sql, type SQL } from 'drizzle-orm';
import { TRENDS } from '@cgm/domain';
import type { Db } from '../../db/client';
import type { Doc } from './ns-docs';
import { refreshDerivedBasal } from './ns-scheduled';
import { lockPatient, modifiedStamps, unmapDocs } from './ns-write';
import { conditionSql, parseDate, type Collection, type Condition } from './ns-query';
import { IMPORTED_SERIAL_PREFIX, SG_UPLOADED } from '../../patient-data';
import { ownDeviceStatusModifiedSql, ownDeviceStatusSql } from './ns-own-devicestatus';
import { ownTreatmentsModifiedSql, ownTreatmentsSql } from './ns-own-treatments';

export interface FindOptions {
  limit: number;
  skip?: number;
  /** A document field to sort by (default: the document's time). */
  sortField?: string;
  ascending?: boolean;
  /** v3 history: tombstones too. */
  includeDeleted?: boolean;
}

export interface StoredDoc {
  id: string;
  identifier: string;
  seq: number;
  date: number;
  srvModified: number;
  srvCreated: number;
  deleted: boolean;
  doc: Doc;
}

interface Row {
  id: string;
  identifier: string;
  seq: string | number;
  date: string | Date;
  doc: Doc;
  srv_modified: string | number;
  srv_created: string | number;
  deleted: boolean;
}

const DIRECTION_CASE = sql.raw(
  `case r.rate ${TRENDS.map((t) => `when ${t.rate} then '${t.direction}'`).join(' ')} else 'NONE' end`,
);

/**
 * The documents of a collection. Entries also include the patient's realtime and imported sensor
 * readings as sgv entries, device status the realtime pump's status and treatments the realtime and
 * imported insulin, finger-sticks, events and device changes (ns-own-*.ts), so follower apps see
 * the portal's own live data and imported files, not only what was uploaded as documents.
 */
function source(
  patientId: string,
  collection: Collection,
  includeDeleted: boolean,
  window: OwnWindow = {},
): SQL {
  const own = sql`select id, seq, identifier, date, doc, srv_modified, srv_created, deleted from nightscout_documents
    where patient_id = ${patientId} and collection = ${collection} ${includeDeleted ? sql`` : sql`and not deleted`}`;
  if (collection === 'devicestatus') return sql`${own} union all ${ownDeviceStatusSql(patientId)}`;
  if (collection === 'treatments')
    return sql`${own} union all ${ownTreatmentsSql(patientId, includeDeleted)}`;
  if (collection !== 'entries') return own;
  return sql`${own} union all ${ownEntriesSql(patientId, window)}`;
}

/** Which hour blocks can hold the own entries a query asks for (anything else is filtered later). */
interface OwnWindow {
  from?: number;
  to?: number;
  /** v3 history: only hours with a realtime or imported reading received after this (ms). */
  receivedAfter?: number;
}

/**
 * The portal's own realtime readings and the imported ones (source serial 'import:…') with a value
 * as sgv entries, ids stable (serial and seq); readings of Nightscout documents are the documents.
 * An imported reading names its device; its srvModified is when it was imported.
 */
function ownEntriesSql(patientId: string, w: OwnWindow): SQL {
  const realtime = sql.raw(`r.flags & ${SG_UPLOADED} = 0`);
  const imported = sql.raw(`s.serial like '${IMPORTED_SERIAL_PREFIX}%'`);
  const device = sql`case when ${realtime} then 'CGM Portal'
    else substr(s.serial, ${sql.raw(String(IMPORTED_SERIAL_PREFIX.length + 1))}) end`;
  const iso = sql.raw(`to_char(r.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const rid = sql.raw(`substr(md5(s.serial || ':' || r.seq::text), 1, 24)`);
  const prune = [
    w.from !== undefined ? sql`and b.hour >= ${Math.floor(w.from / 3_600_000)}` : sql``,
    w.to !== undefined ? sql`and b.hour <= ${Math.floor(w.to / 3_600_000)}` : sql``,
    w.receivedAfter !== undefined ? sql`and b.realtime_received_ms > ${w.receivedAfter}` : sql``,
  ];
  return sql`select ${rid}, -1, ${rid}, r.time,
      jsonb_build_object('_id', ${rid}, 'type', 'sgv', 'sgv', round(r.mgdl::numeric)::int,
        'date', (extract(epoch from r.time) * 1000)::bigint, 'dateString', ${iso}, 'sysTime', ${iso},
        'direction', ${DIRECTION_CASE}, 'trend', coalesce(r.rate, 0), 'device', ${device},
        'utcOffset', r.utc_offset_min, 'identifier', ${rid}),
      r.received_ms, r.received_ms, false
    from sg_blocks b
    cross join lateral sg_block_rows(b.packed) r
    join sg_sources s on s.patient_id = b.patient_id and s.no = r.no
    where b.patient_id = ${patientId} ${sql.join(prune, sql` `)}
      and (${realtime} or ${imported}) and r.mgdl is not null`;
}

/** Bounds on the entries' `date` a query states (the implicit 4-day window is one). */
function windowOf(conditions: readonly Condition[]): OwnWindow {
  const w: OwnWindow = {};
  for (const c of conditions) {
    if (c.field !== 'date' || c.values.length !== 1) continue;
    const t = parseDate(c.values[0]!);
    if (t === null) continue;
    if (c.op === '$gte' || c.op === '$gt' || c.op === '$eq') w.from = Math.max(w.from ?? -Infinity, t);
    if (c.op === '$lte' || c.op === '$lt' || c.op === '$eq') w.to = Math.min(w.to ?? Infinity, t);
  }
  return w;
}

const toStored = (r: Row): StoredDoc => ({
  id: r.id,
  identifier: r.identifier,
  seq: Number(r.seq),
  date: new Date(r.date).getTime(),
  srvModified: Number(r.srv_modified),
  srvCreated: Number(r.srv_created),
  deleted: r.deleted,
  doc: r.doc,
});

export async function findDocs(
  db: Db,
  patientId: string,
  collection: Collection,
  conditions: readonly Condition[],
  opts: FindOptions,
): Promise<StoredDoc[]> {
  const where = conditions.map((c) =>
    // A client's `_id` may be a 24-hex id or its own identifier (Nightscout moved it there).
    c.field === '_id' || c.field === 'identifier'
      ? sql`(d.id = ${c.values[0] ?? ''} or d.identifier = ${c.values[0] ?? ''})`
      : conditionSql(collection, c, sql`d.date`, sql`d.doc`),
  );
  const field = opts.sortField?.replace(/[^\w.]/g, '');
  const order = field ? sql`(d.doc #>> ${sql.raw(`'{${field.split('.').join(',')}}'`)})` : sql`d.date`;
  const dir = sql.raw(opts.ascending ? 'asc' : 'desc');
  // Of documents at the same time, the one stored last counts as the newer (Mongo's insertion
  // order), whichever table it comes from.
  const result = await db.execute(sql`
    select * from (${source(patientId, collection, opts.includeDeleted ?? false, windowOf(conditions))}) d
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order} ${dir}, d.date ${dir}, d.srv_modified ${dir}, d.id ${dir}
    limit ${opts.limit} offset ${opts.skip ?? 0}`);
  return ((result as { rows?: Row[] }).rows ?? []).map(toStored);
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
  const from = sql`(${source(patientId, collection, true, { receivedAfter: since })}) d`;
  const rows =
    (
      (await db.execute(sql`select * from ${from} where d.srv_modified > ${since}
    order by d.srv_modified asc, d.seq asc, d.id asc limit ${limit}`)) as { rows?: Row[] }
    ).rows ?? [];
  const docs = rows.map(toStored);
  if (docs.length < limit) return docs;
  const last = docs[docs.length - 1]!.srvModified;
  const group =
    (
      (await db.execute(sql`select * from ${from} where d.srv_modified = ${last}
    order by d.seq asc, d.id asc`)) as { rows?: Row[] }
    ).rows ?? [];
  return [...docs.filter((d) => d.srvModified < last), ...group.map(toStored)];
}

export async function lastModified(db: Db, patientId: string): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    select collection, max(srv_modified) as m from nightscout_documents where patient_id = ${patientId}
    group by collection
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
    if (permanent) {
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

/** A stored document as the API shows it (v3 adds its server fields). */
export function present(d: StoredDoc, v3 = false): Doc {
  const doc: Doc = { _id: d.id, ...d.doc };
  if (v3) {
    doc.identifier = d.identifier;
    doc.srvModified = d.srvModified;
    doc.srvCreated = d.srvCreated;
    if (d.deleted) doc.isValid = false;
  }
  return doc;
}
