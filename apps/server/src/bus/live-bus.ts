/**
 * The live bus (DESIGN.md): tells waiting long polls that a patient has new data. `eventNo` grows
 * with every durable batch of a patient (it is the batch's commit time in ms, so it is meaningful
 * across processes and restarts without a counter of its own).
 */
export interface LiveBus {
  publish(patientId: string, eventNo: number): void;
  /** Calls `listener` for each later publish for this patient; returns the unsubscribe. */
  subscribe(patientId: string, listener: (eventNo: number) => void): () => void;
  /** Latest eventNo this process has seen for the patient (0 when none since start). */
  latest(patientId: string): number;
  stats(): { patients: number; listeners: number; published: number; transport: string };
  close(): Promise<void>;
}

/**
 * In-process bus: a map from patient to a set of listeners. Delivery is synchronous, so a follower
 * waiting in a long poll is answered in the same tick as the ingest commits. Used alone with the
 * embedded database, and as the local half of the PostgreSQL bus.
 */
export function createLocalBus(): LiveBus & { deliver(patientId: string, eventNo: number): void } {
  const listeners = new Map<string, Set<(eventNo: number) => void>>();
  const latest = new Map<string, number>();
  let published = 0;
  let listenerCount = 0;

  const deliver = (patientId: string, eventNo: number) => {
    if ((latest.get(patientId) ?? 0) < eventNo) latest.set(patientId, eventNo);
    const set = listeners.get(patientId);
    if (!set) return;
    for (const listener of [...set]) listener(eventNo);
  };

  return {
    deliver,
    publish(patientId, eventNo) {
      published++;
      deliver(patientId, eventNo);
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
    latest: (patientId) => latest.get(patientId) ?? 0,
    stats: () => ({ patients: listeners.size, listeners: listenerCount, published, transport: 'in-process' }),
    close: async () => {
      listeners.clear();
    },
  };
}
