import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type DeviceRecord } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createPeople, type People } from '../../test-support/people';
import { events } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';
import { storeRecords } from '../patient-data';
import { healthRetentionEnabled, msUntilHour, purgeOldHealthData } from './health-retention';

// Spec §1, §9 "EU data retention 2 years" for accounts in use: the nightly job deletes health data
// older than two years and nothing newer, for every patient; the HTTP answers show it gone.

let t: TestApp;
let p: People;
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T03:00:00Z');
const OLD = Date.parse('2024-11-20T12:00:00Z'); // more than 2 years before NOW
const KEPT = Date.parse('2024-11-21T12:00:00Z'); // less than 2 years before NOW

function recordsAt(time: number, seq0: number): DeviceRecord[] {
  const base = { serial: 'RT-1', time, utc_offset_min: 0 };
  return [
    { type: 'sg', ...base, seq: seq0 + 1, mgdl: 120 },
    { type: 'bg', ...base, seq: seq0 + 2, mgdl: 115 },
    { type: 'bolus', ...base, seq: seq0 + 3, code: 'NB', set: 2, delivered: 2 },
    { type: 'basal', ...base, seq: seq0 + 4, code: 'BAS', duration_min: 30, rate: 1, delivered: 0.5 },
    { type: 'event', ...base, seq: seq0 + 5, event_type: 'CARB', value: 30 },
  ] as DeviceRecord[];
}

const userEvent = (patientId: string, time: number) => ({
  id: newId(),
  patientId,
  serial: 'user',
  time: new Date(time),
  utcOffsetMin: 0,
  eventType: 'EXR',
  origin: 'user',
  createdBy: patientId,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  await t.ctx.db.transaction(async (tx) => {
    for (const who of ['patient', 'other'] as const) {
      await storeRecords(tx, p.ids[who], 'realtime', [...recordsAt(OLD, 0), ...recordsAt(KEPT, 10)]);
    }
  });
  await t.ctx.db.insert(events).values([userEvent(p.ids.patient, OLD), userEvent(p.ids.patient, KEPT)]);
});
afterAll(() => t.close());

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function glucoseOn(ms: number): Promise<number> {
  const res = await t.call<{ error: number; report_data?: unknown }>(
    'GET',
    `${API.chartData(p.ids.patient, 'dd')}?from=${day(ms)}&to=${day(ms)}`,
    { token: p.tokens.patient },
  );
  expect(res.body.error).toBe(0);
  return JSON.stringify(res.body.report_data).match(/"value":/g)?.length ?? 0;
}

async function eventsOn(ms: number): Promise<number> {
  const res = await t.call<{ error: number; events: unknown[] }>(
    'GET',
    `${API.events(p.ids.patient)}?from=${ms - DAY / 2}&to=${ms + DAY / 2}`,
    { token: p.tokens.patient },
  );
  expect(res.body.error).toBe(0);
  return res.body.events.length;
}

describe('EU retention of health data', () => {
  it('is on by default on the EU and French sites, off in China, and configurable', () => {
    expect(healthRetentionEnabled({ REGION: 'eu' })).toBe(true);
    expect(healthRetentionEnabled({ REGION: 'france' })).toBe(true);
    expect(healthRetentionEnabled({ REGION: 'china' })).toBe(false);
    expect(healthRetentionEnabled({ REGION: 'eu', HEALTH_DATA_RETENTION: 'off' })).toBe(false);
    expect(healthRetentionEnabled({ REGION: 'china', HEALTH_DATA_RETENTION: 'on' })).toBe(true);
  });

  it('runs at the configured hour every night', () => {
    expect(msUntilHour(new Date('2026-11-21T02:30:00Z'), 3)).toBe(30 * 60_000);
    expect(msUntilHour(new Date('2026-11-21T03:00:00Z'), 3)).toBe(DAY);
    expect(msUntilHour(new Date('2026-11-21T23:00:00Z'), 3)).toBe(4 * 3_600_000);
  });

  it('deletes data older than 2 years for every patient and keeps the newer', async () => {
    expect(await eventsOn(OLD)).toBeGreaterThan(0);
    expect(await eventsOn(KEPT)).toBeGreaterThan(0);
    const before = { old: await glucoseOn(OLD), kept: await glucoseOn(KEPT) };
    expect(before.old).toBeGreaterThan(0);

    const out = await purgeOldHealthData(t.ctx, new Date(NOW));
    expect(out.patients).toBe(2);
    // Per patient: sg, bg, bolus, basal, device event; the patient also has a hand-entered event.
    expect(out.rows).toBe(11);

    expect(await glucoseOn(OLD)).toBe(0);
    expect(await eventsOn(OLD)).toBe(0);
    expect(await glucoseOn(KEPT)).toBe(before.kept);
    expect(await eventsOn(KEPT)).toBeGreaterThan(0);

    // A second run finds nothing left to delete.
    expect(await purgeOldHealthData(t.ctx, new Date(NOW))).toEqual({ patients: 0, rows: 0 });
  });
});
