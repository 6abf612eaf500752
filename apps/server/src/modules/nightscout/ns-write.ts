import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  changePatientData,
  checkRecords,
  pgArray,
  recordUpload,
  removeGlucose,
  storeRecords,
  textProblem,
  type DataWriter,
} from '../../patient-data';
import { newObjectId, normalise, type Doc, type Normalised } from './ns-docs';
import { isDocumentSerial, NS_SERIAL, NS_SERIALS_SQL, toRecords } from './ns-map';
import { storeProfileSettings, unmapProfiles } from './ns-profile';
import { refreshDerivedBasal } from './ns-scheduled';
import type { Collection } from './ns-query';

export interface WriteOptions {
  /** Credential or import name, stored as the documents' `subject`. */
  subject: string;
  nowMs: number;
  /** Upload-history label; without one no history row is written (a single edit). */
  label?: string;
}

export interface WriteOutcome {
  /**
   * One per input, in input order (Loop needs as many answers as it sent): the stored document
   * with its `_id`, or `{error}` for an input that was refused and not stored.
   */
  docs: Doc[];
  /** Per input: whether it was new, an update, a duplicate, or refused (with why). */
  outcomes: Array<'created' | 'updated' | 'duplicate' | { rejected: string }>;
  stored: number;
  duplicates: number;
  rejected: number;
  firstTime: number | null;
  lastTime: number | null;
  uploadId: string | null;
}

interface Existing {
  id: string;
  seq: number;
  identifier: string;
  dedup_key: string | null;
  doc: Doc;
  deleted: boolean;
  date: string | Date;
}

/** Key order does not matter (jsonb stores keys in its own order). */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Doc)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
const same = (a: Doc, b: Doc) => canonical(a) === canonical(b);
const asRows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? []) as T[];

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
  const [row] = asRows<{ m: string | number | null }>(
    await tx.execute(sql`select max(srv_modified) as m from nightscout_documents
      where patient_id = ${patientId} and collection = ${collection}`),
  );
  let next = Math.max(nowMs, Number(row?.m ?? 0) + 1);
  return () => next++;
}

/** Writes of one patient's documents run one at a time (concurrent uploads of the same reading store it once). */
export const lockPatient = (tx: Db, patientId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ns:${patientId}`}))`);

/**
 * The stored document an incoming one is, in Nightscout's order: entries by time + type first
 * (the same reading from two uploaders is one entry), then identifier, then `_id`; other
 * collections by identifier, then `_id`, then (for treatments without either) created_at + eventType.
 */
function lookup<T>(
  n: Normalised,
  collection: Collection,
  byIdentifier: (identifier: string) => T | undefined,
  byId: (id: string) => T | undefined,
  byKey: (key: string) => T | undefined,
): T | undefined {
  const key = n.matchByKey && n.dedupKey ? byKey(n.dedupKey) : undefined;
  if (collection === 'entries' && key) return key;
  return byIdentifier(n.identifier) ?? (n.id ? byId(n.id) : undefined) ?? key;
}

/**
 * Stores documents as Nightscout does: each matched by identifier, then `_id`, then its
 * de-duplication key (devicestatus: never) and updated if it changed, otherwise inserted; then the
 * portal rows made from every new or changed document are (re)written. One transaction, serialised
 * per patient, so concurrent uploads of the same reading store it once.
 */
export async function writeDocs(
  ctx: DataWriter,
  patientId: string,
  collection: Collection,
  inputs: readonly unknown[],
  opts: WriteOptions,
): Promise<WriteOutcome> {
  // A string PostgreSQL cannot store (a NUL byte, an unpaired surrogate) refuses its document
  // alone; stored, it would fail the whole batch.
  const normalised = inputs.map((i) => {
    const text = textProblem(i);
    return text
      ? `${text.path.slice(1) || 'document'}: ${text.message}`
      : normalise(collection, i, opts.nowMs);
  });
  const good = normalised.filter((n): n is Normalised => typeof n !== 'string');
  const { value } = await changePatientData(ctx, patientId, async (tx) => {
    await lockPatient(tx, patientId);
    const stamp = await modifiedStamps(tx, patientId, collection, opts.nowMs);
    const ownIds = good.flatMap((g) => (g.id ? [g.id] : []));
    // `_id` is unique per patient across collections: a client's `_id` taken elsewhere gets a new one.
    const taken = new Set(
      asRows<{ id: string }>(
        await tx.execute(sql`select id from nightscout_documents where patient_id = ${patientId}
          and id = any(${pgArray(ownIds)}::text[])`),
      ).map((r) => r.id),
    );
    const existing = asRows<Existing>(
      await tx.execute(sql`
        select id, seq, identifier, dedup_key, doc, deleted, date from nightscout_documents
        where patient_id = ${patientId} and collection = ${collection} and (
          identifier = any(${pgArray(good.map((g) => g.identifier))}::text[])
          or id = any(${pgArray(good.flatMap((g) => (g.id ? [g.id] : [])))}::text[])
          or dedup_key = any(${pgArray(good.flatMap((g) => (g.dedupKey ? [g.dedupKey] : [])))}::text[]))`),
    );
    const byIdentifier = new Map(existing.map((e) => [e.identifier, e]));
    const byId = new Map(existing.map((e) => [e.id, e]));
    const byKey = new Map(existing.filter((e) => e.dedup_key).map((e) => [e.dedup_key!, e]));
    const inserts: Array<Normalised & { newId: string }> = [];
    const updates: Array<{ row: Existing; n: Normalised }> = [];
    const out: WriteOutcome = {
      docs: [],
      outcomes: [],
      stored: 0,
      duplicates: 0,
      rejected: 0,
      firstTime: null,
      lastTime: null,
      uploadId: null,
    };
    const pending = new Map<string, Normalised & { newId: string }>();
    for (const n of normalised) {
      if (typeof n === 'string') {
        out.outcomes.push({ rejected: n });
        out.docs.push({ error: n });
        out.rejected++;
        continue;
      }
      const match = lookup(
        n,
        collection,
        (i) => byIdentifier.get(i),
        (d) => byId.get(d),
        (k) => byKey.get(k),
      );
      const twin = lookup(
        n,
        collection,
        (i) => pending.get(`i:${i}`),
        (d) => pending.get(`d:${d}`),
        (k) => pending.get(`k:${k}`),
      );
      if (match) {
        const changed = match.deleted || !same(match.doc, n.doc);
        // Twice in one batch: the later one wins, as two uploads in a row would.
        const earlier = updates.findIndex((u) => u.row === match);
        if (changed && earlier >= 0) updates[earlier] = { row: match, n };
        else if (changed) updates.push({ row: match, n });
        out.outcomes.push(changed ? 'updated' : 'duplicate');
        out.docs.push({ ...n.doc, _id: match.id, identifier: match.identifier });
      } else if (twin) {
        out.outcomes.push('duplicate');
        out.docs.push({ ...twin.doc, _id: twin.newId, identifier: twin.identifier });
      } else {
        const id = n.id && !taken.has(n.id) ? n.id : newObjectId(opts.nowMs);
        const row = { ...n, newId: id };
        inserts.push(row);
        pending.set(`i:${n.identifier}`, row).set(`d:${id}`, row);
        if (n.dedupKey) pending.set(`k:${n.dedupKey}`, row);
        out.outcomes.push('created');
        out.docs.push({ ...n.doc, _id: id, identifier: n.identifier });
      }
    }
    out.duplicates = out.outcomes.filter((o) => o === 'duplicate').length;
    const mapped: Array<{ seq: number; n: Normalised }> = [];
    const stamps = inserts.map(() => stamp());
    if (inserts.length) {
      const rows = asRows<{ id: string; seq: string | number }>(
        await tx.execute(sql`
          insert into nightscout_documents
            (id, patient_id, collection, identifier, date, utc_offset_min, dedup_key, doc, srv_created, srv_modified, subject)
          select u.id, ${patientId}, ${collection}, u.identifier, to_timestamp(u.date / 1000.0), u.off, u.dedup,
                 u.doc, u.modified, u.modified, ${opts.subject}
          from unnest(${pgArray(inserts.map((i) => i.newId))}::text[], ${pgArray(inserts.map((i) => i.identifier))}::text[],
                      ${pgArray(inserts.map((i) => i.date))}::float8[], ${pgArray(inserts.map((i) => i.utcOffsetMin))}::smallint[],
                      ${pgArray(inserts.map((i) => i.dedupKey))}::text[], ${pgArray(inserts.map((i) => JSON.stringify(i.doc)))}::jsonb[],
                      ${pgArray(stamps)}::bigint[])
            as u(id, identifier, date, off, dedup, doc, modified)
          on conflict do nothing
          returning id, seq`),
      );
      const seqOf = new Map(rows.map((r) => [r.id, Number(r.seq)]));
      for (const i of inserts) if (seqOf.has(i.newId)) mapped.push({ seq: seqOf.get(i.newId)!, n: i });
    }
    for (const { row, n } of updates) {
      await tx.execute(sql`
        update nightscout_documents set doc = ${JSON.stringify(n.doc)}::jsonb, date = ${new Date(n.date).toISOString()}::timestamptz,
          utc_offset_min = ${n.utcOffsetMin}, dedup_key = ${n.dedupKey}, srv_modified = ${stamp()}, deleted = false,
          subject = ${opts.subject}
        where patient_id = ${patientId} and id = ${row.id}`);
      mapped.push({ seq: Number(row.seq), n });
    }
    await unmapDocs(
      tx,
      patientId,
      updates.map((u) => ({ seq: Number(u.row.seq), date: new Date(u.row.date).getTime() })),
      collection,
    );
    if (collection === 'profile')
      await storeProfileSettings(
        tx,
        patientId,
        mapped.filter((m) => m.n.doc.isValid !== false).map((m) => ({ doc: m.n.doc, date: m.n.date })),
      );
    const records = mapped.flatMap(({ seq, n }) => toRecords(collection, n.doc, seq, n.date, n.utcOffsetMin));
    const { valid } = checkRecords(records, opts.nowMs);
    if (valid.length)
      await storeRecords(
        tx,
        patientId,
        'uploaded',
        valid.map((v) => v.record),
        opts.nowMs,
      );
    // Temp basals and the scheduled basal between them, from the documents where they are now and
    // where they were before this write.
    await refreshDerivedBasal(
      tx,
      patientId,
      collection,
      [
        ...mapped.map((m) => ({ doc: m.n.doc, date: m.n.date })),
        ...updates.map((u) => ({ doc: u.row.doc, date: new Date(u.row.date).getTime() })),
      ],
      opts.nowMs,
    );
    out.stored = mapped.length;
    const times = mapped.map((m) => m.n.date);
    out.firstTime = times.length ? times.reduce((a, b) => Math.min(a, b)) : null;
    out.lastTime = times.length ? times.reduce((a, b) => Math.max(a, b)) : null;
    if (opts.label) {
      out.uploadId = await recordUpload(tx, {
        patientId,
        source: 'uploaded',
        receivedAt: new Date(opts.nowMs),
        stored: out.stored,
        duplicates: out.duplicates,
        rejected: out.rejected,
        times,
        label: opts.label,
      });
    }
    return { value: out, changed: out.stored > 0 };
  });
  return value;
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
  for (const table of ['bg_readings', 'basal_segments', 'boluses', 'device_status', 'events']) {
    await tx.execute(
      sql`delete from ${sql.raw(table)} where patient_id = ${patientId} and ${sql.raw(NS_SERIALS_SQL)} and seq = any(${seqs})`,
    );
  }
  const times = docs.map((d) => new Date(d.date).toISOString());
  await tx.execute(sql`delete from device_sessions where patient_id = ${patientId} and serial = ${NS_SERIAL}
    and started_at = any(${pgArray(times)}::timestamptz[])`);
}
