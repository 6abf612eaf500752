import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdmSettingsOf, randomProfile } from '@cgm/simulator';
import { ErrorCode } from '@cgm/domain';
import { API, type PdmSettingsResponse, type SessionsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_READ,
  MAY_READ,
  registerDevice,
  type People,
  type Who,
} from '../../../test-support/people';

let t: TestApp;
let p: People;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const first = { ...pdmSettingsOf(randomProfile(1)), pdm_serial: 'PDM-1' };
const second = { ...pdmSettingsOf(randomProfile(2)), pdm_serial: 'PDM-2' };
const T1 = NOW - 20 * DAY;
const T2 = NOW - 5 * DAY;

const record = (seq: number, fields: Record<string, unknown>) => ({
  serial: 'PDM-1',
  seq,
  time: NOW - DAY,
  utc_offset_min: 60,
  ...fields,
});
const session = (
  seq: number,
  kind: 'sensor' | 'patch',
  serial: string,
  start: number,
  end: number | null,
  pdm: string | null = null,
) =>
  record(seq, {
    type: 'session',
    serial,
    kind,
    started_at: start,
    ended_at: end,
    rated_life_hours: kind === 'sensor' ? 336 : 72,
    pdm_serial: pdm,
  });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  const device = await registerDevice(t, p.tokens.patient, 'PDM-1');
  const res = await device.ingest([
    record(1, { type: 'pdm_settings', serial: 'PDM-1', time: T1, settings: first }),
    record(2, { type: 'pdm_settings', serial: 'PDM-2', time: T2, settings: second }),
    // A sensor that lasted its 14 days, one that failed after 3, and the one running now.
    session(3, 'sensor', 'TX-1', NOW - 30 * DAY, NOW - 16 * DAY),
    session(4, 'sensor', 'TX-2', NOW - 16 * DAY, NOW - 13 * DAY),
    session(5, 'sensor', 'TX-3', NOW - 13 * DAY, null),
    // Patches: one removed early, one used fully, the current one.
    session(6, 'patch', 'PB-1', NOW - 7 * DAY, NOW - 5 * DAY, 'PDM-1'),
    session(7, 'patch', 'PB-2', NOW - 5 * DAY, NOW - 2 * DAY, 'PDM-1'),
    session(8, 'patch', 'PB-3', NOW - 2 * DAY, null, 'PDM-2'),
  ]);
  expect(res.body).toMatchObject({ stored: 8, rejected: 0 });
});
afterAll(() => t.close());

const settings = (who: Who, query = '', id = p.ids.patient) =>
  t.call<PdmSettingsResponse & { error: number }>('GET', `${API.pdmSettings(id)}${query}`, {
    token: p.tokens[who],
  });
const sessions = (who: Who, query = '', id = p.ids.patient) =>
  t.call<SessionsResponse>('GET', `${API.pdmSessions(id)}${query}`, { token: p.tokens[who] });

describe('PDM settings (spec §3 "Device settings reviewed")', () => {
  it('answers the latest settings with their time, serial and source', async () => {
    const res = await settings('patient');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: 0, settings: second, serial: 'PDM-2', time: T2, source: 'realtime' });
  });

  it('answers the settings in force at a time (for reports)', async () => {
    expect((await settings('carer', `?at=${T2 - 1}`)).body.settings).toEqual(first);
    expect((await settings('carer', `?at=${T2}`)).body.settings).toEqual(second);
    expect((await settings('carer', `?at=${T1}`)).body).toMatchObject({ serial: 'PDM-1', time: T1 });
  });

  it('answers settings null, not 404, when there are none', async () => {
    expect((await settings('patient', `?at=${T1 - 1}`)).body).toEqual({ error: 0, settings: null });
    expect((await settings('other', '', p.ids.other)).body).toEqual({ error: 0, settings: null });
  });

  it('refuses a bad time with 400', async () => {
    const res = await settings('patient', '?at=yesterday');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('sessions (spec §3 sessions: sensor and pump lists with the PDM serial)', () => {
  it('lists sensor and patch sessions newest first, with rated life and early ends', async () => {
    const res = await sessions('patient');
    expect(res.status).toBe(200);
    expect(res.body.pdm_serial).toBe('PDM-2');
    expect(res.body.sensor).toEqual([
      {
        serial: 'TX-3',
        pdm_serial: null,
        start: NOW - 13 * DAY,
        end: null,
        rated_life_hours: 336,
        expires_at: NOW + DAY,
        ended_early: null,
        source: 'realtime',
      },
      expect.objectContaining({ serial: 'TX-2', end: NOW - 13 * DAY, ended_early: true }),
      expect.objectContaining({ serial: 'TX-1', end: NOW - 16 * DAY, ended_early: false }),
    ]);
    expect(res.body.pump.map((s) => [s.serial, s.pdm_serial, s.ended_early])).toEqual([
      ['PB-3', 'PDM-2', null],
      ['PB-2', 'PDM-1', false],
      ['PB-1', 'PDM-1', true],
    ]);
    expect(res.body.pump[0]!.expires_at).toBe(NOW + DAY);
  });

  it('lists only the sessions overlapping [from, to)', async () => {
    const range = `?from=${NOW - 15 * DAY}&to=${NOW - 6 * DAY}`;
    const res = await sessions('carer', range);
    expect(res.body.sensor.map((s) => s.serial)).toEqual(['TX-3', 'TX-2']);
    expect(res.body.pump.map((s) => s.serial)).toEqual(['PB-1']);
    const since = await sessions('carer', `?from=${NOW - HOUR}`);
    expect(since.body.sensor.map((s) => s.serial)).toEqual(['TX-3']);
    expect(since.body.pump.map((s) => s.serial)).toEqual(['PB-3']);
  });

  it('answers empty lists for a patient without sessions', async () => {
    expect((await sessions('other', '', p.ids.other)).body).toEqual({
      error: 0,
      pdm_serial: null,
      sensor: [],
      pump: [],
    });
  });

  it.each(['?from=10&to=5', '?from=abc', '?to=-1'])('refuses the range %s with 400', async (query) => {
    expect((await sessions('patient', query)).status).toBe(400);
  });
});

describe('who may see PDM data (spec §6)', () => {
  it.each(MAY_READ)('%s may', async (who) => {
    expect((await settings(who)).body.serial).toBe('PDM-2');
    expect((await sessions(who)).body.sensor).toHaveLength(3);
  });

  it.each(MAY_NOT_READ)('%s may not', async (who) => {
    expect((await settings(who)).status).toBe(403);
    expect((await sessions(who)).status).toBe(403);
  });

  it('answers an unknown patient id as for a stranger', async () => {
    expect((await settings('carer', '', 'no-such-patient')).status).toBe(403);
    expect((await sessions('carer', '', 'no-such-patient')).status).toBe(403);
  });
});
