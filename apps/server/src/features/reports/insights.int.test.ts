import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type CompareResponse, type DeviceRecord, type PatternsResponse } from '@cgm/contract';
import { glucoseStats, prepareReadings } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, MAY_NOT_READ, MAY_READ, type People } from '../../../test-support/people';
import { store, type Loose } from '../../../test-support/reports-fixture';

// Comparing two periods and glucose patterns (issue 18 items 3 and 4) through the HTTP path, on
// hand-made data whose answers are known: 28 days of 5-minute readings at UTC+1, the first 14 flat
// at 150 mg/dL, the last 14 at 120 with two night lows and two breakfasts followed by a high.

const OFFSET = 60;
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1) - OFFSET * 60_000; // local midnight of 2026-01-01
const at = (day: string, hh: number, mm = 0) =>
  Date.parse(`${day}T00:00:00Z`) - OFFSET * 60_000 + (hh * 60 + mm) * 60_000;
const within = (t: number, day: string, hh: number, mm: number, minutes: number) =>
  t >= at(day, hh, mm) && t < at(day, hh, mm) + minutes * 60_000;

function valueAt(t: number): number {
  if (t < at('2026-01-15', 0)) return 150;
  if (within(t, '2026-01-17', 3, 0, 40) || within(t, '2026-01-20', 2, 30, 40)) return 55;
  if (within(t, '2026-01-16', 8, 30, 30) || within(t, '2026-01-18', 8, 30, 30)) return 220;
  return 120;
}

function records(): DeviceRecord[] {
  const out: DeviceRecord[] = [];
  let seq = 0;
  for (let t = START; t < START + 28 * DAY; t += 300_000) {
    out.push({ type: 'sg', serial: 'S1', seq: seq++, time: t, utc_offset_min: OFFSET, mgdl: valueAt(t) });
  }
  for (const day of ['2026-01-16', '2026-01-18', '2026-01-23']) {
    // The third breakfast has no high after it: it counts as a meal and adds no day.
    out.push({
      type: 'event',
      serial: 'P1',
      seq: seq++,
      time: at(day, 7),
      utc_offset_min: OFFSET,
      event_type: 'CARB',
      value: 45,
    });
  }
  return out;
}

let t: TestApp;
let p: People;
const id = () => p.ids.patient;
const current = { from: '2026-01-15', to: '2026-01-28' };
const compareUrl = () =>
  `${API.reportCompare(id())}?from=${current.from}&to=${current.to}&base_from=2026-01-01&base_to=2026-01-14`;
const patternsUrl = () => `${API.reportPatterns(id())}?from=${current.from}&to=${current.to}`;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  await store(t.ctx.db, p.ids.patient, records());
}, 120_000);
afterAll(() => t.close());

describe('compare two periods', () => {
  it('gives each period the statistics, episodes and profile of its own readings', async () => {
    const res = await t.call<CompareResponse>('GET', compareUrl(), { token: p.tokens.hcp });
    expect(res.status).toBe(200);
    const { previous, current: now } = res.body;
    expect([previous.from, previous.to, now.from, now.to]).toEqual([
      '2026-01-01',
      '2026-01-14',
      '2026-01-15',
      '2026-01-28',
    ]);
    expect(previous.stats.mean).toBe(150);
    expect(previous.stats.time_in_ranges?.in_range).toBe(100);
    expect([previous.lows, previous.highs, now.lows, now.highs]).toEqual([0, 0, 2, 0]);
    expect(new Set(previous.profile.p50)).toEqual(new Set([150]));
    // The later period's figures are the domain's over the same readings.
    const readings = [];
    for (let x = now.from_ms; x < now.to_ms; x += 300_000)
      readings.push({ time: x, mgdl: valueAt(x), utcOffsetMin: OFFSET });
    const want = glucoseStats(prepareReadings(readings), { from: now.from_ms, to: now.to_ms });
    expect(now.stats.mean).toBeCloseTo(want.mean!, 9);
    expect(now.stats.time_in_ranges?.low).toBeCloseTo(want.timeInRanges!.low, 9);
    expect([now.days_with_data, now.valid_days]).toEqual([14, 0]);
  });

  it('refuses a period over 90 days with the spec message, and a malformed date', async () => {
    const long = await t.call<Loose>(
      'GET',
      `${API.reportCompare(id())}?from=2026-01-15&to=2026-01-28&base_from=2025-01-01&base_to=2025-12-31`,
      { token: p.tokens.hcp },
    );
    expect([long.status, long.body.message]).toEqual([400, 'messages.moreThan90Days']);
    const bad = await t.call<Loose>(
      'GET',
      `${API.reportCompare(id())}?from=2026-01-15&to=2026-01-28&base_from=x`,
      {
        token: p.tokens.hcp,
      },
    );
    expect(bad.status).toBe(400);
  });
});

describe('glucose patterns', () => {
  it('finds the night lows and the breakfast highs, with the days they rest on', async () => {
    const res = await t.call<PatternsResponse>('GET', patternsUrl(), { token: p.tokens.hcp });
    expect(res.status).toBe(200);
    const data = res.body.report_data;
    expect(data.findings).toEqual([
      { kind: 'nightLows', from_min: 0, to_min: 360, meal: null, days: ['2026-01-17', '2026-01-20'] },
      {
        kind: 'postMealHighs',
        from_min: 360,
        to_min: 660,
        meal: 'breakfast',
        days: ['2026-01-16', '2026-01-18'],
      },
    ]);
    expect([data.meals, data.days_with_data, data.min_days]).toEqual([
      3,
      14,
      { low: 2, high: 3, post_meal: 2 },
    ]);
  });

  it('finds nothing in the flat period', async () => {
    const res = await t.call<PatternsResponse>(
      'GET',
      `${API.reportPatterns(id())}?from=2026-01-01&to=2026-01-14`,
      {
        token: p.tokens.hcp,
      },
    );
    expect(res.body.report_data.findings).toEqual([]);
  });
});

describe('the API document', () => {
  it('lists both routes with their queries', async () => {
    type Doc = { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> };
    const doc = (await t.call<Doc>('GET', '/api/docs/json')).body;
    const query = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/api/v2.1/report/{id}/compare')).toEqual(['from', 'to', 'base_from', 'base_to']);
    expect(query('/api/v2.1/report/{id}/patterns')).toEqual(['from', 'to']);
  });
});

describe('who may see them (the access policy of every report)', () => {
  it.each(MAY_NOT_READ)('%s gets 403', async (who) => {
    for (const url of [compareUrl(), patternsUrl()]) {
      const res = await t.call<Loose>('GET', url, { token: p.tokens[who] });
      expect([url, res.status]).toEqual([url, 403]);
    }
  });
  it.each(MAY_READ)('%s reads both', async (who) => {
    for (const url of [compareUrl(), patternsUrl()]) {
      expect([url, (await t.call<Loose>('GET', url, { token: p.tokens[who] })).status]).toEqual([url, 200]);
    }
  });
});
