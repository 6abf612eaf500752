import type { Db } from '../platform/db/client';

// What the one-statement glucose write (glucose-append.ts) last read or wrote of a patient: their
// sources, the packed hour blocks of the day(s) it touched, and the event number they were at.
// A device uploading one reading every few minutes then writes with one statement instead of two:
// the write is guarded by that event number (data-events.ts eventGuardCte), and every other writer
// of the patient's data moves the number on (lockPatientData, removeGlucose, the transaction
// writers), so a state grown stale here makes the guarded write do nothing and the caller reads
// afresh. Nothing here is ever trusted without that guard.

export interface SourceRow {
  serial: string;
  class: number;
  slot: number;
  no: number;
}

export interface GlucoseState {
  /** The event number the patient's data was at (never null once a write went through). */
  eventNo: number;
  sources: SourceRow[];
  /** The UTC days whose hour blocks are all here (an absent hour has no readings). */
  days: readonly number[];
  /** hour → packed block. */
  packed: Map<number, Uint8Array>;
}

/** Patients kept (least recently written first out): a day of 2-minute readings packs to ~4 KiB. */
export const GLUCOSE_STATE_PATIENTS = 5_000;
/** A state is kept only for uploads touching at most this many days (the live case), not imports. */
export const GLUCOSE_STATE_MAX_DAYS = 2;

export class GlucoseStateCache {
  private readonly states = new Map<string, GlucoseState>();

  constructor(private readonly capacity = GLUCOSE_STATE_PATIENTS) {}

  /**
   * Takes the patient's state out when it holds every one of `days` (a second upload of the same
   * patient meanwhile then reads for itself: the state is never shared by two writes).
   */
  take(patientId: string, days: readonly number[]): GlucoseState | undefined {
    const state = this.states.get(patientId);
    if (!state) return undefined;
    this.states.delete(patientId);
    return days.every((d) => state.days.includes(d)) ? state : undefined;
  }

  put(patientId: string, state: GlucoseState): void {
    if (state.days.length > GLUCOSE_STATE_MAX_DAYS) return;
    this.states.delete(patientId);
    this.states.set(patientId, state);
    if (this.states.size > this.capacity) this.states.delete(this.states.keys().next().value!);
  }

  get size(): number {
    return this.states.size;
  }
}

const caches = new WeakMap<Db, GlucoseStateCache>();

/** The cache of one database handle (one per server process, one per test database). */
export function glucoseStateCacheOf(db: Db): GlucoseStateCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new GlucoseStateCache()));
  return cache;
}
