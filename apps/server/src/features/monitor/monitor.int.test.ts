import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { relations } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

let t: TestApp;
let patient: string;
let carer: string;
let tokens: Record<'patient' | 'carer' | 'stranger', string>;
let device: string;
const password = 'Gluco$e9x';
const NOW = Date.parse('2026-11-21T12:00:00Z');

async function signIn(username: string) {
  return (await t.call('POST', API.login, { body: { username, password, user_type: 'P' } })).body
    .token as string;
}
const ingest = (records: unknown[]) => t.call('POST', API.ingest, { token: device, body: { records } });
const base = (seq: number, minutesAgo: number) => ({
  serial: 'TX-1',
  seq,
  time: NOW - minutesAgo * 60_000,
  utc_offset_min: 60,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  patient = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pat@example.com',
    password,
    userType: 'P',
    realname: 'Pat Example',
  });
  carer = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'carer@example.com',
    password,
    userType: 'M',
    realname: 'Carer One',
  });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'stranger@example.com',
    password,
    userType: 'M',
    realname: 'Some One',
  });
  tokens = {
    patient: await signIn('pat@example.com'),
    carer: await signIn('carer@example.com'),
    stranger: await signIn('stranger@example.com'),
  };
  device = (
    await t.call('POST', API.devices, { token: tokens.patient, body: { kind: 'patch_app', serial: 'PB-1' } })
  ).body.device_token as string;
  await ingest([
    {
      type: 'session',
      ...base(1, 600),
      serial: 'TX-1',
      kind: 'sensor',
      started_at: NOW - 13 * 86400_000,
      rated_life_hours: 336,
    },
    { type: 'sg', ...base(2, 4), mgdl: 123, rate: 5 },
    { type: 'sg', ...base(3, 2), mgdl: 131, rate: 6 },
    { type: 'sensor_status', ...base(4, 2), status: 'monitoring', battery_percent: 64 },
    {
      type: 'pump_status',
      ...base(5, 90),
      serial: 'PB-1',
      state: 34,
      basal_type: 30,
      basal_rate: 0.8,
      iob: 1.35,
      reservoir_units: 88,
    },
    { type: 'bolus', ...base(6, 30), serial: 'PB-1', code: 'CRW', set: 3.5, delivered: 3.5 },
    {
      type: 'basal',
      ...base(7, 60),
      serial: 'PB-1',
      code: 'BAAM',
      duration_min: 6,
      rate: 0.8,
      delivered: 0.05,
      auto: { auto_basal_delivery: 0.05, auto_corr_delivery: 0, auto_food_delivery: 0 },
    },
  ]);
});
afterAll(() => t.close());

const status = (who: keyof typeof tokens, id = patient) =>
  t.call<{ error: number; status: MonitorStatus }>('GET', `${API.monitorStatus(id)}?hours=3`, {
    token: tokens[who],
  });

describe('monitor status', () => {
  it('shows the patient their sensor, pump and chart, with staleness per device (spec §4: 3600 s)', async () => {
    const res = await status('patient');
    expect(res.status).toBe(200);
    const s = res.body.status;
    expect(s.sensor_status).toMatchObject({
      glucose: 131,
      glucoseRate: 6,
      status: 'monitoring',
      batteryPercent: 64,
      stale: false,
    });
    expect(s.sensor_status?.expiresAt).toBe(NOW - 13 * 86400_000 + 336 * 3600_000);
    // The pump last reported 90 minutes ago: stale, shown as '--'.
    expect(s.pump_status).toMatchObject({
      state: 34,
      AutoModeEnabledNew: true,
      iob: 1.35,
      reservoir: 88,
      stale: true,
    });
    expect(s.pump_status?.lastBolus).toMatchObject({ code: 'CRW', delivered: 3.5 });
    expect(s.chart.sg.map((p) => p[1])).toEqual([123, 131]);
    expect(s.chart.basal[0]?.slice(0, 6)).toEqual([NOW - 3600_000, 'BAAM', 6, 0.8, 0.05, 0.05]);
    expect(s.data_source).toBe('realtime');
    // The patient's clock as the devices record it: the monitor shows times on it (issue 16).
    expect(s.utc_offset_min).toBe(60);
  });

  it('charts the transmitter states, alarms to display, sleeping times and basal rows with id and auto-mode JSON (spec §3)', async () => {
    await ingest([
      { type: 'sensor_status', ...base(40, 50), status: 'warmup' },
      { type: 'sensor_status', ...base(41, 40), status: 'monitoring' },
      { type: 'sensor_status', ...base(42, 30), status: 'monitoring' },
      { type: 'alarm', ...base(43, 20), source: 'sensor', code: 'lowGlucose', cleared_at: NOW - 15 * 60_000 },
      { type: 'alarm', ...base(44, 10), serial: 'PB-1', source: 'pump', code: 'occlusion' },
    ]);
    const res = await t.call<{ error: number; status: MonitorStatus }>(
      'GET',
      `${API.monitorStatus(patient)}?hours=24`,
      { token: tokens.patient },
    );
    const chart = res.body.status.chart;
    expect(chart.transmtr).toEqual([
      [NOW - 50 * 60_000, 'warmup'],
      [NOW - 40 * 60_000, 'monitoring'],
    ]);
    expect(chart.alarm_display).toEqual([
      [NOW - 20 * 60_000, 'sensor', 'lowGlucose', NOW - 15 * 60_000],
      [NOW - 10 * 60_000, 'pump', 'occlusion', null],
    ]);
    // 22:00–06:00 at UTC+1, inside the 24 hours before 12:00 UTC.
    expect(chart.sleeptime).toEqual([[Date.UTC(2026, 10, 20, 21), Date.UTC(2026, 10, 21, 5)]]);
    const auto = chart.basal.find((b) => b[1] === 'BAAM');
    expect(auto?.slice(5)).toEqual([
      0.05,
      'PB-1:7',
      { auto_basal_delivery: 0.05, auto_corr_delivery: 0, auto_food_delivery: 0 },
    ]);
  });

  it('refuses followers without an accepted connection, and ends access at removal', async () => {
    expect((await status('carer')).status).toBe(403);
    const id = newId();
    await t.ctx.db.insert(relations).values({
      id,
      patientId: patient,
      followerId: carer,
      followerType: 'M',
      state: 'pending',
      requestedBy: carer,
    });
    expect((await status('carer')).status).toBe(403);
    await t.ctx.db.update(relations).set({ state: 'accepted' }).where(eq(relations.id, id));
    expect((await status('carer')).body.status.sensor_status?.glucose).toBe(131);
    expect((await status('stranger')).status).toBe(403);
    await t.ctx.db.update(relations).set({ state: 'removed' }).where(eq(relations.id, id));
    expect((await status('carer')).status).toBe(403);
    await t.ctx.db.update(relations).set({ state: 'accepted' }).where(eq(relations.id, id));
  });

  it('answers 403 for an unknown patient id exactly as for a patient not followed', async () => {
    const unknown = await status('carer', 'no-such-patient');
    expect(unknown.status).toBe(403);
  });
});

describe('long poll (spec §4, §7)', () => {
  it('answers at once when the patient already has newer data than eventNo', async () => {
    const res = await t.call('POST', API.monitorData, {
      token: tokens.carer,
      body: { uids: [patient], eventNo: 0 },
    });
    expect(res.body).toMatchObject({ error: 0, data: [{ uid: patient }] });
  });

  it('waits, and answers when a reading arrives', async () => {
    const eventNo = (await status('carer')).body.status.eventNo as number;
    t.clock.advance(1000);
    const poll = t.call('POST', API.monitorData, { token: tokens.carer, body: { uids: [patient], eventNo } });
    await new Promise((r) => setTimeout(r, 50));
    expect((await ingest([{ type: 'sg', ...base(8, 0), mgdl: 140 }])).body.stored).toBe(1);
    const res = await poll;
    // Readings alone: the answer carries them (live-wake.int.test.ts), as the chart draws them.
    expect(res.body.data).toMatchObject([
      { uid: patient, eventNo: NOW + 1000, glucose: { sg: [[NOW, 140, null]], newest: { mgdl: 140 } } },
    ]);
    expect((await status('carer')).body.status.sensor_status?.glucose).toBe(140);
  });

  it('ends a waiting poll with 403 when the follower was removed meanwhile', async () => {
    const eventNo = (await status('carer')).body.status.eventNo as number;
    const poll = t.call('POST', API.monitorData, { token: tokens.carer, body: { uids: [patient], eventNo } });
    await new Promise((r) => setTimeout(r, 50));
    await t.ctx.db.update(relations).set({ state: 'removed' }).where(eq(relations.patientId, patient));
    // The relations service announces every change of access on the bus.
    t.ctx.bus.publish(patient, 0, 'access');
    expect((await poll).status).toBe(403);
  });

  it('validates the poll body', async () => {
    const res = await t.call('POST', API.monitorData, {
      token: tokens.patient,
      body: { uids: [], eventNo: -1 },
    });
    expect(res.status).toBe(400);
  });
});
