import pg from 'pg';
import type { Db } from '../src/platform/db/client';

/**
 * The database, with `after` called once each statement sent through it has answered: every
 * statement goes through the session's prepareQuery (db.execute, query builders) or, sent straight
 * to node-postgres (platform/db/prepared.ts executePrepared), through the session's client. Tests
 * count statements with it, or run another write between two of them.
 */
export function watchedDb(db: Db, after: () => Promise<unknown> | void): Db {
  const session = new Proxy((db as unknown as { session: object }).session, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      // node-postgres only: PGlite's statements all go through prepareQuery.
      if (key === 'client' && (value instanceof pg.Pool || value instanceof pg.Client))
        return watchedClient(value, after);
      if (key !== 'prepareQuery' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const prepared = (
          value as (...a: unknown[]) => { execute: (...a: unknown[]) => Promise<unknown> }
        ).apply(target, args);
        const execute = prepared.execute.bind(prepared);
        prepared.execute = async (...a: unknown[]) => {
          const out = await execute(...a);
          await after();
          return out;
        };
        return prepared;
      };
    },
  });
  return new Proxy(db, {
    get: (target, key, receiver) => (key === 'session' ? session : Reflect.get(target, key, receiver)),
  });
}

/** The driver's client (a pool or a connection; still an instance of its class), its queries watched. */
function watchedClient(client: object, after: () => Promise<unknown> | void): object {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'query' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        await after();
        return out;
      };
    },
  });
}

/** The database, running `between` once the first statement sent through it has answered. */
export function interleavedDb(db: Db, between: () => Promise<unknown>): Db {
  let calls = 0;
  return watchedDb(db, async () => {
    if (++calls === 1) await between();
  });
}
