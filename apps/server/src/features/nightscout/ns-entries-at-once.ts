import type { SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import {
  appendGlucoseOnce,
  checkRecords,
  EVENT_GUARD,
  glucoseStateOf,
  type DataWriter,
} from '../../patient-data';
import { entryScanOf, loadEntries, scanCovers } from './ns-entries.repository';
import { entryStateCacheOf } from './ns-entry-state-cache';
import { numberedIds, placeEntries } from './ns-entry-write';
import { entryNamesOf } from './ns-docs';
import { prepareDocs, recordsOf, type Prepared } from './ns-write-prepare';
import { answer, decide, setTimes, type WriteOptions, type WriteOutcome } from './ns-write-decide';
import { stampsAbove } from './ns-write.repository';
import { credentialActiveSql } from '../../access/nightscout-kept';

type SgRecord = Extract<DeviceRecord, { type: 'sg' }>;
const DAY_MS = 86_400_000;

/**
 * New sensor entries (an uploader's usual batch) without a transaction, as a device's readings
 * are written (patient-data glucose-append.ts): one statement reads the batch's entry hours with
 * the patient's event number, the decision and the answers are made here, and one statement
 * writes the entry hours, the readings, their counts and the upload row, only if the patient's
 * data is still at that number. Having written nothing, it answers the batch normalised when the
 * batch changes stored entries, holds anything but sensor readings, or another write came in
 * between: the transaction (store) then does it.
 */
export async function storeEntriesAtOnce(
  ctx: DataWriter,
  patientId: string,
  inputs: readonly unknown[],
  opts: WriteOptions,
): Promise<{ out: WriteOutcome } | { prepared: Prepared }> {
  // The entry hours and the readings' state are read side by side (two connections) while the
  // batch is normalised here: what to read is known from each input's time and the keys its client
  // named (entryNamesOf, normalise's own rules). Both reads carry the patient's event number, and
  // the write goes through only if the data is still at the one the entries were read at.
  const names = inputs.map(entryNamesOf);
  const scan = entryScanOf(names);
  const days = [...new Set(names.flatMap((n) => (n?.date != null ? [Math.floor(n.date / DAY_MS)] : [])))];
  // An uploader's next batch usually needs no read of its entries: the state its last write left
  // is kept (ns-entry-state-cache.ts), and the write is guarded by the event number it was at.
  const cache = entryStateCacheOf(ctx.db);
  const kept = cache.take(patientId, scan);
  const reads = Promise.all([
    kept ?? loadEntries(ctx.db, patientId, scan, cache.seqsWanted()),
    glucoseStateOf(ctx.db, patientId, days),
  ]);
  reads.catch(() => undefined); // awaited below, after the normalising that may throw first
  // The pool hands the reads their connections on the next tick: they go out before the
  // normalising holds this thread, not after it.
  await new Promise((resolve) => process.nextTick(resolve));
  const prepared = prepareDocs('entries', inputs, opts.nowMs);
  const [entries, state] = await reads;
  if (!kept) cache.addSeqs(entries.seqs.splice(scan.count));
  if (!scanCovers(scan, prepared.good)) return { prepared };
  const { normalised } = prepared;
  const d = decide(normalised, 'entries', entries.stored, opts.nowMs, numberedIds(entries));
  if (d.updates.length) return { prepared };
  let maxModified = Number(entries.stored.maxModified ?? 0);
  const stamps = stampsAbove(entries.stored.maxModified, opts.nowMs);
  const stamp = () => (maxModified = stamps());
  const placed = placeEntries(entries, d.inserts, [], stamp, opts.subject, patientId, EVENT_GUARD);
  const { records, madeFrom } = recordsOf(
    'entries',
    d.inserts.map((i) => i.n),
  );
  // Each record takes its entry's document number before the check (which makes it anew, checked):
  // one object less per reading than numbering the checked ones.
  records.forEach((r, k) => (r.seq = placed.seqOf.get(d.inserts[madeFrom[k]!]!.id) ?? NaN));
  const { valid } = checkRecords(records, opts.nowMs);
  const readings: SgRecord[] = [];
  for (const { record } of valid) {
    if (record.type !== 'sg') return { prepared };
    readings.push(record);
  }
  const { out } = d;
  out.stored = d.inserts.length;
  const times = d.inserts.map((i) => i.n.date);
  setTimes(out, times);
  const receivedAt = new Date(opts.nowMs);
  const writing = appendGlucoseOnce(
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
      ...(opts.recheckCredential ? { alsoWhen: credentialActiveSql(opts.recheckCredential) } : {}),
      state,
      tellOthers: ctx.bus.tellOthersSql
        ? (eventNo: SQL) => ctx.bus.tellOthersSql!(patientId, eventNo)
        : undefined,
    },
    ctx.clock.now().getTime(),
  );
  writing.catch(() => undefined); // awaited below
  // While the database writes, the answer is serialised (its documents are final): a turn of the
  // event loop first, so the statement has gone out.
  await new Promise((resolve) => setImmediate(resolve));
  // The answers read the new entries' made identifiers: hashed here, while the database writes.
  out.docs = d.answers.map((a) => ('error' in a ? a : answer(a[0], a[1], a[2])));
  out.docsJson = JSON.stringify(out.docs);
  const written = await writing;
  if (!written) return { prepared };
  if (written.eventNo !== null)
    cache.put(patientId, {
      eventNo: written.eventNo,
      maxModified,
      lastHourBefore: entries.lastHour,
      hours: entries.hours,
      changed: placed.changed,
    });
  out.uploadId = written.uploadId;
  if (written.eventNo !== null)
    ctx.bus.publish(patientId, written.eventNo, 'data', {
      othersTold: written.othersTold,
      facts: { alertsWatched: written.alertsWatched },
    });
  return { out };
}
