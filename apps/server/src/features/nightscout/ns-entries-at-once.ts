import type { SQL } from 'drizzle-orm';
import { appendGlucoseOnce, EVENT_GUARD, glucoseStateOf, type DataWriter } from '../../patient-data';
import { entryScanOf, loadEntries, scanCovers, takeSeqs } from './ns-entries.repository';
import { planGeneral, planPlain } from './ns-entries-plan';
import { entryStateCacheOf } from './ns-entry-state-cache';
import { entryNamesOf } from './ns-docs';
import { plainBatchOf, plainScanOf } from './ns-plain-batch';
import { prepareDocs, type Prepared } from './ns-write-prepare';
import type { WriteOptions, WriteOutcome } from './ns-write-decide';
import { credentialActiveSql } from '../../access/nightscout-kept';

const DAY_MS = 86_400_000;

/**
 * New sensor entries (an uploader's usual batch) without a transaction, as a device's readings
 * are written (patient-data glucose-append.ts): one statement reads the batch's entry hours with
 * the patient's event number, the decision and the answers are made here (ns-entries-plan.ts), and one statement
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
  // the write goes through only if the data is still at the one the entries were read at. A batch
  // of plain sensor readings (ns-plain-batch.ts) is read in one pass, before the reads go out.
  const plain = plainBatchOf(inputs);
  const names = plain ? null : inputs.map(entryNamesOf);
  const scan = names ? entryScanOf(names) : plainScanOf(plain!);
  const times = names ? names.flatMap((n) => (n?.date != null ? [n.date] : [])) : plain!.map((e) => e.t);
  const days = [...new Set(times.map((t) => Math.floor(t / DAY_MS)))];
  // An uploader's next batch usually needs no read of its entries: the state its last write left
  // is kept (ns-entry-state-cache.ts), and the write is guarded by the event number it was at.
  const cache = entryStateCacheOf(ctx.db);
  const kept = cache.take(patientId, scan);
  const entriesRead = kept ? null : loadEntries(ctx.db, patientId, scan, cache.seqsWanted());
  const stateRead = glucoseStateOf(ctx.db, patientId, days);
  // Awaited below, after the normalising that may throw first.
  entriesRead?.catch(() => undefined);
  stateRead.catch(() => undefined);
  // The pool hands the reads their connections on the next tick: they go out before the
  // normalising holds this thread, not after it.
  await new Promise((resolve) => process.nextTick(resolve));
  let prepared = plain ? null : prepareDocs('entries', inputs, opts.nowMs);
  // Entries kept need no read: the batch is planned while the readings' state is read.
  const entries = kept ?? (await entriesRead!);
  if (!kept) cache.addSeqs(entries.seqs.splice(scan.count));
  let plan = plain && planPlain(plain, inputs, entries, opts, patientId, EVENT_GUARD);
  if (!plan) {
    prepared ??= prepareDocs('entries', inputs, opts.nowMs);
    if (!scanCovers(scan, prepared.good)) return { prepared };
    plan = planGeneral(prepared, entries, opts, patientId, EVENT_GUARD);
    if (!plan) return { prepared };
  }
  const state = await stateRead;
  const { out, readings } = plan;
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
        ? {
            patientId,
            source: 'uploaded',
            receivedAt,
            rejected: out.rejected,
            times: plan.times,
            label: opts.label,
          }
        : null,
      uploadCounts: { stored: out.stored, duplicates: out.duplicates },
      alsoWrite: { parts: plan.writes, expectEventNo: entries.eventNo },
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
  out.docs = plan.answers();
  out.docsJson = JSON.stringify(out.docs);
  const written = await writing;
  if (!written) return { prepared: prepared ?? prepareDocs('entries', inputs, opts.nowMs) };
  if (written.eventNo !== null) {
    cache.put(patientId, {
      eventNo: written.eventNo,
      maxModified: plan.maxModified,
      lastHourBefore: entries.lastHour,
      hours: plan.hours,
      changed: plan.changed,
    });
    // Numbers for the next batches are taken once this one is answered: not in its way (with the
    // embedded database, which runs one statement at a time, a refill held up the write).
    setImmediate(() => cache.refillWhenLow((count) => takeSeqs(ctx.db, count)));
  }
  out.uploadId = written.uploadId;
  if (written.eventNo !== null)
    ctx.bus.publish(patientId, written.eventNo, 'data', {
      othersTold: written.othersTold,
      facts: { alertsWatched: written.alertsWatched },
    });
  return { out };
}
