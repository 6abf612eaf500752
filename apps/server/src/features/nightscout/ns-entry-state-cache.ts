import type { Db } from '../../platform/db/client';
import type { EntryHours } from '../../adapters/nightscout';
import { existingOf, type EntryScan, type LoadedEntries } from './ns-entries.repository';

// What the one-statement entry write (ns-entries-at-once.ts) last wrote of a patient, so an uploader
// posting its new readings every few minutes writes without reading first, as a device does
// (patient-data glucose-state-cache.ts): the patient's event number after that write, the newest
// srvModified and hour row of their entries, and the items of the newest hours. A batch of new
// entries then needs nothing else: its hours are either kept here or later than every stored one
// (so empty). The write is guarded by the event number, which every other writer of the patient's
// data moves on, so a state grown stale here makes the write do nothing and the caller reads afresh.

export interface EntryState {
  eventNo: number;
  /** The newest srvModified of the patient's entries. */
  maxModified: number;
  /** The newest hour with a row (null: none); every later hour is empty. */
  lastHour: number | null;
  /** The complete items of the hours kept (the newest written). */
  hours: EntryHours;
}

/** A write that went through, as EntryStateCache.put keeps it. */
export interface WrittenEntries {
  eventNo: number;
  maxModified: number;
  /** The newest hour with a row before the write (null: none). */
  lastHourBefore: number | null;
  /** The hours as written, with every item. */
  hours: EntryHours;
  /** The hours the write wrote. */
  changed: Iterable<number>;
}

/** Patients kept (least recently written first out). */
const PATIENTS = 5_000;
/** Hours kept of a write: the newest one and the one before (where the next upload continues). */
const HOURS_KEPT = 2;

export class EntryStateCache {
  private readonly states = new Map<string, EntryState>();
  /** Document numbers taken from the sequence ahead of need, for writes that read nothing. */
  private readonly seqs: number[] = [];
  /** A refill of `seqs` under way (refillWhenLow): one at a time. */
  private refilling: Promise<void> | null = null;

  constructor(private readonly capacity = PATIENTS) {}

  /**
   * The entries a batch can match, from the patient's kept state, when the batch names no `_id` or
   * identifier (those can be in any hour or collection) and every hour it falls in is kept or later
   * than the newest stored. The state is taken out (never shared by two writes) and the document
   * numbers are taken from those set aside.
   */
  take(patientId: string, scan: EntryScan): LoadedEntries | undefined {
    const state = this.states.get(patientId);
    if (!state) return undefined;
    this.states.delete(patientId);
    if (scan.ids.length || scan.keys.length || this.seqs.length < scan.count) return undefined;
    const known = (h: number) => state.hours.has(h) || state.lastHour === null || h > state.lastHour;
    if (!scan.hours.every(known)) return undefined;
    const hours: EntryHours = new Map();
    for (const h of scan.hours) {
      const items = state.hours.get(h);
      if (items) hours.set(h, items);
    }
    return {
      stored: {
        maxModified: state.maxModified,
        taken: new Set(),
        existing: [...hours.values()].flat().map(existingOf),
      },
      hours,
      seqs: this.seqs.splice(0, scan.count),
      eventNo: state.eventNo,
      lastHour: state.lastHour,
    };
  }

  /**
   * Keeps the patient's state after a write that went through: `lastHourBefore` the newest hour
   * with a row before it, `hours` the hours as written (with every item), `changed` the hours it wrote.
   */
  put(patientId: string, w: WrittenEntries): void {
    const { hours } = w;
    const written = [...w.changed].filter((h) => hours.get(h)?.length);
    const lastHour = Math.max(w.lastHourBefore ?? -Infinity, ...written);
    const kept: EntryHours = new Map();
    for (const h of written.sort((a, b) => b - a).slice(0, HOURS_KEPT)) kept.set(h, hours.get(h)!);
    this.states.delete(patientId);
    this.states.set(patientId, {
      eventNo: w.eventNo,
      maxModified: w.maxModified,
      lastHour: Number.isFinite(lastHour) ? lastHour : null,
      hours: kept,
    });
    if (this.states.size > this.capacity) this.states.delete(this.states.keys().next().value!);
  }

  /** How many document numbers to take ahead with a read of the entries (none while enough are set aside). */
  seqsWanted(): number {
    return this.seqs.length < SEQS_LOW ? SEQS_AHEAD : 0;
  }

  /** Document numbers taken ahead. */
  addSeqs(seqs: readonly number[]): void {
    this.seqs.push(...seqs);
  }

  /**
   * Takes numbers ahead, beside the writes, when fewer than SEQS_LOW are left: an uploader's
   * batches then keep finding enough here, instead of every few batches reading its entries again
   * only to take numbers (that read took 3–4 ms of a 1,000-entry write). A failed refill is left
   * to the next write's read, which takes numbers as it always did.
   */
  refillWhenLow(take: (count: number) => Promise<readonly number[]>): void {
    if (this.refilling || this.seqs.length >= SEQS_LOW) return;
    this.refilling = take(SEQS_AHEAD)
      .then((seqs) => this.addSeqs(seqs))
      .catch(() => undefined)
      .finally(() => (this.refilling = null));
  }

  /** The refill under way, if any (tests wait for it). */
  get refill(): Promise<void> | null {
    return this.refilling;
  }

  get size(): number {
    return this.states.size;
  }
}

/**
 * Numbers taken ahead with a read of the entries when fewer than SEQS_LOW are left (enough for the
 * largest usual batch, 1,000 entries); taking 3,000 costs the read about a millisecond.
 */
const SEQS_AHEAD = 3_000;
const SEQS_LOW = 2_000;

const caches = new WeakMap<Db, EntryStateCache>();

/** The cache of one database handle (one per server process, one per test database). */
export function entryStateCacheOf(db: Db): EntryStateCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new EntryStateCache()));
  return cache;
}
