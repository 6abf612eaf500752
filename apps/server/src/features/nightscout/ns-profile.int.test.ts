import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, type DeviceSettingsReportResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// Profiles → device settings, over real HTTP: what Loop (NightscoutKit ProfileSet) and AndroidAPS
// (v3 profile collection) upload, read back through the portal's device-settings report.

let t: TestApp;
let p: People;
let http: Http;
let h: Record<string, string>;
let accessToken: string;
let now: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Loop');
  h = { 'api-secret': cred.api_secret_sha1 };
  accessToken = cred.token;
  now = t.clock.now().getTime();
}, 60_000);
afterAll(() => t.close());

const at = (time: string, value: number) => {
  const [hh, mm] = time.split(':').map(Number);
  return { time, timeAsSeconds: hh! * 3600 + mm! * 60, value };
};

/** Loop's ProfileSet (NightscoutKit), as it posts one after a settings change. */
const loopProfile = (startMs: number) => ({
  defaultProfile: 'Default',
  startDate: new Date(startMs).toISOString(),
  mills: String(startMs),
  units: 'mg/dL',
  enteredBy: 'Loop',
  store: {
    Default: {
      dia: 6,
      carbs_hr: '0',
      delay: '0',
      timezone: 'ETC/GMT+2',
      units: 'mg/dL',
      basal: [at('00:00', 0.8), at('06:00', 1.1), at('22:30', 0.9)],
      carbratio: [at('00:00', 12), at('11:00', 9)],
      sens: [at('00:00', 45), at('07:00', 40)],
      target_low: [at('00:00', 100), at('21:00', 110)],
      target_high: [at('00:00', 110), at('21:00', 120)],
    },
  },
  loopSettings: { dosingEnabled: true, maximumBasalRatePerHour: 3, maximumBolus: 10, minimumBGGuard: 75 },
});

const report = async (): Promise<DeviceSettingsReportResponse> => {
  const res = await t.call('GET', API.reportDeviceSettings(p.ids.patient), { token: p.tokens.patient });
  expect(res.status).toBe(200);
  return res.body as unknown as DeviceSettingsReportResponse;
};

describe('Nightscout profile → device settings', () => {
  const start = () => now - 2 * 3600_000;

  it('shows Loop’s profile in the device-settings report', async () => {
    const posted = await http.req('POST', '/api/v1/profile', { headers: h, body: [loopProfile(start())] });
    expect(posted.status).toBe(200);
    const body = await report();
    expect(body).toMatchObject({ serial: 'nightscout', source: 'uploaded', time: start() });
    expect(body.settings!.basal).toEqual({
      active_pattern: 'standard',
      patterns: {
        standard: [
          { start_min: 0, rate: 0.8 },
          { start_min: 360, rate: 1.1 },
          { start_min: 1350, rate: 0.9 },
        ],
      },
    });
    expect(body.basal_totals.standard).toBeCloseTo(0.8 * 6 + 1.1 * 16.5 + 0.9 * 1.5, 5);
    expect(body.settings!.bolus).toEqual({
      ic_ratios: [
        { start_min: 0, grams_per_unit: 12 },
        { start_min: 660, grams_per_unit: 9 },
      ],
      insulin_sensitivity: [
        { start_min: 0, mgdl_per_unit: 45 },
        { start_min: 420, mgdl_per_unit: 40 },
      ],
      bg_target: [
        { start_min: 0, low_mgdl: 100, high_mgdl: 110 },
        { start_min: 1260, low_mgdl: 110, high_mgdl: 120 },
      ],
      active_insulin_time_h: 6,
    });
    // Nothing the profile does not hold is invented (max bolus, alerts, delivery limits…).
    expect(body.settings!.delivery_limits).toBeUndefined();
    expect(body.settings!.bolus!.max_bolus).toBeUndefined();
    // The data-sources PDM panel shows only the PDM's own settings.
    const pdm = await t.call('GET', API.pdmSettings(p.ids.patient), { token: p.tokens.patient });
    expect(pdm.body.settings).toBeNull();
  });

  it('replaces the settings when Loop updates the profile (PUT, same document)', async () => {
    const [doc] = (await http.req('GET', '/api/v1/profile.json?count=1', { headers: h })).body;
    const changed = loopProfile(start());
    changed.store.Default.dia = 5;
    const put = await http.req('PUT', '/api/v1/profile', { headers: h, body: { ...changed, _id: doc._id } });
    expect(put.status).toBe(200);
    const body = await report();
    expect(body.settings!.bolus!.active_insulin_time_h).toBe(5);
    expect(body.changes).toEqual([start()]);
  });

  it('converts a profile in mmol/L to mg/dL', async () => {
    const mmolStart = now - 3600_000;
    const profile = {
      defaultProfile: 'Work',
      startDate: new Date(mmolStart).toISOString(),
      units: 'mmol',
      store: {
        Work: {
          dia: 5,
          units: 'mmol',
          basal: [at('00:00', 0.5)],
          carbratio: [at('00:00', 10)],
          sens: [at('00:00', 2.5)],
          target_low: [at('00:00', 5.5)],
          target_high: [at('00:00', 6.5)],
        },
        Other: { dia: 3, units: 'mmol', basal: [at('00:00', 2)] },
      },
    };
    const posted = await http.req('POST', '/api/v1/profile', { headers: h, body: profile });
    expect(posted.status).toBe(200);
    const body = await report();
    expect(body.time).toBe(mmolStart);
    expect(body.settings!.basal!.patterns.standard).toEqual([{ start_min: 0, rate: 0.5 }]);
    expect(body.settings!.bolus!.insulin_sensitivity).toEqual([{ start_min: 0, mgdl_per_unit: 45 }]);
    expect(body.settings!.bolus!.bg_target).toEqual([{ start_min: 0, low_mgdl: 99, high_mgdl: 117 }]);
    expect(body.changes).toEqual([mmolStart, start()]);
  });

  it('removes the settings when the profile is deleted (v1 and v3)', async () => {
    const list = (await http.req('GET', '/api/v1/profile.json', { headers: h })).body as Array<{
      _id: string;
      defaultProfile: string;
    }>;
    const work = list.find((d) => d.defaultProfile === 'Work')!;
    expect((await http.req('DELETE', `/api/v1/profile/${work._id}`, { headers: h })).status).toBe(200);
    let body = await report();
    expect(body.time).toBe(start());
    expect(body.changes).toEqual([start()]);

    const jwt = (await http.req('GET', `/api/v2/authorization/request/${accessToken}`)).body?.token;
    const v3 = (
      await http.req('GET', '/api/v3/profile?limit=10', { headers: { authorization: `Bearer ${jwt}` } })
    ).body?.result as Array<{ identifier: string; defaultProfile: string }> | undefined;
    const loop = v3?.find((d) => d.defaultProfile === 'Default');
    expect(loop).toBeDefined();
    const del = await http.req('DELETE', `/api/v3/profile/${loop!.identifier}`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(del.status).toBe(200);
    body = await report();
    expect(body.settings).toBeNull();
    expect(body.changes).toEqual([]);
  });
});

describe('cal and mbg entries', () => {
  it('keeps cal entries as documents only; mbg entries become finger-sticks', async () => {
    const cal = {
      type: 'cal',
      date: now - 600_000,
      slope: 895.8,
      intercept: 31120.5,
      scale: 1,
      device: 'xDrip',
    };
    const mbg = { type: 'mbg', date: now - 300_000, mbg: 132, device: 'xDrip' };
    const posted = await http.req('POST', '/api/v1/entries', { headers: h, body: [cal, mbg] });
    expect(posted.status).toBe(200);
    const back = await http.req('GET', '/api/v1/entries.json?find[type]=cal', { headers: h });
    expect(back.body).toHaveLength(1);
    expect(back.body[0]).toMatchObject({ type: 'cal', slope: 895.8, intercept: 31120.5, scale: 1 });
    const rows = await t.ctx.db.execute(
      sql`select mgdl, serial from bg_readings where patient_id = ${p.ids.patient} order by time`,
    );
    expect((rows as unknown as { rows: Array<{ mgdl: number; serial: string }> }).rows).toEqual([
      { mgdl: 132, serial: 'nightscout' },
    ]);
  });
});
