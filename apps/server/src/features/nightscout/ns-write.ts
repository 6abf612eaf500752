import { sql, type SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';

type SgRecord = Extract<DeviceRecord, { type: 'sg' }>;
import { isUniqueViolation } from '../../platform/db/errors';
import type { Db } from '../../platform/db/client';
import {
  appendGlucoseOnce,
  changePatientData,
  checkRecords,
  EVENT_GUARD,
  glucoseStateOf,
  pgArray,
  lockPatientData,
  uploadInsert,
  removeBasal,
  removeGlucose,
  storeRecords,
  textProblem,
  type DataWriter,
} from '../../patient-data';
import { copyDoc, newObjectId, normalise, type Doc, type Normalised } from './ns-docs';
import { isDocumentSerial, NS_SERIAL, NS_SERIALS_SQL, toRecords } from './ns-map';
import { storeProfileSettings, unmapProfiles } from './ns-profile';
import { refreshDerivedBasal } from './ns-scheduled';
import type { Collection } from './ns-query';
import { loadEntries, placeEntries, type LoadedEntries } from './ns-entry-write';
import { entriesModifiedSql, hintedHours } from '../../adapters/nightscout';

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

/** A stored document a write can match. */
export interface Existing {
  id: string;
  seq: number;
  identifier: string;
  dedup_key: string | null;
  doc: Doc;
  deleted: boolean;
  date: string | Date | number;
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
const HOUR = 3_600_000;
const DAY_MS = 86_400_000;

/** A document as a write answers it: with its `_id` and identifier. */
function answer(doc: Doc, id: string, identifier: string): Doc {
  const out = copyDoc(doc);
  out._id = id;
  out.identifier = identifier;
  return out;
}

/** A document of the batch that is new, with the `_id` it gets. */
export interface New {
  n: Normalised;
  id: string;
}

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
  const [row] = asRows<{ m: string | number | null }>(await tx.execute(sql`select ${newest} as m`));
  return stampsAbove(row?.m ?? null, nowMs);
}

/** The stamps after the collection's newest srvModified (read as ORDER BY … LIMIT 1, see loadStored). */
function stampsAbove(max: string | number | null, nowMs: number): () => number {
  let next = Math.max(nowMs, Number(max ?? 0) + 1);
  return () => next++;
}

/** Writes of one patient's documents run one at a time (concurrent uploads of the same reading store it once). */
/** Nightscout writes and deletes hold the patient's data lock: one writer of their documents at a time. */
export const lockPatient = (tx: Db, patientId: string) => lockPatientData(tx, patientId);

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

/** A string PostgreSQL may not store (see textProblem): with a NUL or any surrogate. */
const suspectText = (s: string) => s.includes('\u0000') || /[\uD800-\uDFFF]/.test(s);

/**
 * Whether a string of the value (at any depth, keys included) has a NUL or any surrogate: a clean
 * batch is cleared in one pass without allocating, and only a suspect one is checked document by
 * document (textProblem, which tells a lone surrogate from a pair).
 */
function maybeBadText(value: unknown): boolean {
  if (typeof value === 'string') return suspectText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(maybeBadText);
  for (const key in value) {
    if (suspectText(key) || maybeBadText((value as Doc)[key])) return true;
  }
  return false;
}

export interface Stored {
  /** The collection's newest srvModified (null without documents). */
  maxModified: string | number | null;
  /** The `_id`s of the inputs the patient already uses, in any collection. */
  taken: Set<string>;
  /** Documents of the collection the inputs can match: by identifier, `_id` or de-duplication key. */
  existing: Existing[];
}

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
async function loadStored(
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
  const rows = asRows<Existing & { here: boolean | null; m: string | number | null }>(
    await tx.execute(sql`
      select null::text as id, null::bigint as seq, null::text as identifier, null::text as dedup_key,
        null::jsonb as doc, null::boolean as deleted, null::timestamptz as date, null::boolean as here,
        (select srv_modified from nightscout_documents where ${mine} order by srv_modified desc limit 1) as m
      union all
      select ${cols} from nightscout_documents
        where patient_id = ${patientId} and id = any(${pgArray(ids)}::text[])
      union all
      select e.id, null, null, null, null, null, null, false, null from nightscout_entry_hours h
        cross join lateral json_to_recordset(h.items) as e(id text)
        where h.patient_id = ${patientId} and e.id = any(${pgArray(ids)}::text[])
          and (h.keys && ${pgArray(ids)}::text[] or h.hour = any(${pgArray(hintedHours(ids))}::bigint[]))
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

/** What a write does with each document, decided from what is stored. */
interface Decision {
  /** The outcome, but for `docs` (see answers). */
  out: WriteOutcome;
  /** Per input, its answer: the refusal, or the document to answer with its `_id` and identifier. */
  answers: Array<{ error: string } | readonly [Doc, string, string]>;
  inserts: New[];
  updates: Array<{ row: Existing; n: Normalised }>;
  /** A document answered as the twin of a new one with another identifier. */
  twinOfOtherIdentifier: boolean;
}

/**
 * Matches each document to a stored one (Nightscout's order, see lookup) or, failing that, to a new
 * one earlier in the batch (then it is a duplicate), else it is new: with its own `_id` unless the
 * patient uses that one already.
 */
function decide(
  normalised: ReadonlyArray<Normalised | string>,
  collection: Collection,
  { taken, existing }: Stored,
  nowMs: number,
): Decision {
  const byIdentifier = new Map(existing.map((e) => [e.identifier, e]));
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byKey = new Map(existing.filter((e) => e.dedup_key).map((e) => [e.dedup_key!, e]));
  const d: Decision = {
    out: {
      docs: [],
      outcomes: [],
      stored: 0,
      duplicates: 0,
      rejected: 0,
      firstTime: null,
      lastTime: null,
      uploadId: null,
    },
    answers: [],
    inserts: [],
    updates: [],
    twinOfOtherIdentifier: false,
  };
  const { out, answers, inserts, updates } = d;
  const updateOf = new Map<Existing, number>();
  const pendingByIdentifier = new Map<string, New>();
  const pendingById = new Map<string, New>();
  const pendingByKey = new Map<string, New>();
  for (const n of normalised) {
    if (typeof n === 'string') {
      out.outcomes.push({ rejected: n });
      answers.push({ error: n });
      out.rejected++;
      continue;
    }
    const match = lookup(
      n,
      collection,
      (i) => byIdentifier.get(i),
      (id) => byId.get(id),
      (k) => byKey.get(k),
    );
    const twin = match
      ? undefined
      : lookup(
          n,
          collection,
          (i) => pendingByIdentifier.get(i),
          (id) => pendingById.get(id),
          (k) => pendingByKey.get(k),
        );
    if (match) {
      const changed = match.deleted || !same(match.doc, n.doc);
      // Twice in one batch: the later one wins, as two uploads in a row would.
      const earlier = updateOf.get(match);
      if (changed && earlier !== undefined) updates[earlier] = { row: match, n };
      else if (changed) updateOf.set(match, updates.push({ row: match, n }) - 1);
      out.outcomes.push(changed ? 'updated' : 'duplicate');
      answers.push([n.doc, match.id, match.identifier]);
    } else if (twin) {
      if (twin.n.identifier !== n.identifier) d.twinOfOtherIdentifier = true;
      out.outcomes.push('duplicate');
      answers.push([twin.n.doc, twin.id, twin.n.identifier]);
    } else {
      // An entry's own `_id` carries its time (ns-entry-store.ts: it tells where the entry is stored).
      const id = n.id && !taken.has(n.id) ? n.id : newObjectId(collection === 'entries' ? n.date : nowMs);
      const row: New = { n, id };
      inserts.push(row);
      pendingByIdentifier.set(n.identifier, row);
      pendingById.set(id, row);
      if (n.dedupKey) pendingByKey.set(n.dedupKey, row);
      out.outcomes.push('created');
      answers.push([n.doc, id, n.identifier]);
    }
  }
  out.duplicates = out.outcomes.filter((o) => o === 'duplicate').length;
  return d;
}

/**
 * Inserts the new documents, all in one JSON text, each with the next srvModified, and answers each
 * one's seq by `_id`. The statement is sent before this returns (`then`, not `await`), so the
 * caller's work runs while the database inserts.
 */
function insertDocs(
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
      (r) => new Map(asRows<{ id: string; seq: string | number }>(r).map((row) => [row.id, Number(row.seq)])),
    );
}

/** Reads what is stored (entries: their hour rows, see ns-entry-write.ts) and decides. */
async function readAndDecide(
  tx: Db,
  patientId: string,
  collection: Collection,
  normalised: ReadonlyArray<Normalised | string>,
  good: readonly Normalised[],
  opts: WriteOptions,
): Promise<{ d: Decision; stamp: () => number; entries: LoadedEntries | null }> {
  const entries = collection === 'entries' ? await loadEntries(tx, patientId, good) : null;
  const stored = entries?.stored ?? (await loadStored(tx, patientId, collection, good));
  const d = decide(normalised, collection, stored, opts.nowMs);
  return { d, stamp: stampsAbove(stored.maxModified, opts.nowMs), entries };
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
  const prepared = prepareDocs(collection, inputs, opts.nowMs);
  if (collection === 'entries') {
    const fast = await storeEntriesAtOnce(ctx, patientId, prepared, opts).catch((e: unknown) => {
      // A source another write recorded in between: the transaction below does it.
      if (isUniqueViolation(e)) return null;
      throw e;
    });
    if (fast) return fast;
  }
  return store(ctx, patientId, collection, () => prepared, opts);
}

/** The portal records made from stored documents, each with the index of the document it came from. */
function recordsOf(collection: Collection, made: readonly Normalised[]) {
  const records: DeviceRecord[] = [];
  const madeFrom: number[] = [];
  made.forEach((n, k) => {
    for (const r of toRecords(collection, n.doc, 0, n.date, n.utcOffsetMin)) {
      records.push(r);
      madeFrom.push(k);
    }
  });
  return { records, madeFrom };
}

/** The outcome's first and last document times (null when nothing was stored). */
function setTimes(out: WriteOutcome, times: readonly number[]): void {
  out.firstTime = times.length ? times.reduce((a, b) => Math.min(a, b)) : null;
  out.lastTime = times.length ? times.reduce((a, b) => Math.max(a, b)) : null;
}

/**
 * New sensor entries (an uploader's usual batch) without a transaction, as a device's readings
 * are written (patient-data glucose-append.ts): one statement reads the batch's entry hours with
 * the patient's event number, the decision and the answers are made here, and one statement
 * writes the entry hours, the readings, their counts and the upload row, only if the patient's
 * data is still at that number. Null, having written nothing, when the batch changes stored
 * entries, holds anything but sensor readings, or another write came in between: the transaction
 * (store) then does it.
 */
async function storeEntriesAtOnce(
  ctx: DataWriter,
  patientId: string,
  { normalised, good }: Prepared,
  opts: WriteOptions,
): Promise<WriteOutcome | null> {
  // The entry hours and the readings' state, read side by side (two connections): both carry the
  // patient's event number, and the write goes through only if the data is still at the one the
  // entries were read at.
  const days = [...new Set(good.map((g) => Math.floor(g.date / DAY_MS)))];
  const [entries, state] = await Promise.all([
    loadEntries(ctx.db, patientId, good),
    glucoseStateOf(ctx.db, patientId, days),
  ]);
  const d = decide(normalised, 'entries', entries.stored, opts.nowMs);
  if (d.updates.length) return null;
  const stamp = stampsAbove(entries.stored.maxModified, opts.nowMs);
  const placed = placeEntries(entries, d.inserts, [], stamp, opts.subject, patientId, EVENT_GUARD);
  const { records, madeFrom } = recordsOf(
    'entries',
    d.inserts.map((i) => i.n),
  );
  const { valid } = checkRecords(records, opts.nowMs);
  const readings: SgRecord[] = [];
  for (const { index, record } of valid) {
    if (record.type !== 'sg') return null;
    const seq = placed.seqOf.get(d.inserts[madeFrom[index]!]!.id);
    if (seq === undefined || !Number.isSafeInteger(seq)) continue;
    readings.push({ ...record, seq });
  }
  const { out } = d;
  out.docs = d.answers.map((a) => ('error' in a ? a : answer(a[0], a[1], a[2])));
  out.stored = d.inserts.length;
  const times = d.inserts.map((i) => i.n.date);
  setTimes(out, times);
  const receivedAt = new Date(opts.nowMs);
  const written = await appendGlucoseOnce(
    ctx.db,
    {
      patientId,
      source: 'uploaded',
      records: readings,
      receivedMs: opts.nowMs,
      sameInstantIsDuplicate: false,
      upload: opts.label
        ? { patientId, source: 'uploaded', receivedAt, rejected: out.rejected, times, label: opts.label }
        : null,
      uploadCounts: { stored: out.stored, duplicates: out.duplicates },
      alsoWrite: { parts: placed.writes, expectEventNo: entries.eventNo },
      state,
      tellOthers: ctx.bus.tellOthersSql
        ? (eventNo: SQL) => ctx.bus.tellOthersSql!(patientId, eventNo)
        : undefined,
    },
    ctx.clock.now().getTime(),
  );
  if (!written) return null;
  out.uploadId = written.uploadId;
  if (written.eventNo !== null)
    ctx.bus.publish(patientId, written.eventNo, 'data', {
      othersTold: written.othersTold,
      facts: { alertsWatched: written.alertsWatched },
    });
  return out;
}

interface Prepared {
  /** Per input: the normalised document, or why it is refused. */
  normalised: Array<Normalised | string>;
  good: Normalised[];
}

function prepareDocs(collection: Collection, inputs: readonly unknown[], nowMs: number): Prepared {
  // A string PostgreSQL cannot store (a NUL byte, an unpaired surrogate) refuses its document
  // alone; stored, it would fail the whole batch.
  const suspect = maybeBadText(inputs);
  const normalised = inputs.map((i) => {
    const text = suspect ? textProblem(i) : null;
    return text ? `${text.path.slice(1) || 'document'}: ${text.message}` : normalise(collection, i, nowMs);
  });
  return { normalised, good: normalised.filter((n): n is Normalised => typeof n !== 'string') };
}

async function store(
  ctx: DataWriter,
  patientId: string,
  collection: Collection,
  prepare: () => Prepared,
  opts: WriteOptions,
): Promise<WriteOutcome> {
  const { value } = await changePatientData(ctx, patientId, async (tx) => {
    // Its own statement: what the next one reads is then everything committed before the lock.
    // Sent first (`then` sends it), it is taken while the documents are normalised.
    const locked = lockPatient(tx, patientId).then(() => undefined);
    locked.catch(() => undefined); // awaited below, after the normalising that may throw first
    const { normalised, good } = prepare();
    await locked;
    const { d, stamp, entries } = await readAndDecide(tx, patientId, collection, normalised, good, opts);
    const { out, inserts, updates } = d;
    // The transaction's last writes, sent with its last statement: the entries' hour rows, their
    // readings and the upload-history row.
    const last: SQL[] = [];
    // Entries are placed in their hour rows here; other documents are inserted now and awaited
    // below: while the database inserts, the answers and the portal records are made here (the
    // new documents' seq is filled in when the insert answers).
    const placed = entries && placeEntries(entries, inserts, updates, stamp, opts.subject, patientId);
    if (placed) last.push(...placed.writes);
    const inserting = placed
      ? Promise.resolve(placed.seqOf)
      : insertDocs(tx, patientId, collection, inserts, stamp, opts.subject);
    inserting.catch(() => undefined); // awaited below, after work that may throw first
    out.docs = d.answers.map((a) => ('error' in a ? a : answer(a[0], a[1], a[2])));
    const made = [...inserts.map((i) => i.n), ...updates.map((u) => u.n)];
    const { records, madeFrom } = recordsOf(collection, made);
    const { valid } = checkRecords(records, opts.nowMs);
    const seqOf = await inserting;
    const seqs = [...inserts.map((i) => seqOf.get(i.id)), ...updates.map((u) => Number(u.row.seq))];
    const mapped: Array<{ seq: number; n: Normalised }> = [];
    made.forEach((n, k) => {
      const seq = seqs[k];
      if (seq !== undefined) mapped.push({ seq, n });
    });
    // Each checked record (a copy the check made) gets its document's seq, if the check would take it.
    const checked = valid.flatMap(({ index, record }) => {
      const seq = seqs[madeFrom[index]!];
      if (seq === undefined || !Number.isSafeInteger(seq)) return [];
      record.seq = seq;
      return [record];
    });
    for (const { row, n } of placed ? [] : updates) {
      await tx.execute(sql`
        update nightscout_documents set doc = ${JSON.stringify(n.doc)}::jsonb, date = ${new Date(n.date).toISOString()}::timestamptz,
          utc_offset_min = ${n.utcOffsetMin}, dedup_key = ${n.dedupKey}, srv_modified = ${stamp()}, deleted = false,
          subject = ${opts.subject}
        where patient_id = ${patientId} and id = ${row.id}`);
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
    // Entries' readings are the transaction's last writes: they go with its last statement.
    if (checked.length)
      await storeRecords(tx, patientId, 'uploaded', checked, opts.nowMs, {
        patientLocked: true,
        glucoseWritesTo: collection === 'entries' ? last : undefined,
      });
    // Temp basals and the scheduled basal between them, from the documents where they are now and
    // where they were before this write. Entries decide neither.
    if (collection !== 'entries')
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
    setTimes(out, times);
    const upload = opts.label
      ? uploadInsert({
          patientId,
          source: 'uploaded',
          receivedAt: new Date(opts.nowMs),
          stored: out.stored,
          duplicates: out.duplicates,
          rejected: out.rejected,
          times,
          label: opts.label,
        })
      : null;
    out.uploadId = upload?.id ?? null;
    if (upload) last.push(upload.insert);
    return { value: out, changed: out.stored > 0, finally: last };
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
