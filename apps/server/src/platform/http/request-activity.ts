import type { FastifyInstance } from 'fastify';

// Work in the background that shares the embedded database with the requests (the demo filling in
// on the first start) must let requests go first: the database runs one statement at a time on the
// server's thread, so a request whose statements each waited behind a part of that work took as
// many parts as it had statements (a sign-in: 4 s). Between its parts, background work waits here
// until the requests that are working are done.

/** A request this long in flight is waiting (a follower's long poll), not working: it holds nothing up. */
export const WORKING_MS = 1_000;
/** Background work waits at most this long, so a steady stream of requests cannot stop it for good. */
export const MAX_WAIT_MS = 1_000;
const POLL_MS = 5;

export interface RequestActivity {
  /** Resolves when no request has been working for less than WORKING_MS, or after MAX_WAIT_MS. */
  quiet(): Promise<void>;
}

export function trackRequestActivity(app: FastifyInstance, now: () => number = Date.now): RequestActivity {
  const started = new Map<object, number>();
  app.addHook('onRequest', async (req) => {
    started.set(req, now());
  });
  const done = async (req: object) => {
    started.delete(req);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  const working = () => {
    const t = now();
    for (const at of started.values()) if (t - at < WORKING_MS) return true;
    return false;
  };
  return {
    quiet: async () => {
      const until = now() + MAX_WAIT_MS;
      // One turn of the event loop first: answers ready to go out go before the next part.
      await new Promise((resolve) => setImmediate(resolve));
      while (working() && now() < until) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    },
  };
}
