import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createAccount } from '../../accounts/create-account';
import { relations } from './schema';
import { newId } from '../lib/crypto';
import {
  canRunClusters,
  startReplicatedClusters,
  type ReplicatedClusters,
} from '../../../test-support/pg-cluster';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { registerDevice, TEST_PASSWORD } from '../../../test-support/people';
import { openDatabase, runMigrations } from './client';
import { eq } from 'drizzle-orm';

// Past one machine (issue 21): with DATABASE_READ_URL, reports read a PostgreSQL hot standby
// (streaming from the primary, started here with pg_basebackup), while who may read is still
// decided on the primary. Runs on the PostgreSQL pass, where the server binaries are installed.
const run = Boolean(process.env.TEST_DATABASE_URL) && canRunClusters();

async function query<T>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

describe.skipIf(!run)('reports from a hot standby (DATABASE_READ_URL)', () => {
  let clusters: ReplicatedClusters;
  let t: TestApp;
  let patientId = '';
  let carerId = '';
  let carerToken = '';
  let patientToken = '';
  let device: Awaited<ReturnType<typeof registerDevice>>;

  /** Waits until the standby has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const [primary] = await query<{ lsn: string }>(
      clusters.primaryUrl('postgres'),
      'select pg_current_wal_lsn() as lsn',
    );
    for (let i = 0; i < 200; i++) {
      const [standby] = await query<{ ok: boolean }>(
        clusters.standbyUrl('postgres'),
        `select pg_last_wal_replay_lsn() >= '${primary!.lsn}'::pg_lsn as ok`,
      );
      if (standby?.ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the standby did not catch up');
  };
  const sg = (seq: number) => ({
    type: 'sg',
    serial: 'TX-1',
    seq,
    time: t.clock.now().getTime() - 3600_000 + seq * 120_000,
    utc_offset_min: 0,
    mgdl: 100 + seq,
    rate: 0,
  });
  const readings = async (token: string) => {
    const res = await t.call<{ days?: Array<{ count: number }> }>('GET', API.chartDatamap(patientId), {
      token,
    });
    return { status: res.status, count: (res.body.days ?? []).reduce((n, d) => n + d.count, 0) };
  };

  beforeAll(async () => {
    clusters = await startReplicatedClusters();
    await query(clusters.primaryUrl('postgres'), 'create database cgm');
    const database = await openDatabase({
      databaseUrl: clusters.primaryUrl('cgm'),
      readUrl: clusters.standbyUrl('cgm'),
    });
    await runMigrations(database);
    t = await createTestApp(
      { DATABASE_URL: clusters.primaryUrl('cgm'), DATABASE_READ_URL: clusters.standbyUrl('cgm') },
      { database },
    );
    const user = (username: string, userType: 'P' | 'M') =>
      createAccount(t.ctx.db, {
        username,
        password: TEST_PASSWORD,
        userType,
        realname: username,
        termsVersion: t.ctx.config.TERMS_VERSION,
      });
    patientId = await user('patient@example.com', 'P');
    carerId = await user('carer@example.com', 'M');
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId,
      followerId: carerId,
      followerType: 'M',
      state: 'accepted',
      requestedBy: carerId,
    });
    patientToken = await t.signIn(patientId);
    carerToken = await t.signIn(carerId);
    device = await registerDevice(t, patientToken);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    clusters?.stop();
  }, 60_000);

  it('reads the data on the standby and the consent on the primary', async () => {
    expect((await device.ingest([sg(1), sg(2), sg(3)])).body).toMatchObject({ stored: 3 });
    await caughtUp();
    expect(await readings(carerToken)).toEqual({ status: 200, count: 3 });

    // Replay paused: the primary moves on, the report still shows what the standby has.
    await query(clusters.standbyUrl('postgres'), 'select pg_wal_replay_pause()');
    expect((await device.ingest([sg(4), sg(5)])).body).toMatchObject({ stored: 2 });
    expect(await readings(carerToken)).toEqual({ status: 200, count: 3 });

    // The carer is removed on the primary: refused at once, though the standby has not seen it.
    await t.ctx.db.update(relations).set({ state: 'removed' }).where(eq(relations.followerId, carerId));
    expect((await readings(carerToken)).status).toBe(403);

    await query(clusters.standbyUrl('postgres'), 'select pg_wal_replay_resume()');
    await caughtUp();
    expect(await readings(patientToken)).toEqual({ status: 200, count: 5 });
  }, 60_000);
});
