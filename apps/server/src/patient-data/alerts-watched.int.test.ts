import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount } from '../accounts/create-account';
import { alertEpisodes, alertSettings } from '../platform/db/schema';
import type { WriteFacts } from '../platform/bus/live-bus';
import { newId } from '../platform/lib/crypto';

// A write tells the alert engine, from its own statement, whether anyone is to be alerted about the
// patient, so that a change nobody watches costs the engine no statement; the answer must follow the
// alert settings and open episodes exactly, on both write paths (one statement, and a transaction).

let t: TestApp;
let patient: string;
let follower: string;
let device: string;
const NOW = Date.parse('2026-11-21T12:00:00Z');
let seq = 0;
const sg = () => ({
  type: 'sg',
  serial: 'TX-9',
  seq: ++seq,
  time: NOW - 60_000 * (100 - seq),
  utc_offset_min: 0,
  mgdl: 120,
});
const bolus = () => ({
  type: 'bolus',
  serial: 'PUMP-1',
  seq: ++seq,
  time: NOW - 60_000 * (100 - seq),
  utc_offset_min: 0,
  code: 'normal',
  set: 1,
  delivered: 1,
});

/** The facts the next data event of the patient carries, after an upload of these records. */
async function factsAfter(records: unknown[]): Promise<WriteFacts | undefined> {
  let seen: WriteFacts | undefined | 'none' = 'none';
  const stop = t.ctx.bus.subscribeAll((id, _no, kind, _change, facts) => {
    if (id === patient && kind === 'data') seen = facts;
  });
  const res = await t.call('POST', API.ingest, { token: device, body: { records } });
  expect(res.status).toBe(200);
  await new Promise((resolve) => setImmediate(resolve)); // events reach listeners after the answer
  stop();
  expect(seen).not.toBe('none');
  return seen as WriteFacts | undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  const base = { termsVersion: t.ctx.config.TERMS_VERSION, password: 'Gluco$e9x' };
  patient = await createAccount(t.ctx.db, {
    ...base,
    username: 'p@example.com',
    userType: 'P',
    realname: 'Pat',
  });
  follower = await createAccount(t.ctx.db, {
    ...base,
    username: 'c@example.com',
    userType: 'M',
    realname: 'Carer',
  });
  const token = await t.signIn(patient);
  device = (await t.call('POST', API.devices, { token, body: { kind: 'sensor_app', serial: 'TX-9' } })).body
    .device_token as string;
});
afterAll(() => t.close());

describe('a write says whether anyone is to be alerted about the patient', () => {
  it('no one: readings (one statement) and other records (a transaction) both say so', async () => {
    expect(await factsAfter([sg()])).toEqual({ alertsWatched: false });
    expect(await factsAfter([bolus()])).toEqual({ alertsWatched: false });
  });

  it("a follower's alert settings: watched, until the patient stops them", async () => {
    await t.ctx.db.insert(alertSettings).values({ patientId: patient, followerId: follower, settings: {} });
    expect(await factsAfter([sg()])).toEqual({ alertsWatched: true });
    expect(await factsAfter([bolus()])).toEqual({ alertsWatched: true });
    await t.ctx.db
      .update(alertSettings)
      .set({ stoppedByPatient: true })
      .where(eq(alertSettings.patientId, patient));
    expect(await factsAfter([sg()])).toEqual({ alertsWatched: false });
  });

  it('an open alert episode: watched until it ends', async () => {
    const id = newId();
    await t.ctx.db.insert(alertEpisodes).values({
      id,
      patientId: patient,
      kind: 'low',
      episode: 'e1',
      urgent: false,
      startedAt: new Date(NOW - 3_600_000),
    });
    expect(await factsAfter([sg()])).toEqual({ alertsWatched: true });
    await t.ctx.db
      .update(alertEpisodes)
      .set({ endedAt: new Date(NOW) })
      .where(eq(alertEpisodes.id, id));
    expect(await factsAfter([sg()])).toEqual({ alertsWatched: false });
  });
});
