import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalBus, type LiveBus } from './live-bus';

const CHANNEL = 'cgm_live';

/**
 * The bus across several server processes on one PostgreSQL: a publish is a NOTIFY; every process
 * (this one included) LISTENs on one dedicated connection and delivers to its local listeners.
 * If the listening connection drops, it reconnects; long polls still end by their timeout, and the
 * client's next poll compares eventNo, so a missed notification delays an update, never loses data.
 */
export async function createPgBus(databaseUrl: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const local = createLocalBus();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      const [patientId, eventNo] = (msg.payload ?? '').split('|');
      if (patientId && eventNo) local.deliver(patientId, Number(eventNo));
    });
    client.on('error', (err) => {
      log.warn({ err }, 'live bus connection lost; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  let published = 0;
  return {
    publish(patientId, eventNo) {
      published++;
      pool.query('select pg_notify($1, $2)', [CHANNEL, `${patientId}|${eventNo}`]).catch((err: unknown) => {
        log.error({ err }, 'live bus notify failed; delivering locally');
        local.deliver(patientId, eventNo);
      });
    },
    subscribe: local.subscribe,
    latest: local.latest,
    stats: () => ({
      ...local.stats(),
      published,
      transport: listener ? 'postgres-listen' : 'postgres (reconnecting)',
    }),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
      await local.close();
    },
  };
}
