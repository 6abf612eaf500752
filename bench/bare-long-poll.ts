// The live benchmark's bare baseline: a plain node:http server in the benchmark's process that
// holds each follower's long poll (the same request the worker sends) and answers every poll of a
// patient when that patient's trigger arrives. No authentication, consent, database or bus: what
// the machine's sockets and event loop cost alone, measured with the same clients in the same run.
import { createServer, type ServerResponse } from 'node:http';

export interface BareLongPoll {
  port: number;
  waiting(): number;
  /** Answers the waiting polls of a patient (as a device's reading would). */
  trigger(patientId: string): void;
  close(): Promise<void>;
}

export async function startBareLongPoll(): Promise<BareLongPoll> {
  const waiting = new Map<string, Set<ServerResponse>>();
  let count = 0;
  let eventNo = Date.now();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { uids } = JSON.parse(body) as { uids: string[] };
      const uid = uids[0]!;
      let set = waiting.get(uid);
      if (!set) waiting.set(uid, (set = new Set()));
      set.add(res);
      count++;
      res.on('close', () => {
        if (set.delete(res)) count--;
      });
    });
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 8192, resolve));
  return {
    port: (server.address() as { port: number }).port,
    waiting: () => count,
    trigger(patientId) {
      const set = waiting.get(patientId);
      if (!set) return;
      waiting.delete(patientId);
      const text = JSON.stringify({ error: 0, eventNo: ++eventNo, data: [{ uid: patientId, eventNo }] });
      for (const res of set) {
        count--;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      }
      set.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
