import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { basalScheduleTotal, validDays } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, MAY_NOT_READ, MAY_READ, type People } from '../../../test-support/people';
import {
  inLocalDays,
  simulate,
  store,
  type Fixture,
  type Loose,
} from '../../../test-support/reports-fixture';

// Range limits (spec §5, §8 messages), consent (spec §6), units (mg/dL answers whatever the
// patient's unit), data options (spec §3, §4) and the list reports.

let t: TestApp;
let p: People;
let fx: Fixture;
const FROM = Date.UTC(2025, 0, 6, 5); // local midnight at UTC−5
const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]))}`;
const id = () => p.ids.patient;
const range = { from: '2025-01-07', to: '2025-01-09' };

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  fx = simulate(1, FROM, 5);
  await store(t.ctx.db, p.ids.patient, fx.records);
}, 120_000);
afterAll(() => t.close());

const calls = () => [
  ...(['ds', 'dd', 'ol', 'ta', 'lgb'] as const).map(
    (k) => ['GET', API.chartData(id(), k) + q(range)] as const,
  ),
  ['GET', API.chartDatamap(id())] as const,
  ['GET', API.reportDeviceSettings(id())] as const,
  ['GET', API.reportEvents(id()) + q(range)] as const,
  ['GET', API.reportAlerts(id()) + q(range)] as const,
  ['GET', API.reportFhir(id()) + q(range)] as const,
];

describe('who may read reports (spec §6: a follower only after the patient agreed)', () => {
  it.each(MAY_NOT_READ)('%s gets 403 from every report', async (who) => {
    for (const [method, url] of calls()) {
      const res = await t.call<Loose>(method, url, { token: p.tokens[who] });
      expect([url, res.status, res.body.error]).toEqual([url, 403, 102]);
    }
    const post = await t.call<Loose>('POST', API.dataReport(id()), {
      token: p.tokens[who],
      body: { reports: ['dashboard'], ...range },
    });
    expect(post.status).toBe(403);
  });

  it.each(MAY_READ)('%s reads every report', async (who) => {
    for (const [method, url] of calls())
      expect([url, (await t.call<Loose>(method, url, { token: p.tokens[who] })).status]).toEqual([url, 200]);
  });

  it('401 without a token', async () => {
    expect((await t.call<Loose>('GET', API.chartData(id(), 'ta') + q(range))).status).toBe(401);
  });
});

describe('date ranges (spec §5: end not before start, 14 days in one view, 90 in another)', () => {
  const expect400 = async (url: string, message: string) => {
    const res = await t.call<Loose>('GET', url, { token: p.tokens.hcp });
    expect([res.status, res.body.error, res.body.message]).toEqual([400, 100, message]);
  };
  it('dd and ol: at most 14 days', async () => {
    await expect400(
      API.chartData(id(), 'dd') + q({ from: '2025-01-01', to: '2025-01-15' }),
      'messages.moreThan14Days',
    );
    await expect400(
      API.chartData(id(), 'ol') + q({ from: '2025-01-01', to: '2025-01-15' }),
      'messages.moreThan14Days',
    );
    expect(
      (
        await t.call<Loose>('GET', API.chartData(id(), 'dd') + q({ from: '2025-01-01', to: '2025-01-14' }), {
          token: p.tokens.hcp,
        })
      ).status,
    ).toBe(200);
  });
  it('ds, ta, lgb, events, alerts and the dashboard: at most 90 days', async () => {
    const long = { from: '2025-01-01', to: '2025-04-01' }; // 91 days
    for (const k of ['ds', 'ta', 'lgb'] as const)
      await expect400(API.chartData(id(), k) + q(long), 'messages.moreThan90Days');
    await expect400(API.reportEvents(id()) + q(long), 'messages.moreThan90Days');
    await expect400(API.reportAlerts(id()) + q(long), 'messages.moreThan90Days');
    const post = await t.call<Loose>('POST', API.dataReport(id()), {
      token: p.tokens.hcp,
      body: { reports: ['segment'], ...long },
    });
    expect([post.status, post.body.message]).toEqual([400, 'messages.moreThan90Days']);
    const ok = await t.call<Loose>(
      'GET',
      API.chartData(id(), 'ta') + q({ from: '2025-01-01', to: '2025-03-31' }),
      {
        token: p.tokens.hcp,
      },
    );
    expect(ok.status).toBe(200);
  });
  it('end before start, impossible dates and bad thresholds', async () => {
    await expect400(
      API.chartData(id(), 'ta') + q({ from: '2025-01-09', to: '2025-01-08' }),
      'messages.endBeforeStart',
    );
    await expect400(
      API.chartData(id(), 'ta') + q({ from: '2025-02-30', to: '2025-03-01' }),
      'messages.dateSelectionWrong',
    );
    const bad = await t.call<Loose>('GET', API.chartData(id(), 'ta') + q({ ...range, target_low: 30 }), {
      token: p.tokens.hcp,
    });
    expect(bad.status).toBe(400);
    const crossed = await t.call<Loose>(
      'GET',
      API.chartData(id(), 'ta') + q({ ...range, target_low: 150, target_high: 120 }),
      { token: p.tokens.hcp },
    );
    expect(crossed.status).toBe(400);
  });
});

describe('units: answers are mg/dL whatever the patient shows', () => {
  it('the same figures before and after the patient switches to mmol/L; targets default from settings', async () => {
    const before = await t.call<Loose>('GET', API.chartData(id(), 'ds') + q(range), { token: p.tokens.hcp });
    const saved = await t.call<Loose>('POST', API.monitorSettings(id()), {
      token: p.tokens.patient,
      body: { unit: 'mmol/L', target_low: 4, target_high: 10 },
    });
    expect(saved.status).toBe(200);
    const after = await t.call<Loose>('GET', API.chartData(id(), 'ds') + q(range), { token: p.tokens.hcp });
    expect(after.body.display_unit).toBe('mmol/L');
    expect(after.body.thresholds).toMatchObject({ target_low: 72, target_high: 180 });
    // Asking for 70–180 explicitly gives back the mg/dL patient's figures exactly.
    const asked = await t.call<Loose>(
      'GET',
      API.chartData(id(), 'ds') + q({ ...range, target_low: 70, target_high: 180 }),
      { token: p.tokens.hcp },
    );
    expect(asked.body.report_data).toEqual(before.body.report_data);
    // A threshold typed in mmol/L and converted ×18 by the web is the same threshold.
    const mmol = await t.call<Loose>(
      'GET',
      API.chartData(id(), 'ds') + q({ ...range, auc_above: 11 * 18, auc_below: 5.2 * 18 }),
      { token: p.tokens.hcp },
    );
    expect(mmol.body.report_data.stats.auc_above).toBe(after.body.report_data.stats.auc_above);
  });
});

describe('the data map, events, alerts and device settings', () => {
  it('datamap: dates with readings, counts and validity as domain validDays', async () => {
    const res = await t.call<Loose>(
      'GET',
      API.chartDatamap(id()) + q({ from: '2025-01-01', to: '2025-01-31' }),
      {
        token: p.tokens.carer,
      },
    );
    expect(res.status).toBe(200);
    const expected = validDays(inLocalDays(fx.readings, '2025-01-01', '2025-01-31')).map(
      ({ day, count, valid }) => ({ day, count, valid }),
    );
    expect(res.body.days).toEqual(expected);
    const byDefault = await t.call<Loose>('GET', API.chartDatamap(id()), { token: p.tokens.carer });
    expect(byDefault.body.to).toBe(byDefault.body.today);
    expect(byDefault.body.days).toEqual([]); // the fake clock is in 2026, the data in January 2025
  });

  it('events and alerts of the range, with counts', async () => {
    const events = await t.call<Loose>('GET', API.reportEvents(id()) + q(range), { token: p.tokens.hcp });
    const simulated = fx.records
      .filter((r) => r.type === 'event')
      .map((r) => ({ time: r.time, utcOffsetMin: r.utc_offset_min }));
    expect(events.body.events).toHaveLength(inLocalDays(simulated, range.from, range.to).length);
    expect(Object.values(events.body.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      events.body.events.length,
    );
    const alerts = await t.call<Loose>('GET', API.reportAlerts(id()) + q(range), { token: p.tokens.hcp });
    const alarms = fx.records
      .filter((r) => r.type === 'alarm')
      .map((r) => ({ time: r.time, utcOffsetMin: r.utc_offset_min }));
    expect(alerts.body.alarms).toHaveLength(inLocalDays(alarms, range.from, range.to).length);
    expect(alerts.body.alarms.length).toBeGreaterThan(0);
  });

  it('device settings: the latest PDM settings and each basal pattern’s daily total', async () => {
    const res = await t.call<Loose>('GET', API.reportDeviceSettings(id()), { token: p.tokens.hcp });
    const sent = fx.records.find((r) => r.type === 'pdm_settings');
    expect(sent).toBeDefined();
    if (sent?.type !== 'pdm_settings') return;
    expect(res.body.settings).toEqual(sent.settings);
    expect(res.body.basal_totals.standard).toBeCloseTo(
      basalScheduleTotal(sent.settings.basal.patterns.standard),
      9,
    );
    expect(res.body.changes).toEqual([sent.time]);
    const none = await t.call<Loose>('GET', API.reportDeviceSettings(p.ids.other), { token: p.tokens.other });
    expect(none.body).toMatchObject({ settings: null, basal_totals: {}, changes: [] });
  });
});

describe('data options choose the source per time range (spec §3 options, §4)', () => {
  it('inside a PDM range only uploaded data count; outside, every source', async () => {
    // The other patient: realtime readings 10:00–12:00 UTC, uploaded readings 11:00–13:00 UTC.
    const base = Date.UTC(2025, 0, 8, 10);
    const sg = (seq: number, time: number, mgdl: number) => ({
      type: 'sg' as const,
      serial: 'TX',
      seq,
      time,
      utc_offset_min: 0,
      mgdl,
    });
    await store(
      t.ctx.db,
      p.ids.other,
      Array.from({ length: 60 }, (_, i) => sg(i, base + i * 120_000, 100)),
    );
    await store(
      t.ctx.db,
      p.ids.other,
      Array.from({ length: 60 }, (_, i) => sg(1000 + i, base + 3600_000 + i * 120_000 + 60_000, 200)),
      'uploaded',
    );
    const read = async () =>
      (
        await t.call<Loose>(
          'GET',
          API.chartData(p.ids.other, 'ds') + q({ from: '2025-01-08', to: '2025-01-08' }),
          {
            token: p.tokens.other,
          },
        )
      ).body.report_data.stats;
    expect((await read()).count).toBe(120);
    const saved = await t.call<Loose>('POST', API.dataOptions(p.ids.other), {
      token: p.tokens.other,
      body: { options: [{ option: 'pdm', cgms: [{ start: base + 3600_000, end: null }], pump: [] }] },
    });
    expect(saved.status).toBe(200);
    const stats = await read();
    // 30 realtime readings before the PDM range, then the 60 uploaded ones.
    expect([stats.count, stats.max]).toEqual([90, 200]);
  });
});
