import type { SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import { checkRecords } from '../../patient-data';
import { entryHoursWrites, type EntryHours } from '../../adapters/nightscout';
import type { Doc } from './ns-docs';
import type { LoadedEntries } from './ns-entries.repository';
import { numberedIds, placeEntries } from './ns-entry-write';
import { uuidV7TimeOf } from './ns-identifier-index';
import { toRecords } from './ns-map';
import { plainAnswer, PlainEntryItem, plainHourOf, type PlainEntry } from './ns-plain-batch';
import { recordsOf, type Prepared } from './ns-write-prepare';
import {
  answer,
  decide,
  newOutcome,
  setTimes,
  type WriteOptions,
  type WriteOutcome,
} from './ns-write-decide';
import { stampsAbove } from './ns-write.repository';

// What the one-statement write of new entries (ns-entries-at-once.ts) writes and answers, planned
// from what is stored: by the general path (normalise, decide, placeEntries) or, for a batch of
// plain sensor readings (ns-plain-batch.ts), straight from the inputs. Pure: the caller writes.
// Either answers null when the batch is not for one statement (a stored entry changes, or
// something other than sensor readings would be written): the transaction does it then.

type SgRecord = Extract<DeviceRecord, { type: 'sg' }>;

export interface EntriesPlan {
  /** The outcome, but for `docs` (see answers). */
  out: WriteOutcome;
  /** The entry hours' statements (parts of the one statement). */
  writes: SQL[];
  /** The hours written. */
  changed: Set<number>;
  /** The entries' hours with the new entries placed (kept for the uploader's next batch). */
  hours: EntryHours;
  readings: SgRecord[];
  /** The new entries' times (the upload row's). */
  times: number[];
  /** The newest srvModified after the write. */
  maxModified: number;
  /** The answers in input order, made while the database writes. */
  answers: () => Doc[];
}

/** The sensor readings among checked records; null when there is anything else. */
function readingsOf(records: readonly DeviceRecord[], nowMs: number): SgRecord[] | null {
  const readings: SgRecord[] = [];
  for (const { record } of checkRecords(records, nowMs).valid) {
    if (record.type !== 'sg') return null;
    readings.push(record);
  }
  return readings;
}

/** The general path: every input normalised, decided and placed. */
export function planGeneral(
  prepared: Prepared,
  entries: LoadedEntries,
  opts: WriteOptions,
  patientId: string,
  guard: SQL,
): EntriesPlan | null {
  const d = decide(prepared.normalised, 'entries', entries.stored, opts.nowMs, numberedIds(entries));
  if (d.updates.length) return null;
  let maxModified = Number(entries.stored.maxModified ?? 0);
  const stamps = stampsAbove(entries.stored.maxModified, opts.nowMs);
  const stamp = () => (maxModified = stamps());
  const placed = placeEntries(entries, d.inserts, [], stamp, opts.subject, patientId, guard);
  const { records, madeFrom } = recordsOf(
    'entries',
    d.inserts.map((i) => i.n),
  );
  // Each record takes its entry's document number before the check (which makes it anew, checked):
  // one object less per reading than numbering the checked ones.
  records.forEach((r, k) => (r.seq = placed.seqOf.get(d.inserts[madeFrom[k]!]!.id) ?? NaN));
  const readings = readingsOf(records, opts.nowMs);
  if (!readings) return null;
  const { out } = d;
  out.stored = d.inserts.length;
  const times = d.inserts.map((i) => i.n.date);
  setTimes(out, times);
  return {
    out,
    times,
    writes: placed.writes,
    changed: placed.changed,
    hours: entries.hours,
    readings,
    maxModified,
    // The answers read the new entries' made identifiers: hashed here, while the database writes.
    answers: () => d.answers.map((a) => ('error' in a ? a : answer(a[0], a[1], a[2]))),
  };
}

/**
 * A batch of plain sensor readings (plainBatchOf), every one new: none shares its time with a
 * stored entry, nor with the time a stored identifier carries (decide would match it), and each has
 * its document number. Then each is placed as the general path places it, and null otherwise.
 */
export function planPlain(
  batch: readonly PlainEntry[],
  inputs: readonly unknown[],
  entries: LoadedEntries,
  opts: WriteOptions,
  patientId: string,
  guard: SQL,
): EntriesPlan | null {
  const batchTimes = new Set(batch.map((e) => e.t));
  for (const e of entries.stored.existing) {
    if (batchTimes.has(Number(e.date))) return null;
    const carried = uuidV7TimeOf(e.identifier);
    if (carried !== null && batchTimes.has(carried)) return null;
  }
  const { seqs, hours } = entries;
  for (let k = 0; k < batch.length; k++) {
    const seq = seqs[k];
    if (seq === undefined || !Number.isSafeInteger(seq) || seq < 0) return null;
  }
  // Nothing is placed before here: a batch the plain path leaves goes the general path intact.
  let maxModified = Number(entries.stored.maxModified ?? 0);
  const stamps = stampsAbove(entries.stored.maxModified, opts.nowMs);
  const changed = new Set<number>();
  const items: PlainEntryItem[] = [];
  const records: DeviceRecord[] = [];
  batch.forEach((e, k) => {
    const seq = seqs[k]!;
    const item = new PlainEntryItem(e.t, e.off, seq, (maxModified = stamps()), opts.subject, e.doc);
    items.push(item);
    const hour = plainHourOf(e);
    const list = hours.get(hour);
    if (list) list.push(item);
    else hours.set(hour, [item]);
    changed.add(hour);
    for (const r of toRecords('entries', inputs[k] as Doc, seq, e.t, e.off)) records.push(r);
  });
  // Entries of type sgv make sensor readings only: readingsOf answers them all.
  const readings = readingsOf(records, opts.nowMs) ?? [];
  const out = newOutcome();
  out.outcomes = batch.map(() => 'created');
  out.stored = batch.length;
  const times = batch.map((e) => e.t);
  setTimes(out, times);
  return {
    out,
    times,
    writes: entryHoursWrites(patientId, hours, changed, guard),
    changed,
    hours,
    readings,
    maxModified,
    answers: () => batch.map((e, k) => plainAnswer(inputs[k] as Doc, e, items[k]!.id, items[k]!.ident)),
  };
}
