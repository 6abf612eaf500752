import type { SQL } from 'drizzle-orm';

/**
 * The live bus (DESIGN.md): tells waiting long polls that a patient has new data. `eventNo` grows
 * with every durable batch of a patient (it is the batch's commit time in ms, so it is meaningful
 * across processes and restarts without a counter of its own).
 */
/** 'data': new readings are durable. 'access': who may see the patient changed (a follower was
 *  removed or stopped following), so waiting polls re-check their consent at once, or which of the
 *  patient's data counts changed (data options), so the follower alerts look again. */
export type LiveKind = 'data' | 'access';

/**
 * What a 'data' event changed, when that was sensor readings alone (a device's upload of
 * readings): the readings of `source` in [from, to] (epoch ms), on top of the data as it was at
 * event number `previous`. A waiting follower that had seen exactly `previous` is answered with
 * those readings and needs nothing else; without a change, a follower reads the patient's status
 * again.
 */
export interface LiveChange {
  previous: number;
  from: number;
  to: number;
  source: 'realtime' | 'uploaded';
}
export type LiveListener = (eventNo: number, kind: LiveKind, change?: LiveChange) => void;
/**
 * What the writer learnt in its own statement, for this process's listeners of every patient:
 * `alertsWatched` — whether anyone is to be alerted about the patient (patient-data
 * alertsWatchedSql); undefined when the write did not ask (the listener asks for itself).
 */
export interface WriteFacts {
  alertsWatched?: boolean;
}
type EveryPatientListener = (
  patientId: string,
  eventNo: number,
  kind: LiveKind,
  change?: LiveChange,
  facts?: WriteFacts,
) => void;

export interface LiveBus {
  /**
   * Tells this process's followers (and, unless `othersTold`, the other processes') that the
   * patient's data changed at `eventNo`.
   */
  publish(
    patientId: string,
    eventNo: number,
    kind?: LiveKind,
    opts?: { othersTold?: boolean; change?: LiveChange; facts?: WriteFacts },
  ): void;
  /**
   * An SQL expression that tells the other processes of a change when the statement that takes
   * the event number commits (`eventNo`: that number's column), so a one-statement write needs no
   * statement of its own for it; then publish with `othersTold`. Null when there are no others.
   */
  tellOthersSql?(patientId: string, eventNo: SQL, change?: LiveChange): SQL | null;
  /** Calls `listener` for each later publish for this patient; returns the unsubscribe. */
  subscribe(patientId: string, listener: LiveListener): () => void;
  /**
   * Calls `listener` for every publish of every patient (the follower alerts evaluate each change);
   * returns the unsubscribe.
   */
  subscribeAll(listener: EveryPatientListener): () => void;
  /** Latest eventNo this process has seen for the patient (0 when none since start). */
  latest(patientId: string): number;
  /** Records an eventNo read from the database, so later polls need not read it again. */
  remember(patientId: string, eventNo: number): void;
  stats(): { patients: number; listeners: number; published: number; transport: string; peers?: number };
  close(): Promise<void>;
}

/**
 * In-process bus: a map from patient to a set of listeners. Delivery is synchronous, so a follower
 * waiting in a long poll is answered in the same tick as the ingest commits. Used alone with the
 * embedded database, and as the local half of the PostgreSQL bus.
 */
export function createLocalBus(): LiveBus & {
  deliver(patientId: string, eventNo: number, kind: LiveKind, change?: LiveChange): void;
} {
  const listeners = new Map<string, Set<LiveListener>>();
  const everyPatient = new Set<EveryPatientListener>();
  const latest = new Map<string, number>();
  let published = 0;
  let listenerCount = 0;

  const note = (patientId: string, eventNo: number, kind: LiveKind) => {
    if (kind === 'data' && (latest.get(patientId) ?? 0) < eventNo) latest.set(patientId, eventNo);
  };
  const fanOut = (
    patientId: string,
    eventNo: number,
    kind: LiveKind,
    change?: LiveChange,
    facts?: WriteFacts,
  ) => {
    for (const listener of [...everyPatient]) listener(patientId, eventNo, kind, change, facts);
    const set = listeners.get(patientId);
    if (!set) return;
    for (const listener of [...set]) listener(eventNo, kind, change);
  };
  const deliver = (patientId: string, eventNo: number, kind: LiveKind, change?: LiveChange) => {
    note(patientId, eventNo, kind);
    fanOut(patientId, eventNo, kind, change);
  };

  return {
    deliver,
    publish(patientId, eventNo, kind = 'data', opts) {
      published++;
      // A poll that starts now sees the number at once; the waiting ones are woken after the
      // current turn, so the writer's answer goes out first and fanning out to however many
      // followers never holds up the device's POST.
      note(patientId, eventNo, kind);
      setImmediate(() => fanOut(patientId, eventNo, kind, opts?.change, opts?.facts));
    },
    subscribe(patientId, listener) {
      let set = listeners.get(patientId);
      if (!set) listeners.set(patientId, (set = new Set()));
      set.add(listener);
      listenerCount++;
      return () => {
        if (set.delete(listener)) listenerCount--;
        if (set.size === 0) listeners.delete(patientId);
      };
    },
    subscribeAll(listener) {
      everyPatient.add(listener);
      return () => {
        everyPatient.delete(listener);
      };
    },
    latest: (patientId) => latest.get(patientId) ?? 0,
    remember(patientId, eventNo) {
      if ((latest.get(patientId) ?? 0) < eventNo) latest.set(patientId, eventNo);
    },
    stats: () => ({ patients: listeners.size, listeners: listenerCount, published, transport: 'in-process' }),
    close: async () => {
      listeners.clear();
      everyPatient.clear();
    },
  };
}
