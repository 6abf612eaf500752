import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ActiveAlert } from '@cgm/contract';
import { defaultAlertSettings } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';

// Follower alerts and the patient's data options (issue 16): the options decide which source counts
// for alerts as for the monitor and the reports. The device API stores realtime-app data; a range
// the patient gave to the PDM ('uploaded') makes those readings not count there.

let t: TestApp;
let p: People;
let ingest: (records: unknown[]) => Promise<{ status: number }>;
const MIN = 60_000;
const T0 = Date.parse('2026-11-26T12:00:00Z');
let seq = 1;

const sg = (time: number, mgdl: number) => ({
  type: 'sg',
  serial: 'TX-1',
  utc_offset_min: 0,
  seq: seq++,
  time,
  mgdl,
});
const active = async () =>
  (await t.call<{ alerts: ActiveAlert[] }>('GET', API.alertsActive, { token: p.tokens.carer })).body.alerts;
const chooseSensorSource = async (option: 'daopapp' | 'pdm') => {
  const res = await t.call('POST', API.dataOptions(p.ids.patient), {
    token: p.tokens.patient,
    body: { options: [{ option, cgms: [{ start: T0 - 24 * 60 * MIN, end: null }], pump: [] }] },
  });
  expect(res.status).toBe(200);
  // The change is heard on the bus ('access') and evaluated at once, without waiting for the timer.
  await t.app.alertEngine.idle();
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(T0));
  p = await createPeople(t);
  ingest = (await registerDevice(t, p.tokens.patient, 'TX-1')).ingest;
  const on = await t.call('POST', API.alertSettings(p.ids.patient), {
    token: p.tokens.carer,
    body: { on: true, settings: defaultAlertSettings('mg/dL') },
  });
  expect(on.status).toBe(200);
});
afterAll(() => t.close());

describe('alerts and the data options', () => {
  it('raise nothing from readings of a source the patient did not choose for that time', async () => {
    await chooseSensorSource('pdm');
    t.clock.set(new Date(T0 + 10 * MIN));
    await ingest([sg(T0, 80), sg(T0 + 5 * MIN, 60), sg(T0 + 10 * MIN, 50)]);
    await t.app.alertEngine.idle();
    await t.app.alertEngine.sweep();
    // Not an urgent low, and not a "no data" either: the chosen source has no reading yet, and the
    // no-data rule waits for a first reading.
    expect((await active()).map((a) => a.kind)).not.toContain('urgentLow');
  });

  it('raise the alert once the patient chooses the source those readings came from', async () => {
    await chooseSensorSource('daopapp');
    expect(await active()).toEqual([expect.objectContaining({ kind: 'urgentLow', value: 50 })]);
  });

  it('end the alert when the options stop counting the readings that raised it', async () => {
    t.clock.set(new Date(T0 + 11 * MIN));
    await chooseSensorSource('pdm');
    expect((await active()).map((a) => a.kind)).not.toContain('urgentLow');
  });
});
