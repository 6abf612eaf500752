import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NS_API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';

// One serializer: a record the file export writes is, field by field, the document a Nightscout
// follower reads of it through API v1, for every kind of the portal's own data; and the export read
// back into the same patient adds nothing.

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON bodies
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const at = (min: number) => now - min * MIN;
const base = (serial: string, seq: number, min: number) => ({
  serial,
  seq,
  time: at(min),
  utc_offset_min: 60,
});

/** What the sensor and patch apps and the PDM send (shapes of the simulator). */
const RECORDS = [
  { type: 'sg', ...base('TX-9', 1, 14), mgdl: 104, rate: 4 },
  { type: 'sg', ...base('TX-9', 2, 12), mgdl: 98, rate: 3, quality: 'C' },
  { type: 'sg', ...base('TX-9', 3, 10), mgdl: 91, rate: 2, quality: 'CX' },
  { type: 'sg', ...base('TX-9', 4, 8), mgdl: null, display_code: 'H' },
  { type: 'sg', ...base('TX-9', 5, 6), mgdl: 87.4, rate: 5 },
  { type: 'pump_status', ...base('PB-9', 1, 10), state: 32, basal_type: 1, basal_rate: 0.85, auto_mode: false,
    iob: 2.35, reservoir_units: 142.5, battery_percent: 76, uploader_battery_percent: 64, patch_state: 'deliveringBasal', mode: 'standard',
    last_bolus: { time: at(30), code: 'CCW', delivered: 4.2 }, suspend_time: null },
  { type: 'pump_status', ...base('PB-9', 2, 5), state: 64, basal_rate: 0, iob: 2.1, reservoir_units: 142,
    battery_percent: 75, patch_state: 'suspendedManual', mode: 'standard', suspend_time: at(5) },
  { type: 'bolus', ...base('PB-9', 3, 30), code: 'CCW', set: 4.2, delivered: 4.2,
    details: { bg: 158, carb: 45, carb_bolus: 3.75, corr_bolus: 0.45, iob: 0, suggest: 4.2 } },
  { type: 'bolus', ...base('PB-9', 14, 20), code: 'NB', set: 0.5, delivered: 0.5 },
  { type: 'bolus', ...base('PB-9', 4, 90), code: 'CB', set: 1, delivered: 1, extended_set: 2,
    extended_delivered: 2, extended_duration_min: 60 },
  { type: 'basal', ...base('PB-9', 6, 120), code: 'BAAT', duration_min: 30, rate: 1.5, delivered: 0.75 },
  { type: 'basal', ...base('PB-9', 7, 50), code: 'BAAM', duration_min: 5, rate: 0.6, delivered: 0.05,
    auto: { auto_basal_delivery: 0.05, auto_corr_delivery: 0.1, auto_food_delivery: 0 } },
  { type: 'basal', ...base('PB-9', 8, 45), code: 'SUSLSG', duration_min: 20, rate: 0, delivered: 0 },
  { type: 'bg', ...base('PDM-9', 9, 31), mgdl: 158 },
  { type: 'event', ...base('PDM-9', 10, 40), event_type: 'CARB', value: 20, details: null, notes: 'Juice' },
  { type: 'event', ...base('PDM-9', 11, 35), event_type: 'OTR', value: null, details: null, notes: 'Walked the dog' },
  { type: 'event', ...base('PDM-9', 12, 25), event_type: 'EXR', value: 30, details: null, notes: null },
  { type: 'sensor_status', ...base('TX-9', 13, 6), status: 'monitoring', battery_percent: 90 },
  { type: 'session', ...base('PB-9', 15, 2000), kind: 'patch', started_at: at(2000), rated_life_hours: 72 },
]; // prettier-ignore

let t: TestApp;
let p: People;
let read: string;
const range = `from=${at(48 * 60)}&to=${now + MIN}`;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  t.clock.set(new Date(now));
  const device = await registerDevice(t, p.tokens.patient, 'PB-9');
  const res = await device.ingest(RECORDS);
  expect(res.body).toMatchObject({ error: 0, stored: RECORDS.length, rejected: 0 });
  const cred = await t.call('POST', NS_API.credentials(p.ids.patient), {
    token: p.tokens.patient,
    body: { name: 'Nightguard', permission: 'read' },
  });
  read = cred.body.token as string;
}, 60_000);
afterAll(() => t.close());

const exported = async () => {
  const res = await t.call('GET', `${NS_API.exports(p.ids.patient)}?${range}&format=json`, {
    token: p.tokens.patient,
  });
  expect(res.status).toBe(200);
  return res.body as Record<'entries' | 'treatments' | 'devicestatus', Loose[]>;
};
const follower = async (collection: string, dateField: string) => {
  const q = `find[${dateField}][$gte]=${encodeURIComponent(new Date(at(48 * 60)).toISOString())}`;
  const res = await t.call('GET', `/api/v1/${collection}.json?${q}&count=100&token=${read}`);
  expect(res.status).toBe(200);
  return res.body as unknown as Loose[];
};
const byId = (docs: Loose[]) => new Map(docs.map((d) => [d._id as string, d]));

describe('the export and the Nightscout API write a record as one document', () => {
  it('sensor readings (C and CX flagged ones too; H has no value for either)', async () => {
    const file = (await exported()).entries;
    const api = await follower('entries', 'dateString');
    expect(file.map((d) => d.sgv)).toEqual([104, 98, 91, 87]);
    expect(byId(file)).toEqual(byId(api));
  });

  it('boluses (extended too), temp and auto basal, suspends, finger-sticks, carbs and notes', async () => {
    const file = (await exported()).treatments;
    const api = await follower('treatments', 'created_at');
    expect(file.map((d) => d.eventType).sort()).toEqual(
      [
        'BG Check',
        'Carb Correction',
        'Combo Bolus',
        'Meal Bolus',
        'Correction Bolus',
        'Correction Bolus',
        'Site Change',
        'Exercise',
        'Note',
        'Temp Basal',
        'Temp Basal',
        'Temp Basal',
      ].sort(),
    );
    expect(file.find((d) => d.eventType === 'Combo Bolus')).toMatchObject({
      insulin: 1,
      enteredinsulin: 3,
      duration: 60,
      relative: 2,
    });
    expect(file.find((d) => d.reason === 'SUSLSG')).toMatchObject({ absolute: 0, duration: 20 });
    expect(byId(file)).toEqual(byId(api));
  });

  it('pump status (the sensor status has no Nightscout document in either)', async () => {
    const file = (await exported()).devicestatus;
    const api = await follower('devicestatus', 'created_at');
    expect(file.map((d) => d.pump.reservoir)).toEqual([142.5, 142]);
    expect(file[0]).toMatchObject({ uploader: { battery: 64 } });
    expect(byId(file)).toEqual(byId(api));
  });

  it('adds nothing when the export is imported into the same patient', async () => {
    const data = await exported();
    const res = await t.call('POST', NS_API.imports(p.ids.patient), {
      token: p.tokens.patient,
      body: { format: 'nightscout_json', content: JSON.stringify(data), filename: 'export.json' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stored: 0, rejected: 0 });
    expect(await exported()).toEqual(data);
    const history = await t.call('GET', `${API.uploads(p.ids.patient)}?page=1&size=10`, {
      token: p.tokens.patient,
    });
    expect(JSON.stringify(history.body)).toContain('export.json');
  });
});
