import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// The live monitor shows, per device kind, the source the patient's data options name (spec §4
// "Data option"), like the reports: an app uploading through the Nightscout API does not override
// the patient's chosen sensor or pump, nor the other way round.

let t: TestApp;
let p: People;
let http: Http;
const NOW = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  http = await listen(t);
  const device = await registerDevice(t, p.tokens.patient, 'PB-7');
  const base = (seq: number, min: number) => ({ seq, time: NOW - min * MIN, utc_offset_min: 0 });
  const realtime = await device.ingest([
    { type: 'sg', serial: 'TX-7', ...base(1, 2), mgdl: 131, rate: 4 },
    { type: 'pump_status', serial: 'PB-7', ...base(2, 3), state: 32, reservoir_units: 50 },
  ]);
  expect(realtime.status).toBe(200);
  const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'AndroidAPS');
  const h = { 'api-secret': cred.api_secret_sha1 };
  await http.req('POST', '/api/v1/entries', {
    headers: h,
    body: [{ type: 'sgv', sgv: 222, date: NOW - 10 * MIN, device: 'AndroidAPS-DexcomG6' }],
  });
  await http.req('POST', '/api/v1/devicestatus', {
    headers: h,
    body: [{ created_at: new Date(NOW - MIN).toISOString(), pump: { reservoir: 190 } }],
  });
}, 60_000);
afterAll(() => t.close());

const status = async () => {
  const res = await t.call<{ status: MonitorStatus }>('GET', API.monitorStatus(p.ids.patient), {
    token: p.tokens.carer,
  });
  expect(res.status).toBe(200);
  return res.body.status;
};

describe('the monitor follows the data options', () => {
  it('without options shows the newest of any source', async () => {
    const s = await status();
    expect(s.sensor_status?.glucose).toBe(131);
    expect(s.pump_status?.reservoir).toBe(190);
    expect(s.chart.sg.map((r) => r[1])).toEqual([222, 131]);
  });

  it('shows uploaded sensor data and the realtime pump when the options say so', async () => {
    const saved = await t.call('POST', API.dataOptions(p.ids.patient), {
      token: p.tokens.patient,
      body: {
        options: [
          { option: 'pdm', cgms: [{ start: NOW - 86_400_000, end: null }], pump: [] },
          { option: 'daopapp', cgms: [], pump: [{ start: NOW - 86_400_000, end: null }] },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const s = await status();
    expect(s.sensor_status?.glucose).toBe(222);
    expect(s.chart.sg.map((r) => r[1])).toEqual([222]);
    expect(s.pump_status?.reservoir).toBe(50);
  });
});
