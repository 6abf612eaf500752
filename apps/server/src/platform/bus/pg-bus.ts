import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { createLocalBus, type LiveBus, type LiveChange } from './live-bus';
import { createPeers, PEER_HEARTBEAT_MS, peerMessageOf, peerPayload, type PeerMessage } from './pg-bus-peers';

const CHANNEL = 'cgm_live';

/**
 * The bus across several server processes on one PostgreSQL: a publish is delivered to this
 * process's listeners at once and sent as a NOTIFY (tagged with this process's origin) to the
 * others, which LISTEN on one dedicated connection each and deliver to their local listeners.
 * If the listening connection drops, it reconnects; long polls still end by their timeout, and the
 * client's next poll compares eventNo, so a missed notification delays an update, never loses data.
 * A NOTIFY is sent only while another process listens (pg-bus-peers.ts).
 */
export async function createPgBus(databaseUrl: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const local = createLocalBus();
  const origin = randomUUID();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (err) => log.warn({ err }, 'live bus: idle connection lost'));
  let listener: pg.Client | null = null;
  let closed = false;
  const peers = createPeers();
  const say = (message: PeerMessage, via: pg.Client | pg.Pool | null = pool) =>
    via
      ?.query('select pg_notify($1, $2)', [CHANNEL, peerPayload(origin, message)])
      .catch((err: unknown) => log.warn({ err }, 'live bus: peer message failed'));

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      const [from, patientId, eventNo, kind, ...change] = (msg.payload ?? '').split('|');
      if (!from || from === origin || !patientId) return; // our own publish, delivered already
      const message = peerMessageOf(patientId);
      const answer = peers.heard(from, message ?? 'data');
      if (answer) void say(answer);
      if (message || !eventNo) return;
      local.deliver(patientId, Number(eventNo), kind === 'access' ? 'access' : 'data', changeOf(change));
    });
    client.on('error', (err) => {
      log.warn({ err }, 'live bus connection lost; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
    // Listening, it says hello: the others answer, and start telling it about their writes.
    await say('hello', client);
  };
  await connect();
  const heartbeat = setInterval(() => void say('here'), PEER_HEARTBEAT_MS);
  heartbeat.unref();

  let published = 0;
  return {
    publish(patientId, eventNo, kind = 'data', opts) {
      published++;
      // delivered after the writer's answer (live-bus.ts)
      local.publish(patientId, eventNo, kind, { change: opts?.change, facts: opts?.facts });
      if (opts?.othersTold || !peers.any()) return;
      pool
        .query('select pg_notify($1, $2)', [
          CHANNEL,
          `${origin}|${patientId}|${eventNo}|${kind}${changeText(opts?.change)}`,
        ])
        .catch((err: unknown) => {
          // Other processes' followers then see it at their next poll timeout; nothing is lost.
          log.error({ err }, 'live bus notify failed');
        });
    },
    // NOTIFY is sent at the commit of the statement's transaction, never before: the same moment
    // as the separate notify after the commit, one statement fewer per write.
    tellOthersSql: (patientId, eventNo, change) =>
      !peers.any()
        ? null
        : sql`pg_notify(${CHANNEL}, ${`${origin}|${patientId}|`}::text || ${eventNo} || ${`|data${changeText(change)}`}::text)`,
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    latest: local.latest,
    remember: local.remember,
    stats: () => ({
      ...local.stats(),
      published,
      transport: listener ? 'postgres-listen' : 'postgres (reconnecting)',
      peers: peers.count(),
    }),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await say('bye');
      await listener?.end().catch(() => undefined);
      await pool.end();
      await local.close();
    },
  };
}

/** A change in a notification's payload: `|previous|from|to|source` after the kind ('' without one). */
function changeText(change: LiveChange | undefined): string {
  return change ? `|${change.previous}|${change.from}|${change.to}|${change.source}` : '';
}

function changeOf(parts: string[]): LiveChange | undefined {
  const [previous, from, to, source] = parts;
  const numbers = [previous, from, to].map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n))) return undefined;
  if (source !== 'realtime' && source !== 'uploaded') return undefined;
  return { previous: numbers[0]!, from: numbers[1]!, to: numbers[2]!, source };
}
