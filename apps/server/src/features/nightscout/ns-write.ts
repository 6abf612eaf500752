import type { SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../../platform/db/errors';
import { CredentialGoneError, credentialStillActive } from '../../access/nightscout-kept';
import type { Db } from '../../platform/db/client';
import {
  changePatientData,
  checkRecords,
  storeRecords,
  uploadInsert,
  type DataWriter,
} from '../../patient-data';
import type { Normalised } from './ns-docs';
import { storeProfileSettings } from './ns-profile';
import { refreshDerivedBasal } from './ns-scheduled';
import type { Collection } from './ns-query';
import { entryScanOf, loadEntries, namesOfNormalised } from './ns-entries.repository';
import { numberedIds, placeEntries, type LoadedEntries } from './ns-entry-write';
import { storeEntriesAtOnce } from './ns-entries-at-once';
import {
  answer,
  decide,
  setTimes,
  type Decision,
  type WriteOptions,
  type WriteOutcome,
} from './ns-write-decide';
import { prepareDocs, recordsOf, type Prepared } from './ns-write-prepare';
import {
  insertDocs,
  loadStored,
  lockPatient,
  stampsAbove,
  unmapDocs,
  updateDoc,
} from './ns-write.repository';

export type { WriteOptions, WriteOutcome } from './ns-write-decide';

/** Reads what is stored (entries: their hour rows, see ns-entry-write.ts) and decides. */
async function readAndDecide(
  tx: Db,
  patientId: string,
  collection: Collection,
  normalised: ReadonlyArray<Normalised | string>,
  good: readonly Normalised[],
  opts: WriteOptions,
): Promise<{ d: Decision; stamp: () => number; entries: LoadedEntries | null }> {
  const entries =
    collection === 'entries'
      ? await loadEntries(tx, patientId, entryScanOf(good.map(namesOfNormalised)))
      : null;
  const stored = entries?.stored ?? (await loadStored(tx, patientId, collection, good));
  const d = decide(normalised, collection, stored, opts.nowMs, entries ? numberedIds(entries) : undefined);
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
  let prepared: Prepared | undefined;
  if (collection === 'entries') {
    const fast = await storeEntriesAtOnce(ctx, patientId, inputs, opts).catch((e: unknown) => {
      // A source another write recorded in between: the transaction below does it.
      if (isUniqueViolation(e)) return null;
      throw e;
    });
    if (fast && 'out' in fast) return fast.out;
    prepared = fast?.prepared;
  }
  // A kept credential is confirmed before the transaction (the one statement confirmed it itself).
  if (opts.recheckCredential && !(await credentialStillActive(ctx.db, opts.recheckCredential)))
    throw new CredentialGoneError();
  prepared ??= prepareDocs(collection, inputs, opts.nowMs);
  const ready = prepared;
  return store(ctx, patientId, collection, () => ready, opts);
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
    for (const { row, n } of placed ? [] : updates)
      await updateDoc(tx, patientId, row.id, n, stamp(), opts.subject);
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
