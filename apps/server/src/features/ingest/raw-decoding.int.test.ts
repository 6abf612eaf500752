import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { boluses } from '../../platform/db/schema';

// Spec §9 "Decoding", end to end: a device app sends the pump's raw fields to the ingest API and
// the monitor shows the decoded amounts (rules: packages/domain/src/insulin.ts).

let t: TestApp;
let patient: string;
let token: string;
let device: string;
const password = 'Gluco$e9x';
const NOW = Date.parse('2026-11-21T12:00:00Z');
let seq = 0;
const base = (minutesAgo: number) => ({ serial: 'PB-1', seq: ++seq, time: NOW - minutesAgo * 60_000 });
const ingest = (records: unknown[]) => t.call('POST', API.ingest, { token: device, body: { records } });
const monitor = async () =>
  (
    await t.call<{ error: number; status: MonitorStatus }>('GET', `${API.monitorStatus(patient)}?hours=3`, {
      token,
    })
  ).body.status;

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
  token = (
    await t.call('POST', API.login, { body: { username: 'pat@example.com', password, user_type: 'P' } })
  ).body.token as string;
  device = (await t.call('POST', API.devices, { token, body: { kind: 'patch_app', serial: 'PB-1' } })).body
    .device_token as string;
});
afterAll(() => t.close());

const pump = (minutesAgo: number, iob: number) => ({
  type: 'pump_status',
  ...base(minutesAgo),
  utc_offset_min: 60,
  state: 3,
  iob,
});

describe('raw device values decoded on ingest (spec §9)', () => {
  it('reads an insulin on board above 100 with 0.01 U steps and above 500 with 0.05 U steps (14-bit wrap)', async () => {
    expect((await ingest([pump(30, 160.34)])).body).toMatchObject({ stored: 1, rejected: 0 });
    expect((await monitor()).pump_status?.iob).toBe(-3.5);
    await ingest([pump(20, 620)]);
    expect((await monitor()).pump_status?.iob).toBe(-199.2);
    await ingest([pump(10, 300)]); // no 14-bit field gives 300: unknown, never 300 U
    expect((await monitor()).pump_status?.iob).toBeNull();
    await ingest([pump(5, 2.35)]);
    expect((await monitor()).pump_status?.iob).toBe(2.35);
  });

  it('reads a bolus amount above 327.67 as signed and keeps a negative wizard correction', async () => {
    const res = await ingest([
      {
        type: 'bolus',
        ...base(15),
        utc_offset_min: 60,
        code: 'CCW',
        set: 2,
        delivered: 2,
        details: { bg: 60, corr_bolus: 654.86, carb: 30, carb_bolus: 2.5, iob: 160.34, suggest: 2 },
      },
    ]);
    expect(res.body).toMatchObject({ stored: 1, rejected: 0 });
    const [row] = await t.ctx.db.select().from(boluses).where(eq(boluses.patientId, patient));
    expect(row?.details).toMatchObject({ corr_bolus: -0.5, iob: -3.5, carb_bolus: 2.5 });
  });

  it('refuses a raw bolus of 330 (it decodes to a negative delivery) with the reason', async () => {
    const res = await ingest([
      { type: 'bolus', ...base(12), utc_offset_min: 60, code: 'NB', set: 330, delivered: 330 },
    ]);
    expect(res.body).toMatchObject({ stored: 0, rejected: 1 });
    expect((res.body.problems as Array<{ reason: string }>)[0]!.reason).toMatch(/^records\[0\]\.set: /);
  });

  it('takes a time-zone offset in hours (utc_offset_hours) and stores minutes', async () => {
    const res = await ingest([
      { type: 'bolus', ...base(8), utc_offset_hours: 5.5, code: 'NB', set: 1, delivered: 1 },
    ]);
    expect(res.body).toMatchObject({ stored: 1, rejected: 0 });
    const rows = await t.ctx.db.select().from(boluses).where(eq(boluses.patientId, patient));
    expect(rows.find((r) => r.code === 'NB')?.utcOffsetMin).toBe(330);
  });
});

describe('pump status delivery fields (spec §3), device contract to monitor', () => {
  it('shows a bolus in progress, its wizard inputs and the remaining dose and time', async () => {
    const res = await ingest([
      {
        ...pump(1, 1.2),
        basal_delivered: 7.35,
        basal_delivered_time: NOW - 2 * 60_000,
        bolus_type: 'CCW',
        bolus_set: 2,
        bolus_delivered: 2,
        extended_bolus_set: 3,
        extended_bolus_delivered: 1.25,
        extended_bolus_duration: 120,
        wizard_type: 'CCW',
        wizard_glucose: 182,
        wizard_corr_set: 655.06, // raw: −0.30 U
        wizard_carb: 60,
        wizard_carb_set: 5.3,
        wizard_iob: 1.2,
        adjustment_type: 0,
        remaining_dose: 1.75,
        remaining_time: 70,
      },
    ]);
    expect(res.body).toMatchObject({ stored: 1, rejected: 0 });
    expect((await monitor()).pump_status).toMatchObject({
      basalDeliveried: 7.35,
      basalDeliveriedTime: NOW - 2 * 60_000,
      bolusType: 'CCW',
      bolusSet: 2,
      bolusDeliveried: 2,
      extendBolusSet: 3,
      extendBolusDeliveried: 1.25,
      extendBolusDuration: 120,
      wizardType: 'CCW',
      wizardGlucose: 182,
      wizardCorrSet: -0.3,
      wizardCarb: 60,
      wizardCarbSet: 5.3,
      wizardIob: 1.2,
      adjustmentType: 0,
      remainingDose: 1.75,
      remainingTime: 70,
    });
  });

  it('answers null for the fields a device does not send', async () => {
    await ingest([pump(0, 1)]);
    expect((await monitor()).pump_status).toMatchObject({
      bolusType: null,
      remainingDose: null,
      wizardType: null,
    });
  });
});
