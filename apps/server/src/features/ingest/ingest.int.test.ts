import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { pdmSettingsOf, randomProfile } from '@cgm/simulator';
import { deviceSessions, pdmSettings, uploads, users } from '../../platform/db/schema';
import { readGlucoseRecords } from '../../patient-data';

let t: TestApp;
let patientToken: string;
let deviceToken: string;
let patientId: string;
const password = 'Gluco$e9x';

const T0 = Date.parse('2026-11-21T08:00:00Z');
const sg = (seq: number, mgdl: number | null = 100 + seq) => ({
  type: 'sg',
  serial: 'TX-1',
  seq,
  time: T0 + seq * 120_000,
  utc_offset_min: 60,
  mgdl,
  rate: 4,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(T0 + 3600_000));
  patientId = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pat@example.com',
    password,
    userType: 'P',
    realname: 'Pat Example',
  });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'carer@example.com',
    password,
    userType: 'M',
    realname: 'Carer One',
  });
  patientToken = (
    await t.call('POST', API.login, { body: { username: 'pat@example.com', password, user_type: 'P' } })
  ).body.token as string;
  const reg = await t.call('POST', API.devices, {
    token: patientToken,
    body: { kind: 'patch_app', serial: 'PB-1', name: 'Patch app' },
  });
  deviceToken = reg.body.device_token as string;
});
afterAll(() => t.close());

const ingest = (records: unknown[], token = deviceToken) =>
  t.call('POST', API.ingest, { token, body: { records } });
const storedSg = () => readGlucoseRecords(t.ctx.db, patientId, 0, 4e12);
const sgCount = async () => (await storedSg()).length;

describe('realtime ingest', () => {
  it('stores a batch and counts a resend as duplicates (idempotent by serial + seq)', async () => {
    const batch = [sg(1), sg(2), sg(3)];
    expect((await ingest(batch)).body).toMatchObject({ error: 0, stored: 3, duplicates: 0, rejected: 0 });
    expect((await ingest(batch)).body).toMatchObject({ error: 0, stored: 0, duplicates: 3 });
    expect(await sgCount()).toBe(3);
  });

  it('accepts late (backfilled) records between stored ones', async () => {
    const res = await ingest([sg(10), sg(0)]);
    expect(res.body).toMatchObject({ stored: 2 });
    const rows = await storedSg();
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 10]);
    expect(rows[0]!.time).toBe(T0);
    expect(rows[0]!.utcOffsetMin).toBe(60);
  });

  it('rejects malformed records with a reason and keeps the good ones of the batch', async () => {
    const res = await ingest([
      sg(20),
      { ...sg(21), mgdl: 'high' },
      { type: 'nonsense' },
      sg(22),
      { ...sg(23), time: T0 + 86400_000 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stored: 2, rejected: 3 });
    const problems = res.body.problems as Array<{ index: number; reason: string }>;
    expect(problems.map((p) => p.index)).toEqual([1, 2, 4]);
    expect(problems[0]!.reason).toMatch(/records\[1\]\.mgdl/);
    expect(problems[2]!.reason).toMatch(/future/);
  });

  it('stores every record type once', async () => {
    const base = { serial: 'PB-1', time: T0, utc_offset_min: 60 };
    const batch = [
      { type: 'calibration', ...base, seq: 1, mgdl: 110 },
      { type: 'bg', ...base, seq: 2, mgdl: 95 },
      {
        type: 'basal',
        ...base,
        seq: 3,
        code: 'BAAM',
        duration_min: 6,
        rate: 0.5,
        delivered: 0.05,
        auto: { auto_basal_delivery: 0.05, auto_corr_delivery: 0, auto_food_delivery: 0 },
      },
      {
        type: 'bolus',
        ...base,
        seq: 4,
        code: 'CRW',
        set: 4.5,
        delivered: 4.5,
        details: { bg: 180, carb: 45, carb_bolus: 4.5, corr_bolus: 0 },
      },
      { type: 'alarm', ...base, seq: 5, source: 'pump', code: 'LOW_RESERVOIR' },
      {
        type: 'pump_status',
        ...base,
        seq: 6,
        state: 34,
        basal_rate: 0.5,
        auto_mode: true,
        iob: 1.2,
        reservoir_units: 80,
      },
      { type: 'sensor_status', ...base, seq: 7, status: 'monitoring', battery_percent: 80 },
      {
        type: 'session',
        ...base,
        seq: 8,
        kind: 'patch',
        started_at: T0 - 86400_000,
        rated_life_hours: 72,
        pdm_serial: 'PDM-1',
      },
      { type: 'event', ...base, seq: 9, event_type: 'CARB', value: 45 },
      { type: 'pdm_settings', ...base, serial: 'PDM-1', seq: 11, settings: pdmSettingsOf(randomProfile(3)) },
    ];
    expect((await ingest(batch)).body).toMatchObject({ stored: 10, rejected: 0 });
    expect((await ingest(batch)).body).toMatchObject({ stored: 0, duplicates: 10 });
    const settings = await t.ctx.db.select().from(pdmSettings).where(eq(pdmSettings.patientId, patientId));
    expect(settings).toHaveLength(1);
    expect(settings[0]!.settings).toEqual(pdmSettingsOf(randomProfile(3)));
    // The session's end arrives later and fills in.
    const ended = { ...batch[7], seq: 10, ended_at: T0 + 2 * 86400_000 };
    expect((await ingest([ended])).body).toMatchObject({ stored: 1 });
    const sessions = await t.ctx.db
      .select()
      .from(deviceSessions)
      .where(and(eq(deviceSessions.patientId, patientId)));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.endedAt?.getTime()).toBe(T0 + 2 * 86400_000);
  });

  it('keeps the upload history of every batch', async () => {
    const rows = await t.ctx.db.select().from(uploads).where(eq(uploads.patientId, patientId));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.some((r) => r.duplicates === 3 && r.stored === 0)).toBe(true);
  });

  it('refuses unknown, revoked or user tokens with 401, and empty batches with 400', async () => {
    expect((await ingest([sg(30)], 'not-a-token')).status).toBe(401);
    expect((await ingest([sg(30)], patientToken)).body.error).toBe(ErrorCode.UNAUTHORIZED);
    expect((await t.call('POST', API.ingest, { token: deviceToken, body: { records: [] } })).status).toBe(
      400,
    );
    const list = await t.call<{ devices: Array<{ device_id: string }> }>('GET', API.devices, {
      token: patientToken,
    });
    const id = list.body.devices[0]!.device_id;
    expect((await t.call('POST', `${API.devices}/${id}/revoke`, { token: patientToken })).body.error).toBe(0);
    expect((await ingest([sg(31)])).status).toBe(401);
    expect(await sgCount()).toBe(7);
  });

  it('stores nothing for a remembered token once its account is closed (the write re-checks the device)', async () => {
    const reg = await t.call('POST', API.devices, {
      token: patientToken,
      body: { kind: 'sensor_app', serial: 'SA-2', name: 'Sensor app' },
    });
    const token = reg.body.device_token as string;
    expect((await ingest([sg(25)], token)).body).toMatchObject({ stored: 1 });
    const before = await sgCount();
    await t.ctx.db.update(users).set({ status: 'disabled' }).where(eq(users.id, patientId));
    try {
      // A repeat of the last reading (only an upload row to write, from the state this process kept
      // of the patient), new sensor readings alone (the one-statement write) and a mixed batch (the
      // transaction).
      expect((await ingest([sg(25)], token)).status).toBe(401);
      expect((await ingest([sg(26)], token)).status).toBe(401);
      expect(
        (
          await ingest(
            [
              sg(27),
              {
                type: 'event',
                serial: 'PB-1',
                seq: 90,
                time: T0,
                utc_offset_min: 60,
                event_type: 'CARB',
                value: 20,
              },
            ],
            token,
          )
        ).status,
      ).toBe(401);
      expect(await sgCount()).toBe(before);
    } finally {
      await t.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, patientId));
    }
    expect((await ingest([sg(28)], token)).body).toMatchObject({ stored: 1 });
  });

  it('lets only patients register devices', async () => {
    const carer = (
      await t.call('POST', API.login, { body: { username: 'carer@example.com', password, user_type: 'P' } })
    ).body.token as string;
    const res = await t.call('POST', API.devices, { token: carer, body: { kind: 'patch_app', serial: 'X' } });
    expect(res.status).toBe(403);
  });
});
