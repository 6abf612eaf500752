import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API,
  dataReportResponse,
  ddResponse,
  dsResponse,
  lgbResponse,
  olResponse,
  taResponse,
} from '@cgm/contract';
import {
  dailyProfile,
  glucoseStats,
  glucoseStatsByLocalDay,
  insulinByLocalDay,
  localMidnight,
  addDays,
  logbook,
  segmentProfile,
  sensorWear,
  summarizeInsulin,
  validDays,
} from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { statsBlock, insulinBlock, profileColumns, dailyInsulinBlock } from './blocks';
import {
  expectClose,
  inLocalDays,
  simulate,
  store,
  type Fixture,
  type Loose,
} from '../../../test-support/reports-fixture';

// The reports through the API agree with @cgm/domain on the same simulated data (issue "Reports":
// "Report figures agree with packages/domain on the same data").

let t: TestApp;
let p: People;
let fx: Fixture;
// Seed 1 lives at UTC−5: local midnight of 2025-01-06 is 05:00 UTC.
const FROM = Date.UTC(2025, 0, 6, 5);
const DAYS = 20;
const ALL = [5, 10, 25, 50, 75, 90, 95];
const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]))}`;
const chart = (
  kind: 'ds' | 'dd' | 'ol' | 'ta' | 'lgb',
  params: Record<string, string | number>,
  token = p.tokens.hcp,
) => t.call<Loose>('GET', API.chartData(p.ids.patient, kind) + q(params), { token });

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  fx = simulate(1, FROM, DAYS);
  expect(fx.readings[0]!.utcOffsetMin).toBe(-300);
  await store(t.ctx.db, p.ids.patient, fx.records);
}, 120_000);
afterAll(() => t.close());

const period = (from: string, to: string) => ({
  from: localMidnight(from, -300),
  to: localMidnight(addDays(to, 1), -300),
});

describe('ds, ta and the dashboard agree with the domain', () => {
  const range = { from: '2025-01-08', to: '2025-01-21' };

  it('ds: statistics (glucoseStats) and insulin (insulinSummary) of 14 days', async () => {
    const res = await chart('ds', range);
    expect(res.status).toBe(200);
    const readings = inLocalDays(fx.readings, range.from, range.to);
    const stats = glucoseStats(readings, { ...period(range.from, range.to), targetLow: 70, targetHigh: 180 });
    expectClose(res.body.report_data.stats, statsBlock(stats));
    const insulin = insulinByLocalDay(fx.basal, fx.boluses).filter(
      (d) => d.day >= range.from && d.day <= range.to,
    );
    expectClose(res.body.report_data.insulin, insulinBlock(summarizeInsulin(insulin)));
    expect(res.body.report_data.insulin.total_daily_dose).toBeGreaterThan(5);
    expect(res.body.report_data.stats.count).toBe(readings.length);
    expect(res.body).toMatchObject({ unit: 'mg/dL', from: range.from, to: range.to, valid_days_only: false });
    expect(res.body.thresholds).toEqual({
      target_low: 70,
      target_high: 180,
      auc_above: 198,
      auc_below: 93.6,
    });
    expect(res.body.coverage).toHaveLength(14);
  });

  it('ta: the 144-bin profile with p5…p95 (dailyProfile), stats, and each day’s medians', async () => {
    const res = await chart('ta', range);
    expect(res.status).toBe(200);
    const readings = inLocalDays(fx.readings, range.from, range.to);
    expectClose(
      res.body.report_data.profile,
      profileColumns(dailyProfile(readings, { percentiles: ALL }), 10),
    );
    expect(res.body.report_data.profile.p50).toHaveLength(144);
    const firstDay = inLocalDays(fx.readings, range.from, range.from);
    expectClose(
      res.body.report_data.days[0].median,
      dailyProfile(firstDay, { percentiles: [50] }).map((b) => b.percentiles[50]),
    );
    expect(res.body.report_data.days_with_data).toBe(14);
    expectClose(
      res.body.report_data.sensor_wear,
      sensorWear(readings, period(range.from, range.to).from, period(range.from, range.to).to),
    );
  });

  it('ta: time CGM active is the domain sensorWear of the whole range, with valid days only too', async () => {
    // The last simulated day is cut short and the day after it has no data: wear is below 100, and
    // the readings of the valid days alone over the whole range would give a smaller, wrong figure.
    const r = { from: '2025-01-20', to: '2025-01-26' };
    const readings = inLocalDays(fx.readings, r.from, r.to);
    const wear = sensorWear(readings, period(r.from, r.to).from, period(r.from, r.to).to)!;
    expect(wear).toBeLessThan(95);
    for (const valid of ['false', 'true']) {
      const res = await chart('ta', { ...r, valid_days_only: valid });
      expect(res.status).toBe(200);
      expectClose(res.body.report_data.sensor_wear, wear);
      if (valid === 'true')
        expect((res.body.report_data.stats.count / (7 * 720)) * 100).toBeLessThan(wear - 1);
    }
  });

  it('dashboard and segment (POST data/{id}) with chosen thresholds', async () => {
    const body = {
      reports: ['dashboard', 'segment'],
      ...range,
      target_low: 80,
      target_high: 160,
      auc_above: 200,
      auc_below: 90,
    };
    const res = await t.call<Loose>('POST', API.dataReport(p.ids.patient), { token: p.tokens.carer, body });
    expect(res.status).toBe(200);
    const readings = inLocalDays(fx.readings, range.from, range.to);
    const opts = { targetLow: 80, targetHigh: 160, aucAbove: 200, aucBelow: 90 };
    const dash = res.body.report_data.dashboard;
    expectClose(dash.stats, statsBlock(glucoseStats(readings, { ...period(range.from, range.to), ...opts })));
    expectClose(
      res.body.report_data.segment,
      profileColumns(segmentProfile(readings, { percentiles: ALL }), 30),
    );
    expect(res.body.report_data.segment.count).toHaveLength(48);
    const days = glucoseStatsByLocalDay(readings, opts);
    expect(dash.daily.map((d: { day: string }) => d.day)).toEqual(days.map((d) => d.day));
    expectClose(dash.daily[3].mean, days[3]!.stats.mean);
    const insulin = insulinByLocalDay(fx.basal, fx.boluses).filter(
      (d) => d.day >= range.from && d.day <= range.to,
    );
    expectClose(dash.insulin, insulinBlock(summarizeInsulin(insulin)));
    expectClose(dash.daily[3].insulin, dailyInsulinBlock(insulin[3]!));
    expect(dash.insulin.time_in_auto_mode).toBeGreaterThan(50);
  });

  it('valid days only: the statistics of the valid days, with their number as the period', async () => {
    // The first simulated day starts at local midnight, the last is cut short: only full days count.
    const r = { from: '2025-01-20', to: '2025-01-26' };
    const res = await chart('ds', { ...r, valid_days_only: 'true' });
    const readings = inLocalDays(fx.readings, r.from, r.to);
    const valid = new Set(
      validDays(readings)
        .filter((d) => d.valid)
        .map((d) => d.day),
    );
    const kept = readings.filter((x) =>
      valid.has(new Date(x.time - 300 * 60_000).toISOString().slice(0, 10)),
    );
    const expected = glucoseStats(kept, { ...period(r.from, r.to), periodDays: valid.size });
    expectClose(res.body.report_data.stats, statsBlock(expected));
    expect(res.body.report_data.valid_days).toBe(valid.size);
    expect(res.body.coverage.filter((c: { count: number }) => c.count === 0).length).toBeGreaterThan(0);
  });
});

describe('dd, ol and lgb', () => {
  const range = { from: '2025-01-10', to: '2025-01-12' };

  it('dd: per day SG with flags, basal, boluses, events, alarms and the day’s statistics', async () => {
    const res = await chart('dd', range);
    expect(res.status).toBe(200);
    const days = res.body.report_data.days;
    expect(days.map((d: { day: string }) => d.day)).toEqual(['2025-01-10', '2025-01-11', '2025-01-12']);
    const readings = inLocalDays(fx.readings, range.from, range.to);
    const expected = glucoseStatsByLocalDay(readings, { targetLow: 70, targetHigh: 180 });
    days.forEach((d: { stats: unknown; sg: { time: number[] }; from_ms: number }, i: number) => {
      expectClose(d.stats, statsBlock(expected[i]!.stats));
      expect(d.from_ms).toBe(expected[i]!.from);
      expect(d.sg.time.length).toBe(expected[i]!.stats.count);
    });
    const day = days[1];
    const boluses = inLocalDays(fx.boluses, day.day, day.day);
    expect(day.boluses.map((b: { time: number }) => b.time)).toEqual(boluses.map((b) => b.time));
    expect(day.boluses[0]).toMatchObject({
      kind: expect.stringMatching(/normal|extended|combo/),
      series: expect.any(String),
    });
    expect(day.basal.code.length).toBeGreaterThan(200);
    expect(day.basal.series).toContain('autoModeBasal');
    const insulin = insulinByLocalDay(fx.basal, fx.boluses).find((x) => x.day === day.day)!;
    expectClose(day.insulin, dailyInsulinBlock(insulin));
    const alarms = fx.records.filter((r) => r.type === 'alarm');
    expect(day.alarms.length).toBe(
      inLocalDays(
        alarms.map((a) => ({ time: a.time, utcOffsetMin: a.utc_offset_min })),
        day.day,
        day.day,
      ).length,
    );
  });

  it('ol: each day’s readings on the 0–24 h axis', async () => {
    const res = await chart('ol', range);
    const first = res.body.report_data.days[0];
    const readings = inLocalDays(fx.readings, range.from, range.from);
    expect(first.mgdl).toEqual(readings.map((r) => r.mgdl));
    expect(first.minute[0]).toBeCloseTo(((readings[0]!.time - 300 * 60_000) % 86_400_000) / 60_000, 9);
    expect(Math.max(...first.minute)).toBeLessThan(1440);
  });

  it('ol with valid days only: the days that are not valid are left out', async () => {
    const r = { from: '2025-01-20', to: '2025-01-26' };
    const readings = inLocalDays(fx.readings, r.from, r.to);
    const days = validDays(readings);
    const valid = days.filter((d) => d.valid).map((d) => d.day);
    expect(days.length).toBeGreaterThan(valid.length);
    const all = await chart('ol', { ...r, valid_days_only: 'false' });
    expect(all.body.report_data.days.map((d: { day: string }) => d.day)).toEqual(days.map((d) => d.day));
    const only = await chart('ol', { ...r, valid_days_only: 'true' });
    expect(only.body.report_data.days.map((d: { day: string }) => d.day)).toEqual(valid);
    expect(only.body.valid_days_only).toBe(true);
  });

  it('dd shows every date asked for, valid or not, and says so', async () => {
    const r = { from: '2025-01-20', to: '2025-01-26' };
    const days = validDays(inLocalDays(fx.readings, r.from, r.to));
    expect(days.some((d) => !d.valid)).toBe(true);
    const res = await chart('dd', { ...r, valid_days_only: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.valid_days_only).toBe(false);
    const dates = res.body.report_data.days.map((d: { day: string }) => d.day);
    expect(dates).toEqual([
      '2025-01-20',
      '2025-01-21',
      '2025-01-22',
      '2025-01-23',
      '2025-01-24',
      '2025-01-25',
      '2025-01-26',
    ]);
    expect(dates).toEqual(expect.arrayContaining(days.filter((d) => !d.valid).map((d) => d.day)));
  });

  it('lgb: day × meal period (domain logbook) with daily insulin', async () => {
    const res = await chart('lgb', range);
    expect(res.status).toBe(200);
    const readings = inLocalDays(fx.readings, range.from, range.to);
    const events = fx.records.flatMap((r) =>
      r.type === 'event'
        ? [{ time: r.time, utcOffsetMin: r.utc_offset_min, type: r.event_type, value: r.value ?? null }]
        : [],
    );
    const expected = logbook(
      { readings, boluses: fx.boluses, events },
      { fromDay: range.from, toDay: range.to },
    );
    expect(res.body.report_data.days).toHaveLength(expected.length);
    for (const [i, row] of expected.entries()) {
      for (const period of ['breakfast', 'lunch', 'dinner', 'night'] as const) {
        const got = res.body.report_data.days[i].periods[period];
        const want = row.periods[period];
        expectClose(
          {
            count: got.count,
            mean: got.mean,
            min: got.min,
            max: got.max,
            carbs: got.carbs,
            bolus: got.bolus,
            events: got.events.length,
          },
          {
            count: want.count,
            mean: want.mean,
            min: want.min,
            max: want.max,
            carbs: want.carbs,
            bolus: want.bolus,
            events: want.events.length,
          },
        );
      }
    }
    expect(res.body.report_data.periods.night).toEqual({ start_min: 1320, end_min: 360 });
  });
});

// The report routes write their 200 answers with JSON.stringify (report-serializer.ts): each answer
// must be exactly what the contract's zod schema would have written (no field more, none less).
describe('report answers equal their zod encoding', () => {
  const range = { from: '2025-01-08', to: '2025-01-21' };
  const schemas = { ds: dsResponse, dd: ddResponse, ol: olResponse, ta: taResponse, lgb: lgbResponse };

  it.each(Object.keys(schemas) as Array<keyof typeof schemas>)('%s', async (kind) => {
    const res = await chart(kind, range);
    expect(res.status).toBe(200);
    expect(z.encode(schemas[kind] as z.ZodType, res.body)).toEqual(res.body);
  });

  it('dashboard and segment', async () => {
    const body = { reports: ['dashboard', 'segment'], ...range };
    const res = await t.call<Loose>('POST', API.dataReport(p.ids.patient), { token: p.tokens.hcp, body });
    expect(res.status).toBe(200);
    expect(z.encode(dataReportResponse, res.body as never)).toEqual(res.body);
  });
});
