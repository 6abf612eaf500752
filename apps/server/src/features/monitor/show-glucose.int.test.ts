import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ConnectionsResponse, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People, type Who } from '../../../test-support/people';

// The patient's security setting "show glucose value" (spec §2) decides whether followers see the
// current glucose value on the screens the patient shares (live monitor, carer home).

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  const device = (
    await t.call('POST', API.devices, {
      token: p.tokens.patient,
      body: { kind: 'sensor_app', serial: 'TX-1' },
    })
  ).body.device_token as string;
  const base = { serial: 'TX-1', utc_offset_min: 0 };
  await t.call('POST', API.ingest, {
    token: device,
    body: {
      records: [
        { type: 'sg', ...base, seq: 1, time: NOW - 120_000, mgdl: 143, rate: 5 },
        { type: 'sensor_status', ...base, seq: 2, time: NOW - 120_000, status: 'monitoring' },
      ],
    },
  });
});
afterAll(() => t.close());

const sensor = async (who: Who) =>
  (
    await t.call<{ status: MonitorStatus }>('GET', `${API.monitorStatus(p.ids.patient)}?hours=1`, {
      token: p.tokens[who],
    })
  ).body.status.sensor_status;
const carerHome = async () =>
  (await t.call<ConnectionsResponse>('GET', API.connections, { token: p.tokens.carer })).body.connections[0]
    ?.sensor_status;
const showGlucose = (show: boolean) =>
  t.call('POST', API.security, { token: p.tokens.patient, body: { mfa: false, show_glucose: show } });

describe('show glucose value (security setting) on follower views', () => {
  it('shows followers the current value while the patient shows it', async () => {
    expect(await sensor('carer')).toMatchObject({ glucose: 143, glucoseRate: 5 });
    expect(await carerHome()).toMatchObject({ glucose: 143 });
  });

  it('hides the current value from followers, not from the patient, when switched off', async () => {
    expect((await showGlucose(false)).body.error).toBe(0);
    for (const s of [await sensor('carer'), await sensor('hcp'), await carerHome()]) {
      expect(s).toMatchObject({
        glucose: null,
        glucoseRate: null,
        glucoseHidden: true,
        status: 'monitoring',
      });
    }
    expect(await sensor('patient')).toMatchObject({ glucose: 143 });
    expect((await showGlucose(true)).body.error).toBe(0);
    expect(await sensor('carer')).toMatchObject({ glucose: 143 });
  });
});
