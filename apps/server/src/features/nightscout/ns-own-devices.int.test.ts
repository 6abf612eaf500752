import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// Black-box, over real HTTP: what follower apps see of the portal's own patch pump and sensor. The
// data goes in through the realtime ingest as the device apps send it; it comes out through API v1
// (xDrip+ follower, Nightguard, Loop followers) and v3 (AndroidAPS), next to uploaded documents.

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON bodies
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const at = (min: number) => now - min * MIN;
const iso = (min: number) => new Date(at(min)).toISOString();
const base = (serial: string, seq: number, min: number) => ({
  serial,
  seq,
  time: at(min),
  utc_offset_min: 60,
});

/** What the patch app and the PDM send (shapes of the simulator: pump-status.ts, pump.ts, patient.ts). */
const RECORDS = [
  { type: 'pump_status', ...base('PB-7', 1, 10), state: 32, basal_type: 1, basal_rate: 0.85, auto_mode: false,
    iob: 2.35, reservoir_units: 142.5, battery_percent: 76, uploader_battery_percent: 64, patch_state: 'deliveringBasal', mode: 'standard',
    last_bolus: { time: at(30), code: 'CCW', delivered: 4.2 }, suspend_time: null },
  { type: 'pump_status', ...base('PB-7', 2, 5), state: 64, basal_rate: 0, iob: 2.1, reservoir_units: 142,
    battery_percent: 75, patch_state: 'suspendedManual', mode: 'standard', suspend_time: at(5) },
  { type: 'bolus', ...base('PB-7', 3, 30), code: 'CCW', set: 4.2, delivered: 4.2,
    details: { bg: 158, carb: 45, carb_bolus: 3.75, corr_bolus: 0.45, iob: 0, suggest: 4.2 } },
  { type: 'bolus', ...base('PB-7', 4, 90), code: 'CB', set: 1, delivered: 1, extended_set: 2,
    extended_delivered: 2, extended_duration_min: 60 },
  { type: 'basal', ...base('PB-7', 5, 200), code: 'BAS', duration_min: 60, rate: 0.8, delivered: 0.8 },
  { type: 'basal', ...base('PB-7', 6, 120), code: 'BAAT', duration_min: 30, rate: 1.5, delivered: 0.75 },
  { type: 'basal', ...base('PB-7', 7, 50), code: 'BAAM', duration_min: 5, rate: 0.6, delivered: 0.05,
    auto: { auto_basal_delivery: 0.05, auto_corr_delivery: 0.1, auto_food_delivery: 0 } },
  { type: 'basal', ...base('PB-7', 8, 45), code: 'SUSLSG', duration_min: 20, rate: 0, delivered: 0 },
  { type: 'bg', ...base('PDM-7', 9, 31), mgdl: 158 },
  { type: 'event', ...base('PDM-7', 10, 40), event_type: 'CARB', value: 20, details: null, notes: 'Juice' },
  { type: 'session', ...base('PB-7', 11, 2880), kind: 'patch', started_at: at(2880), rated_life_hours: 72 },
  { type: 'sensor_status', ...base('TX-7', 12, 6), status: 'monitoring', battery_percent: 90 },
]; // prettier-ignore

let t: TestApp;
let p: People;
let http: Http;
let read: string;
let other: string;
let v3: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  t.clock.set(new Date(now));
  read = (await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Nightguard')).token;
  other = (await newCredential(t, p.ids.other, p.tokens.other, 'read', 'Nightguard')).token;
  const device = await registerDevice(t, p.tokens.patient, 'PB-7');
  const res = await device.ingest(RECORDS);
  expect(res.body).toMatchObject({ error: 0, stored: RECORDS.length, rejected: 0 });
  // An uploader's own data too (AndroidAPS): it stays one document each.
  const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'AAPS');
  const h = { 'api-secret': upload.api_secret_sha1 };
  const posted = await Promise.all([
    http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [{ eventType: 'Correction Bolus', insulin: 0.25, created_at: iso(20), isSMB: true }],
    }),
    http.req('POST', '/api/v1/devicestatus', {
      headers: h,
      body: [{ device: 'openaps://phone', created_at: iso(180), pump: { reservoir: 99, clock: iso(180) } }],
    }),
  ]);
  for (const r of posted) expect(r.status).toBe(200);
  const jwt = await http.req('GET', `/api/v2/authorization/request/${read}`);
  v3 = { authorization: `Bearer ${jwt.body.token as string}` };
}, 60_000);
afterAll(() => t.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await http.req('GET', path, { headers });
  expect(res.status).toBe(200);
  return res.body as Loose;
};
const v1 = (path: string, token = read) => get(`${path}${path.includes('?') ? '&' : '?'}token=${token}`);

describe('devicestatus of the portal’s own pump', () => {
  it('answers count=1 with the newest pump snapshot, as xDrip+ and Nightguard ask', async () => {
    const [latest] = (await v1('/api/v1/devicestatus.json?count=1')) as Loose[];
    expect(latest).toMatchObject({
      created_at: iso(5),
      date: at(5),
      device: 'CGM Portal',
      utcOffset: 60,
      pump: {
        clock: iso(5),
        reservoir: 142,
        battery: { percent: 75 },
        suspended: true,
        status: { status: 'suspended', suspended: true, bolusing: false, timestamp: iso(5) },
        iob: { iob: 2.1, timestamp: iso(5) },
      },
    });
    expect(latest!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(latest).not.toHaveProperty('uploader');
  });

  it('lists every snapshot with the uploaded status once, newest first', async () => {
    const docs = (await v1('/api/v1/devicestatus.json?count=10')) as Loose[];
    expect(docs.map((d) => d.created_at)).toEqual([iso(5), iso(10), iso(180)]);
    // The phone's battery where the patch app sent it (Nightscout's uploader pill).
    expect(docs[1]).toMatchObject({ uploader: { name: 'CGM Portal', battery: 64 }, uploaderBattery: 64 });
    expect(docs[1]!.pump).toMatchObject({
      reservoir: 142.5,
      battery: { percent: 76 },
      status: { status: 'normal', suspended: false },
      iob: { iob: 2.35, bolusiob: 2.35 },
      extended: { BasalRate: 0.85, Mode: 'standard', LastBolusAmount: 4.2, LastBolus: iso(30) },
    });
    expect(docs[2]).toMatchObject({ device: 'openaps://phone', pump: { reservoir: 99 } });
  });

  it('serves v3 search, history and lastModified with stable identifiers', async () => {
    const found = (await get('/api/v3/devicestatus?limit=5', v3)).result as Loose[];
    expect(found[0]).toMatchObject({ date: at(5), srvModified: at(5), pump: { reservoir: 142 } });
    const v1Ids = ((await v1('/api/v1/devicestatus.json?count=2')) as Loose[]).map((d) => d._id);
    expect(found.slice(0, 2).map((d) => d.identifier)).toEqual(v1Ids);
    const history = (await get(`/api/v3/devicestatus/history/${at(11)}`, v3)).result as Loose[];
    const own = history.filter((d) => d.device === 'CGM Portal');
    expect(own.map((d) => [d.date, d.srvModified])).toEqual([
      [at(10), at(10)],
      [at(5), at(5)],
    ]);
    const last = (await get('/api/v3/lastModified', v3)).result.collections;
    expect(last.devicestatus).toBeGreaterThanOrEqual(at(5));
  });
});

describe('treatments of the portal’s own pump, meter and logbook', () => {
  const byType = (docs: Loose[], type: string) => docs.filter((d) => d.eventType === type);

  it('shows boluses, temp basals, suspends, carbs and BG checks from a date on (v1 find)', async () => {
    const docs = (await v1(
      `/api/v1/treatments.json?find[created_at][$gte]=${iso(100)}&count=50`,
    )) as Loose[];
    expect(docs.every((d) => Date.parse(d.created_at) >= at(100))).toBe(true);
    expect(byType(docs, 'Meal Bolus')).toEqual([
      expect.objectContaining({ insulin: 4.2, carbs: 45, created_at: iso(30), date: at(30), utcOffset: 60 }),
    ]);
    expect(byType(docs, 'Combo Bolus')).toEqual([
      expect.objectContaining({ insulin: 1, enteredinsulin: 3, duration: 60, relative: 2, splitExt: 66.667 }),
    ]);
    const temps = byType(docs, 'Temp Basal');
    expect(temps.find((d) => d.created_at === iso(50))).toMatchObject({ absolute: 0.6, duration: 5, automatic: true });
    expect(temps.find((d) => d.created_at === iso(45))).toMatchObject({ absolute: 0, rate: 0, duration: 20, reason: 'SUSLSG' });
    expect(temps).toHaveLength(2); // the temp basal at −120 min is before the date; scheduled basal is the profile's
    expect(byType(docs, 'Carb Correction')).toEqual([expect.objectContaining({ carbs: 20, notes: 'Juice' })]);
    expect(byType(docs, 'BG Check')).toEqual([
      expect.objectContaining({ glucose: 158, glucoseType: 'Finger', units: 'mg/dl', created_at: iso(31) }),
    ]);
    const smb = byType(docs, 'Correction Bolus');
    expect(smb.map((d) => d.insulin).sort()).toEqual([0.1, 0.25]); // auto mode correction, AAPS's SMB
    expect(smb.find((d) => d.insulin === 0.1)).toMatchObject({ isSMB: true, automatic: true, enteredBy: 'CGM Portal' });
  }); // prettier-ignore

  it('applies count, eventType and the 4-day window; the temp basal has its rate and duration', async () => {
    expect((await v1('/api/v1/treatments.json?count=2')) as Loose[]).toHaveLength(2);
    const temps = (await v1(
      `/api/v1/treatments.json?find[eventType]=Temp%20Basal&find[created_at][$lt]=${iso(100)}`,
    )) as Loose[];
    expect(temps).toEqual([expect.objectContaining({ absolute: 1.5, rate: 1.5, duration: 30, automatic: false })]);
    // Nightguard's cannula age: the newest Site Change since a date.
    const site = (await v1(
      `/api/v1/treatments.json?count=1&find[eventType]=Site%20Change&find[created_at][$gte]=${iso(3000)}`,
    )) as Loose[];
    expect(site).toEqual([expect.objectContaining({ created_at: iso(2880), enteredBy: 'CGM Portal' })]);
  }); // prettier-ignore

  it('serves v3 search, a document by identifier, history and lastModified', async () => {
    const found = (await get(`/api/v3/treatments?created_at$gte=${iso(100)}&limit=100`, v3))
      .result as Loose[];
    const bolus = found.find((d) => d.eventType === 'Meal Bolus')!;
    expect(bolus).toMatchObject({ insulin: 4.2, carbs: 45, srvModified: at(30), srvCreated: at(30) });
    const one = await get(`/api/v3/treatments/${bolus.identifier as string}`, v3);
    expect(one.result).toMatchObject({ insulin: 4.2, identifier: bolus.identifier });
    // A row of the pump counts as changed when it closed: the temp basal at −120 min for 30 min.
    const history = (await get(`/api/v3/treatments/history/${at(95)}`, v3)).result as Loose[];
    expect(history.some((d) => d.absolute === 1.5 && d.srvModified === at(90))).toBe(true);
    const last = (await get('/api/v3/lastModified', v3)).result.collections;
    expect(last.treatments).toBeGreaterThanOrEqual(at(20));
  });

  it('keeps a delete through the API away from the portal’s own data', async () => {
    const docs = (await v1('/api/v1/treatments.json?find[eventType]=BG%20Check')) as Loose[];
    const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Trio');
    const del = await http.req('DELETE', `/api/v1/treatments/${docs[0]!._id as string}`, {
      headers: { 'api-secret': upload.api_secret_sha1 },
    });
    expect(del.body).toMatchObject({ n: 0 });
    expect((await v1('/api/v1/treatments.json?find[eventType]=BG%20Check')) as Loose[]).toHaveLength(1);
  });

  it('shows logbook events entered in the portal, and their deletion in v3 history', async () => {
    const add = await t.call<{ eids: string[] }>('POST', API.eventsNew(p.ids.patient), {
      token: p.tokens.patient,
      body: { data: [{ date: at(15), utc_offset_min: 60, type: 'EXR', value: 30, exerciseIntensity: 1 }] },
    });
    expect(add.status).toBe(200);
    const exercise = (await v1('/api/v1/treatments.json?find[eventType]=Exercise')) as Loose[];
    expect(exercise).toEqual([expect.objectContaining({ duration: 30, created_at: iso(15) })]);
    t.clock.advance(MIN);
    const del = await t.call('POST', API.eventsDelete(p.ids.patient), {
      token: p.tokens.patient,
      body: { eids: add.body.eids },
    });
    expect(del.status).toBe(200);
    expect((await v1('/api/v1/treatments.json?find[eventType]=Exercise')) as Loose[]).toEqual([]);
    const history = (await get(`/api/v3/treatments/history/${now}`, v3)).result as Loose[];
    expect(history.filter((d) => d.eventType === 'Exercise')).toEqual([
      expect.objectContaining({ isValid: false, srvModified: now + MIN }),
    ]);
  });
});

describe('what is not shown', () => {
  it('stores uploaded data once: no realtime copy of what an uploader sent', async () => {
    const docs = (await v1(`/api/v1/treatments.json?find[insulin]=0.25`)) as Loose[];
    expect(docs).toHaveLength(1);
    expect(docs[0]).not.toHaveProperty('enteredBy');
    const status = (await v1('/api/v1/devicestatus.json?find[pump.reservoir]=99')) as Loose[];
    expect(status).toHaveLength(1);
  });

  it('shows another patient’s credential none of it, in v1 or v3', async () => {
    expect(await v1('/api/v1/devicestatus.json?count=10', other)).toEqual([]);
    expect(await v1(`/api/v1/treatments.json?find[created_at][$gte]=${iso(3000)}`, other)).toEqual([]);
    const jwt = await http.req('GET', `/api/v2/authorization/request/${other}`);
    const auth = { authorization: `Bearer ${jwt.body.token as string}` };
    expect((await get('/api/v3/treatments/history/0', auth)).result).toEqual([]);
    expect((await get('/api/v3/devicestatus?limit=10', auth)).result).toEqual([]);
    expect((await get('/api/v3/lastModified', auth)).result.collections).toEqual({});
  });
});
