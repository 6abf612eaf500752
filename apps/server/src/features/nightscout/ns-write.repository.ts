import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { lockPatientData, pgArray, removeBasal, removeGlucose } from '../../patient-data';
import { entriesModifiedSql, entryRowsSql } from '../../adapters/nightscout';
import type { Normalised } from './ns-docs';
import { isDocumentSerial, NS_SERIAL, NS_SERIALS_SQL } from './ns-map';
import { unmapProfiles } from './ns-profile';
import type { Collection } from './ns-query';
import type { Existing, New, Stored } from './ns-write-decide';

// The SQL of a Nightscout write of documents other than entries' hour rows (ns-entries.repository.ts):
// the patient's write lock, the srvModified stamps, what is stored that a batch can match, the new
// and changed documents, and the portal rows made from documents that changed or went.

const HOUR = 3_600_000;

/**
 * Hands out srvModified values for one write: each document its own, increasing, and above every
 * value the collection already holds, so a v3 client paging the history by the last srvModified it
 * saw never skips documents of a large batch. Runs under the patient's write lock.
 */
export async function modifiedStamps(
  tx: Db,
  patientId: string,
  collection: Collection,
  nowMs: number,
): Promise<() => number> {
  const newest =
    collection === 'entries'
      ? entriesModifiedSql(patientId)
      : sql`(select srv_modified from nightscout_documents
          where patient_id = ${patientId} and collection = ${collection} order by srv_modified desc limit 1)`;
  const [row] = rowsOf<{ m: string | number | null }>(await tx.execute(sql`select ${newest} as m`));
  return stampsAbove(row?.m ?? null, nowMs);
}

/** The stamps after the collection's newest srvModified (read as ORDER BY … LIMIT 1, see loadStored). */
export function stampsAbove(max: string | number | null, nowMs: number): () => number {
  let next = Math.max(nowMs, Number(max ?? 0) + 1);
  return () => next++;
}

/** Nightscout writes and deletes hold the patient's data lock: one writer of their documents at a time. */
export const lockPatient = (tx: Db, patientId: string) => lockPatientData(tx, patientId);

/** The documents' times as spans: times less than an hour apart share one. */
function spansOf(times: readonly number[]): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const t of [...times].sort((x, y) => x - y)) {
    if (ends.length && t - ends[ends.length - 1]! <= HOUR) {
      ends[ends.length - 1] = t;
    } else {
      starts.push(t);
      ends.push(t);
    }
  }
  return { starts, ends };
}

/**
 * In one statement, what a write of documents other than entries (ns-entry-write.ts) needs to know
 * of the stored ones: by `_id` (the primary key, and the entries' keys), by identifier and by
 * de-duplication key. A key is the type or eventType and the document's time, so its documents are
 * read through the time index, one range per span of the batch's times (a millisecond wider either
 * way, for the rounding of a time to microseconds). Read that way, and the newest srvModified by
 * ORDER BY … LIMIT 1, both stay on their index even while the table has no statistics yet (a new
 * table, or one filled since the last ANALYZE), when the planner would otherwise read all of the
 * patient's documents.
 */
export async function loadStored(
  tx: Db,
  patientId: string,
  collection: Collection,
  good: readonly Normalised[],
): Promise<Stored> {
  const ids = good.flatMap((g) => (g.id ? [g.id] : []));
  const keyed = good.filter((g) => g.matchByKey && g.dedupKey);
  const { starts, ends } = spansOf(keyed.map((g) => g.date));
  const cols = sql`id, seq, identifier, dedup_key, doc, deleted, date, collection = ${collection} as here, null::bigint as m`;
  const mine = sql`patient_id = ${patientId} and collection = ${collection}`;
  const identifiers = good.map((g) => g.identifier);
  const rows = rowsOf<Existing & { here: boolean | null; m: string | number | null }>(
    await tx.execute(sql`
      select null::text as id, null::bigint as seq, null::text as identifier, null::text as dedup_key,
        null::jsonb as doc, null::boolean as deleted, null::timestamptz as date, null::boolean as here,
        (select srv_modified from nightscout_documents where ${mine} order by srv_modified desc limit 1) as m
      union all
      select ${cols} from nightscout_documents
        where patient_id = ${patientId} and id = any(${pgArray(ids)}::text[])
      union all
      select e.id, null, null, null, null, null, null, false, null
        from (${entryRowsSql(patientId, true, { keys: ids })}) as e
        where e.id = any(${pgArray(ids)}::text[])
      union all
      select ${cols} from nightscout_documents
        where ${mine} and identifier = any(${pgArray(identifiers)}::text[])
      union all
      select d.* from unnest(${pgArray(starts)}::float8[], ${pgArray(ends)}::float8[]) as s(a, b)
        cross join lateral (select ${cols} from nightscout_documents
          where ${mine} and date >= to_timestamp((s.a - 1) / 1000.0) and date <= to_timestamp((s.b + 1) / 1000.0)
            and dedup_key = any(${pgArray(keyed.map((g) => g.dedupKey))}::text[])
          order by date) d`),
  );
  const idSet = new Set(ids);
  const out: Stored = { maxModified: null, taken: new Set(), existing: [] };
  for (const r of rows) {
    if (r.here === null) out.maxModified = r.m;
    else {
      if (idSet.has(r.id)) out.taken.add(r.id);
      if (r.here) out.existing.push(r);
    }
  }
  return out;
}

/**
 * Inserts the new documents, all in one JSON text, each with the next srvModified, and answers each
 * one's seq by `_id`. The statement is sent before this returns (`then`, not `await`), so the
 * caller's work runs while the database inserts.
 */
export function insertDocs(
  tx: Db,
  patientId: string,
  collection: Collection,
  inserts: readonly New[],
  stamp: () => number,
  subject: string,
): Promise<Map<string, number>> {
  if (!inserts.length) return Promise.resolve(new Map());
  const rows = inserts.map(({ id, n }, k) => ({
    id,
    identifier: n.identifier,
    date: n.date,
    off: n.utcOffsetMin,
    dedup: n.dedupKey,
    doc: n.doc,
    k,
  }));
  const first = stamp();
  for (let i = 1; i < inserts.length; i++) stamp();
  return tx
    .execute(
      sql`
      insert into nightscout_documents
        (id, patient_id, collection, identifier, date, utc_offset_min, dedup_key, doc, srv_created, srv_modified, subject)
      select u.id, ${patientId}, ${collection}, u.identifier, to_timestamp(u.date / 1000.0), u.off, u.dedup,
             u.doc, ${first}::bigint + u.k, ${first}::bigint + u.k, ${subject}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as u(id text, identifier text, date float8, off smallint, dedup text, doc jsonb, k bigint)
      returning id, seq`,
    )
    .then(
      (r) => new Map(rowsOf<{ id: string; seq: string | number }>(r).map((row) => [row.id, Number(row.seq)])),
    );
}

/** Writes a changed document over its stored self, with the next srvModified. */
export async function updateDoc(
  tx: Db,
  patientId: string,
  id: string,
  n: Normalised,
  srvModified: number,
  subject: string,
): Promise<void> {
  await tx.execute(sql`
    update nightscout_documents set doc = ${JSON.stringify(n.doc)}::jsonb, date = ${new Date(n.date).toISOString()}::timestamptz,
      utc_offset_min = ${n.utcOffsetMin}, dedup_key = ${n.dedupKey}, srv_modified = ${srvModified}, deleted = false,
      subject = ${subject}
    where patient_id = ${patientId} and id = ${id}`);
}

/** Removes the portal rows made from documents (their serial is 'nightscout', their seq the document's). */
export async function unmapDocs(
  tx: Db,
  patientId: string,
  docs: ReadonlyArray<{ seq: number; date: number }>,
  collection?: Collection,
) {
  if (!docs.length) return;
  // Settings rows have no seq: a profile's row is the one at its start time (see ns-profile).
  if (collection === 'profile')
    await unmapProfiles(
      tx,
      patientId,
      docs.map((d) => d.date),
    );
  const seqs = sql`${pgArray(docs.map((d) => d.seq))}::bigint[]`;
  // A document's reading is at the document's time; a second either side absorbs rounding.
  const seqSet = new Set(docs.map((d) => d.seq));
  const dates = docs.map((d) => d.date);
  await removeGlucose(
    tx,
    patientId,
    Math.min(...dates) - 1000,
    Math.max(...dates) + 1001,
    (r, serial) => seqSet.has(r.seq) && isDocumentSerial(serial),
  );
  await removeBasal(tx, patientId, sql`${sql.raw(NS_SERIALS_SQL)} and seq = any(${seqs})`);
  for (const table of ['bg_readings', 'boluses', 'device_status', 'events']) {
    await tx.execute(
      sql`delete from ${sql.raw(table)} where patient_id = ${patientId} and ${sql.raw(NS_SERIALS_SQL)} and seq = any(${seqs})`,
    );
  }
  const times = docs.map((d) => new Date(d.date).toISOString());
  await tx.execute(sql`delete from device_sessions where patient_id = ${patientId} and serial = ${NS_SERIAL}
    and started_at = any(${pgArray(times)}::timestamptz[])`);
}
