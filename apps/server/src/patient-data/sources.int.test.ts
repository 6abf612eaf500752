import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createPeople, type People } from '../../test-support/people';
import { newCredential } from '../../test-support/ns-test-client';
import { refreshListSummaries } from '../jobs/list-summaries';

// The case: a Dexcom user uploads 5-minute readings through the Nightscout API, 99 % of
// them present over 14 days. Judged as the portal's 2-minute sensor this read "time CGM active
// 39.6 %", no valid day, no eA1c or GMI and "not enough data" in the clinician's list.

const DAY = 86_400_000;
const FIVE = 300_000;
const START = Date.UTC(2026, 10, 1);
const END = START + 14 * DAY;
let t: TestApp;
let p: People;

/** 75 % in range, 15 % high, 10 % low, every 100th reading missing (99 % present). */
const value = (i: number) => (i % 20 < 15 ? 120 : i % 20 < 18 ? 220 : 60);
const entries = () =>
  Array.from({ length: (14 * DAY) / FIVE }, (_, i) => i)
    .filter((i) => i % 100 !== 99)
    .map((i) => ({
      type: 'sgv',
      sgv: value(i),
      date: START + i * FIVE,
      dateString: new Date(START + i * FIVE).toISOString(),
      device: 'share2',
      direction: 'Flat',
      utcOffset: 0,
    }));

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  t.clock.set(new Date(END));
  const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite');
  const docs = entries();
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await t.call('POST', '/api/v1/entries', {
      headers: { 'api-secret': upload.api_secret_sha1 },
      body: docs.slice(i, i + 1000),
    });
    expect(res.status).toBe(200);
  }
  // The list's 14 days are whole hours ending with the current one: the days of the report.
  t.clock.set(new Date(END - 60_000));
}, 120_000);
afterAll(() => t.close());

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a 5-minute uploaded sensor is judged by its own interval', () => {
  it('gives the trend report 99 % time CGM active, 14 valid days, eA1c and GMI', async () => {
    const res = await t.call<Loose>(
      'GET',
      `${API.chartData(p.ids.patient, 'ta')}?from=2026-11-01&to=2026-11-14`,
      {
        token: p.tokens.hcp,
      },
    );
    expect(res.status).toBe(200);
    const r = res.body.report_data;
    // 4,032 slots, 40 missing: 3,992 × 5 min ÷ 14 days.
    expect(r.sensor_wear).toBeCloseTo((3992 * 100) / 4032, 6);
    expect(r.valid_days).toBe(14);
    expect(r.stats.covered_pct).toBeCloseTo((3992 * 100) / 4032, 6);
    expect(r.stats.ea1c).not.toBeNull();
    expect(r.stats.gmi).not.toBeNull();
    expect(r.stats.ea1c_withheld).toBeNull();
    expect(r.stats.gmi_withheld).toBeNull();
  });

  it("gives the clinician's list the same time in range as the report, with 99 % coverage", async () => {
    const report = await t.call<Loose>(
      'GET',
      `${API.chartData(p.ids.patient, 'ta')}?from=2026-11-01&to=2026-11-14`,
      { token: p.tokens.hcp },
    );
    await refreshListSummaries(t.ctx.db, t.clock.now());
    const list = await t.call<Loose>('GET', API.patients, { token: p.tokens.hcp });
    const item = (list.body.patients.items as Loose[]).find((x) => x.uid === p.ids.patient);
    expect(item?.tir14).toBeTruthy();
    expect(item!.tir14.coverage).toBeCloseTo((3992 * 100) / 4032, 6);
    const bands = report.body.report_data.stats.time_in_ranges;
    expect(item!.tir14.in_range).toBeCloseTo(bands.in_range, 9);
    expect(item!.tir14.below).toBeCloseTo(bands.very_low + bands.low, 9);
    expect(item!.triage.bands.very_high).toBeCloseTo(bands.very_high, 9);
    expect(item!.triage.wear).toBeCloseTo((3992 * 100) / 4032, 6);
    expect(item!.triage.gmi).toBeCloseTo(report.body.report_data.stats.gmi, 9);
  });
});
