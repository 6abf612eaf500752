import type { FastifyReply } from 'fastify';
import { ErrorCode, errorInfo } from '@cgm/domain';
import type { MonitorGlucoseChange } from '@cgm/contract';
import type { LiveBus, LiveChange } from '../../platform/bus/live-bus';

interface Waiter {
  reply: FastifyReply;
  uids: readonly string[];
  eventNo: number;
  timer: NodeJS.Timeout;
  /** Re-checks consent for one patient (on an 'access' event). */
  mayRead: (uid: string) => Promise<boolean>;
}

/**
 * Long polls waiting for new data, grouped by patient (spec §4 live monitor). When a patient's data
 * arrives, the answer is serialised once and written straight to every waiting follower's socket:
 * a fan-out to thousands of followers costs one write each, not one trip through the framework.
 * One bus subscription per patient with waiters, not one per waiter.
 */
export function createWaitingRoom(
  bus: LiveBus,
  describe?: (uid: string, change: LiveChange) => Promise<MonitorGlucoseChange>,
) {
  const byPatient = new Map<string, { waiters: Set<Waiter>; off: () => void }>();
  let waiting = 0;

  const finish = (w: Waiter, status: number, body: string | Buffer) => {
    if (!remove(w)) return;
    const res = w.reply.raw;
    if (res.writableEnded || res.destroyed) return;
    // A JSON reply to a script: the page-level security headers (CSP, frame options) do not apply;
    // no caching and no sniffing do. Few headers keep a fan-out to thousands of sockets cheap.
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };

  const remove = (w: Waiter): boolean => {
    let found = false;
    clearTimeout(w.timer);
    for (const uid of w.uids) {
      const entry = byPatient.get(uid);
      if (!entry?.waiters.delete(w)) continue;
      found = true;
      if (entry.waiters.size === 0) {
        entry.off();
        byPatient.delete(uid);
      }
    }
    if (found) waiting--;
    return found;
  };

  const onEvent = (uid: string, eventNo: number, kind: 'data' | 'access', change?: LiveChange) => {
    const entry = byPatient.get(uid);
    if (!entry) return;
    if (kind === 'access') {
      for (const w of [...entry.waiters]) {
        void w.mayRead(uid).then(
          (ok) => ok || finish(w, 403, FORBIDDEN),
          () => finish(w, 403, FORBIDDEN),
        );
      }
      return;
    }
    // Everyone waiting on this patient with an older eventNo gets the same bytes: those that had
    // seen the data just before a change of readings alone get the readings (read once for all of
    // them), the others only the number, and call for the status again.
    const due = [...entry.waiters].filter((w) => w.eventNo < eventNo);
    if (!due.length) return;
    const answer = (glucose?: MonitorGlucoseChange) =>
      Buffer.from(
        JSON.stringify({ error: 0, eventNo, data: [{ uid, eventNo, ...(glucose && { glucose }) }] }),
      );
    const plain = answer();
    const current: Waiter[] = [];
    for (const w of due) {
      if (change && describe && w.eventNo === change.previous) current.push(w);
      else finish(w, 200, plain);
    }
    if (!current.length) return;
    describe!(uid, change!).then(
      (glucose) => {
        const body = answer(glucose);
        for (const w of current) finish(w, 200, body);
      },
      () => {
        for (const w of current) finish(w, 200, plain);
      },
    );
  };

  return {
    /** Takes over the reply (Fastify no longer sends it) and answers on data, access change, timeout or close. */
    add(
      reply: FastifyReply,
      uids: readonly string[],
      eventNo: number,
      timeoutMs: number,
      mayRead: Waiter['mayRead'],
    ) {
      reply.hijack();
      // The client may have gone while its access was checked (a database round trip): that
      // socket's 'close' has fired already and would never remove it, so it does not join.
      if (reply.raw.destroyed || reply.raw.socket?.destroyed) return;
      const w: Waiter = { reply, uids, eventNo, mayRead, timer: undefined as unknown as NodeJS.Timeout };
      w.timer = setTimeout(() => finish(w, 200, JSON.stringify({ error: 0, eventNo, data: [] })), timeoutMs);
      reply.raw.once('close', () => remove(w));
      for (const uid of uids) {
        let entry = byPatient.get(uid);
        if (!entry) {
          const off = bus.subscribe(uid, (n, kind, change) => onEvent(uid, n, kind, change));
          byPatient.set(uid, (entry = { waiters: new Set(), off }));
        }
        entry.waiters.add(w);
      }
      waiting++;
    },
    stats: () => ({ waiting, patients: byPatient.size }),
    /** Ends every waiting poll with an empty answer (server shutdown). */
    closeAll() {
      for (const entry of [...byPatient.values()]) {
        for (const w of [...entry.waiters])
          finish(w, 200, JSON.stringify({ error: 0, eventNo: w.eventNo, data: [] }));
      }
    },
  };
}

const FORBIDDEN = JSON.stringify({
  error: ErrorCode.FORBIDDEN,
  message: errorInfo(ErrorCode.FORBIDDEN).messageKey,
});

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;
