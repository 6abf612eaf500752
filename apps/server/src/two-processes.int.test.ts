import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createAccount } from './accounts/create-account';
import { testConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { devices, relations } from './platform/db/schema';
import { newId, newToken, sha256 } from './platform/lib/crypto';
import { withDatabase } from '../test-support/global-setup';
import { TEST_PASSWORD } from '../test-support/people';
import { PG_TEMPLATE_DB } from '../test-support/test-db';
import { adminSql, startServer, stopServer, type ServerProcess } from '../test-support/server-process';

// Past one machine (issue 21): two server processes on one PostgreSQL, as behind a load balancer.
// A device uploads to one; a follower waiting on each is answered within a second, and each
// process then serves the reading. Runs on the PostgreSQL pass only.
const url = process.env.TEST_DATABASE_URL;

const admin = (statement: string) => adminSql(url!, statement);

const post = async (base: string, path: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  const name = `cgm_test_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];
  let patientId = '';
  let deviceToken = '';

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const databaseUrl = withDatabase(url!, name);
    const database = await openDatabase({ databaseUrl });
    try {
      const user = (username: string, userType: 'P' | 'M') =>
        createAccount(database.db, {
          username,
          password: TEST_PASSWORD,
          userType,
          realname: username,
          termsVersion: testConfig().TERMS_VERSION,
        });
      patientId = await user('patient@example.com', 'P');
      for (const carer of ['carer-a@example.com', 'carer-b@example.com']) {
        const followerId = await user(carer, 'M');
        await database.db.insert(relations).values({
          id: newId(),
          patientId,
          followerId,
          followerType: 'M',
          state: 'accepted',
          requestedBy: followerId,
        });
      }
      deviceToken = newToken();
      await database.db.insert(devices).values({
        id: newId(),
        patientId,
        kind: 'sensor_app',
        serial: 'SA-1',
        tokenHash: sha256(deviceToken),
      });
    } finally {
      await database.close();
    }
    servers.push(...(await Promise.all([startServer(databaseUrl), startServer(databaseUrl)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('answers a follower waiting on each process within a second of an upload to one of them', async () => {
    const a = servers[0]!;
    const b = servers[1]!;
    const signIn = async (base: string, username: string) =>
      (await post(base, API.login, { username, password: TEST_PASSWORD, user_type: 'P' })).body
        .token as string;
    const carerA = await signIn(a.base, 'carer-a@example.com');
    const carerB = await signIn(b.base, 'carer-b@example.com');
    // Both wait: the patient has no data yet.
    const waits = [
      { base: a.base, token: carerA },
      { base: b.base, token: carerB },
    ].map(async ({ base, token }) => {
      const answer = await post(base, API.monitorData, { uids: [patientId], eventNo: 0 }, token);
      return { answer, at: Date.now() };
    });
    await new Promise((r) => setTimeout(r, 500)); // both polls are in their waiting rooms
    const time = Date.now() - 60_000;
    const sent = Date.now();
    const upload = await post(
      a.base,
      API.ingest,
      { records: [{ type: 'sg', serial: 'TX-1', seq: 1, time, utc_offset_min: 0, mgdl: 123, rate: 0 }] },
      deviceToken,
    );
    expect(upload.body).toMatchObject({ error: 0, stored: 1 });
    for (const { answer, at } of await Promise.all(waits)) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([expect.objectContaining({ uid: patientId })]);
      expect(at - sent).toBeLessThan(1000);
    }
    for (const [base, token] of [
      [b.base, carerB],
      [a.base, carerA],
    ] as const) {
      const res = await fetch(`${base}${API.monitorStatus(patientId)}?hours=3`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as {
        status: { chart: { sg: Array<[number, number | null, string | null]> } };
      };
      expect(body.status.chart.sg).toContainEqual([time, 123, null]);
    }
  }, 60_000);
});
