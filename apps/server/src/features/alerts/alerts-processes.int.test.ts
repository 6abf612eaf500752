import { createServer, type Server, type ServerResponse } from 'node:http';
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { API } from '@cgm/contract';
import { defaultAlertSettings } from '@cgm/domain';
import { createAccount } from '../../accounts/create-account';
import { testConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db/client';
import { alertSettings, devices, pushSubscriptions, relations } from '../../platform/db/schema';
import { newId, newToken, sha256 } from '../../platform/lib/crypto';
import { withDatabase } from '../../../test-support/global-setup';
import { TEST_PASSWORD } from '../../../test-support/people';
import { PG_TEMPLATE_DB } from '../../../test-support/test-db';
import { adminSql, startServer, stopServer, type ServerProcess } from '../../../test-support/server-process';

// Follower alerts across real server processes on one PostgreSQL (issue 16 "Nothing lost"):
// - two processes evaluate every change and sweep every 300 ms, and each alert is sent once;
// - a process killed while its push request is in flight: after a restart the alert is sent again
//   (at least once), without being raised twice.
// Runs on the PostgreSQL pass only.
const url = process.env.TEST_DATABASE_URL;
const MIN = 60_000;

/** The loopback push service: counts requests per path; '/hang/…' leaves its first request unanswered. */
function pushService() {
  const hits = new Map<string, number>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      if (path.startsWith('/hang/') && n === 1) held.push(res);
      else res.writeHead(201).end();
    });
  });
  return { server, hits, held };
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!url)('follower alerts in several server processes', () => {
  const name = `cgm_test_${randomBytes(6).toString('hex')}`;
  const push = pushService();
  let databaseUrl = '';
  let origin = '';
  let client: pg.Client;
  const servers: ServerProcess[] = [];
  const ids: Record<string, string> = {};
  const deviceTokens: Record<string, string> = {};

  const logCount = async (follower: string, where: string) =>
    Number(
      (
        await client.query<{ n: string }>(
          `select count(*) as n from alert_log where follower_id = $1 and ${where}`,
          [ids[follower]],
        )
      ).rows[0]!.n,
    );
  const upload = async (base: string, patient: string, mgdls: number[]) => {
    const now = Date.now();
    const records = mgdls.map((mgdl, i) => ({
      type: 'sg',
      serial: `TX-${patient}`,
      seq: now + i,
      time: now - (mgdls.length - 1 - i) * 5 * MIN,
      utc_offset_min: 0,
      mgdl,
    }));
    const res = await fetch(`${base}${API.ingest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceTokens[patient]}` },
      body: JSON.stringify({ records }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => push.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(push.server.address() as AddressInfo).port}`;
    await adminSql(url!, `CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    databaseUrl = withDatabase(url!, name);
    const database = await openDatabase({ databaseUrl });
    const { db } = database;
    try {
      const user = (username: string, userType: 'P' | 'M') =>
        createAccount(db, {
          username: `${username}@example.com`,
          password: TEST_PASSWORD,
          userType,
          realname: username,
          termsVersion: testConfig().TERMS_VERSION,
        });
      // Patient one is followed by carers a and b (their push answers at once); patient two by
      // carer c, whose push service holds the first request (the process is killed meanwhile).
      const plan = { one: ['a', 'b'], two: ['c'] } as const;
      for (const [patient, carers] of Object.entries(plan)) {
        ids[patient] = await user(`patient-${patient}`, 'P');
        deviceTokens[patient] = newToken();
        await db.insert(devices).values({
          id: newId(),
          patientId: ids[patient],
          kind: 'sensor_app',
          serial: `SA-${patient}`,
          tokenHash: sha256(deviceTokens[patient]),
        });
        for (const carer of carers) {
          ids[carer] = await user(`carer-${carer}`, 'M');
          await db.insert(relations).values({
            id: newId(),
            patientId: ids[patient]!,
            followerId: ids[carer],
            followerType: 'M',
            state: 'accepted',
            requestedBy: ids[carer],
          });
          await db.insert(alertSettings).values({
            patientId: ids[patient]!,
            followerId: ids[carer],
            settings: defaultAlertSettings('mg/dL'),
          });
          const keys = createECDH('prime256v1');
          keys.generateKeys();
          await db.insert(pushSubscriptions).values({
            endpoint: `${origin}/${carer === 'c' ? 'hang' : 'ok'}/${carer}`,
            userId: ids[carer],
            p256dh: keys.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          });
        }
      }
    } finally {
      await database.close();
    }
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const env = { ALERT_SWEEP_MS: '300' };
    servers.push(...(await Promise.all([startServer(databaseUrl, env), startServer(databaseUrl, env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    for (const res of push.held) res.destroy();
    await new Promise((r) => push.server.close(r));
    await client?.end();
    await adminSql(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('sends each alert once, though both processes evaluate every change and sweep', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    await upload(a.base, 'one', [80, 60, 50]);
    await until('both pushes', () => push.hits.has('/ok/a') && push.hits.has('/ok/b'));
    // More changes through the other process, and a dozen sweeps of each, race for the same sends.
    await upload(b.base, 'one', [49]);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(push.hits.get('/ok/a')).toBe(1);
    expect(push.hits.get('/ok/b')).toBe(1);
    for (const carer of ['a', 'b']) {
      expect(await logCount(carer, `action = 'raise'`)).toBe(1);
      expect(await logCount(carer, `action = 'deliver' and channel = 'push' and outcome = 'sent'`)).toBe(1);
    }
  }, 60_000);

  it('sends again, once, an alert whose process was killed while sending it', async () => {
    // One process left, so the one that claims the send is the one killed.
    await stopServer(servers.pop()!);
    const a = servers.pop()!;
    await upload(a.base, 'two', [80, 60, 50]);
    await until('the held push request', () => push.hits.get('/hang/c') === 1);
    await stopServer(a, 'SIGKILL');
    expect(await logCount('c', `action = 'raise'`)).toBe(1);
    expect(await logCount('c', `action = 'deliver' and channel in ('push', 'email')`)).toBe(0);

    const restarted = await startServer(databaseUrl, {
      ALERT_SWEEP_MS: '300',
      ALERT_REDELIVER_AFTER_MS: '1000',
    });
    servers.push(restarted);
    await until('the push sent again', () => push.hits.get('/hang/c') === 2);
    await until(
      'its delivery logged',
      async () => (await logCount('c', `action = 'deliver' and channel = 'push' and outcome = 'sent'`)) === 1,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    expect(push.hits.get('/hang/c')).toBe(2);
    expect(await logCount('c', `action = 'raise'`)).toBe(1);
    // Patient one's alerts, delivered before, were not sent again by the restarted process.
    expect(push.hits.get('/ok/a')).toBe(1);
  }, 90_000);
});
