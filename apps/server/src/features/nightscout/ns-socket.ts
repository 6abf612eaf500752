import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../../platform/context';
import {
  authorizeNightscoutSocket,
  readableCollections,
  socketStillAuthorized,
} from '../../access/nightscout-socket';
import type { GivenCredential, NsPrincipal } from '../../access/nightscout-principal';
import { presentDoc } from '../../adapters/nightscout';
import { historyDocs, lastModified, type StoredDoc } from './ns-documents.repository';
import { COLLECTIONS, type Collection } from './ns-query';
import { v1Snapshot, v1Delta } from './ns-socket-data';

// Nightscout's socket.io channel (lib/server/websocket.js, lib/api3/storageSocket.js and
// alarmSocket.js): the root namespace's `authorize` and `dataUpdate` for v1 clients (AndroidAPS
// NSClient, LoopFollow, the Nightscout web page), `/storage` with `subscribe {accessToken,
// collections}` for v3 clients (AndroidAPS NSClientV3), `/alarm` for alarm subscribers.
//
// Changes reach a socket through the live bus (DESIGN.md): whichever server process stored an
// upload publishes on it, every process reads what changed from the database since the last push
// of each of its sockets (v3 history by srvModified), so it works across several processes. A
// socket's access is checked again before every push (access/nightscout-socket.ts). A token is tried
// as a JWT or an OAuth access token (then only the collections of its scopes) and as an access token.

const V1_COLLECTIONS: readonly Collection[] = ['entries', 'treatments', 'devicestatus', 'profile'];
const PAGE = 1000;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
/** Failed subscriptions a socket may make before it is closed (no guessing credentials on one socket). */
const MAX_FAILURES = 5;

/** Answers a refused subscription; the socket is closed once it has failed too often. */
function refuse(socket: Socket, reply: (v: unknown) => unknown, message: string) {
  const failures = ((socket.data as { failures?: number }).failures ?? 0) + 1;
  (socket.data as { failures?: number }).failures = failures;
  reply({ success: false, message });
  if (failures >= MAX_FAILURES) socket.disconnect(true);
}

interface Watch {
  p: NsPrincipal;
  collections: readonly Collection[];
  /** The srvModified each collection was pushed up to. */
  cursors: Map<Collection, number>;
  emit: (changes: Map<Collection, StoredDoc[]>) => void;
  running: boolean;
  again: boolean;
  stop: () => void;
}

export function attachNightscoutSocket(app: FastifyInstance, ctx: AppContext): Server {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false });
  const now = () => ctx.clock.now().getTime();

  /** Reads what changed since the cursors and hands it to the socket, one run at a time. */
  async function push(socket: Socket, w: Watch): Promise<void> {
    if (w.running) {
      w.again = true;
      return;
    }
    w.running = true;
    try {
      do {
        w.again = false;
        if (!(await socketStillAuthorized(ctx, w.p))) {
          socket.disconnect(true);
          return;
        }
        const changes = new Map<Collection, StoredDoc[]>();
        for (const col of w.collections) {
          const since = w.cursors.get(col) ?? 0;
          const docs = await historyDocs(ctx.db, w.p.patientId, col, since, PAGE);
          if (!docs.length) continue;
          w.cursors.set(
            col,
            docs.reduce((m, d) => Math.max(m, d.srvModified), since),
          );
          changes.set(col, docs);
          if (docs.length >= PAGE) w.again = true;
        }
        if (changes.size && socket.connected) w.emit(changes);
      } while (w.again && socket.connected);
    } catch (e) {
      app.log.warn({ err: e }, 'nightscout socket push failed');
    } finally {
      w.running = false;
    }
  }

  /**
   * Starts watching the patient's data for a socket from the data's state now; `first` (the v1
   * snapshot) is sent before any change, and a change stored meanwhile follows it.
   */
  async function watch(
    socket: Socket,
    w: Omit<Watch, 'cursors' | 'running' | 'again' | 'stop'>,
    first?: () => Promise<void>,
  ) {
    const stamps = await lastModified(ctx.db, w.p.patientId);
    const state: Watch = {
      ...w,
      cursors: new Map(w.collections.map((c) => [c, stamps[c] ?? 0])),
      running: true,
      again: false,
      stop: () => undefined,
    };
    state.stop = ctx.bus.subscribe(w.p.patientId, () => void push(socket, state));
    socket.once('disconnect', () => state.stop());
    try {
      await first?.();
    } finally {
      state.running = false;
    }
    if (state.again) void push(socket, state);
    return state;
  }

  // v1: authorize {client, secret, token, history} → callback {read, write, write_treatment}, then
  // `connected` and a full `dataUpdate`; later `dataUpdate`s carry only the changes (delta: true).
  io.on('connection', (socket) => {
    let watching: Watch | null = null;
    socket.on('authorize', async (message: unknown, callback?: unknown) => {
      const m = (message ?? {}) as Record<string, unknown>;
      const token = str(m.token);
      const given: GivenCredential = { secret: str(m.secret), token, bearer: token };
      const p = await authorizeNightscoutSocket(ctx, given);
      if (!p || !V1_COLLECTIONS.every((c) => readableCollections(p, [c], V1_COLLECTIONS).length)) {
        socket.disconnect(true);
        return;
      }
      watching?.stop();
      const hours = Number(m.history) > 0 ? Math.min(Number(m.history), 24 * 14) : 48;
      socket.emit('connected');
      watching = await watch(
        socket,
        {
          p,
          collections: V1_COLLECTIONS,
          emit: (changes) => socket.emit('dataUpdate', v1Delta(changes, now())),
        },
        async () => void socket.emit('dataUpdate', await v1Snapshot(ctx, p, now(), hours)),
      );
      const write = p.permission === 'readwrite';
      if (typeof callback === 'function') callback({ read: true, write, write_treatment: write });
    });
  });

  // v3 storage: subscribe {accessToken, collections} → {success, collections}; then `create`,
  // `update` and `delete` events {colName, doc | identifier} for the collections subscribed.
  io.of('/storage').on('connection', (socket) => {
    let watching: Watch | null = null;
    socket.on('subscribe', async (message: unknown, callback?: unknown) => {
      const reply = (v: unknown) => (typeof callback === 'function' ? callback(v) : undefined);
      const m = (message ?? {}) as Record<string, unknown>;
      const token = str(m.accessToken);
      const p = token ? await authorizeNightscoutSocket(ctx, { token, secret: null, bearer: token }) : null;
      if (!p) return refuse(socket, reply, 'Missing or bad access token or JWT');
      const collections = readableCollections(p, m.collections, COLLECTIONS);
      if (!collections.length)
        return reply({ success: false, message: 'Unauthorized to receive any collection' });
      watching?.stop();
      watching = await watch(socket, {
        p,
        collections,
        emit: (changes) => {
          for (const [colName, docs] of changes)
            for (const d of docs) {
              if (d.deleted) socket.emit('delete', { colName, identifier: d.identifier });
              else
                socket.emit(d.srvCreated === d.srvModified ? 'create' : 'update', {
                  colName,
                  doc: presentDoc(d, true),
                });
            }
        },
      });
      return reply({ success: true, collections });
    });
  });

  // v3 alarms: the portal raises its own alerts (not Nightscout's), so a subscriber is accepted and
  // told it may not acknowledge; no Nightscout alarm is ever sent.
  io.of('/alarm').on('connection', (socket) => {
    socket.on('subscribe', async (message: unknown, callback?: unknown) => {
      const reply = (v: unknown) => (typeof callback === 'function' ? callback(v) : undefined);
      const m = (message ?? {}) as Record<string, unknown>;
      const token = str(m.accessToken) ?? str(m.jwtToken);
      const given = { token, secret: str(m.secret), bearer: token };
      const p = token || given.secret ? await authorizeNightscoutSocket(ctx, given) : null;
      if (!p) return refuse(socket, reply, 'Missing or bad access token or JWT');
      return reply({ success: true, message: 'Subscribed for alarms', read: true, ack: false });
    });
  });

  // Open sockets would keep the server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
