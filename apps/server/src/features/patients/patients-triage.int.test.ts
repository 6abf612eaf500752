import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type PatientListItem, type PatientsResponse } from '@cgm/contract';
import { glucoseStats } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { readGlucoseSeries, removeGlucose } from '../../patient-data';
import { account, relate, sgSeries, store } from '../../../test-support/patients-fixture';
import { refreshListSummaries } from '../../jobs/list-summaries';
import { tirWindow } from './list-window';
import { uploads } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

// The triage list (issue 18 item 2): the 14-day figures of each patient equal the domain's
// glucoseStats over the same window (the report's figures), the consensus flags, the risk order
// as the default sort, the "needs attention" filter and the population line; and the summary the
// figures come from follows new and deleted readings once the job has run.

let t: TestApp;
let doc: { id: string; token: string };
const MIN = 60_000;
const DAY = 86_400_000;
let now: number;
const ids: Record<string, string> = {};

type Page = PatientsResponse['patients'];
async function list(query: Record<string, string | number> = {}, refresh = true) {
  if (refresh) await refreshListSummaries(t.ctx.db, t.clock.now());
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.call<{ error: number; patients: Page }>('GET', `${API.patients}?${qs.toString()}`, {
    token: doc.token,
  });
  expect(res.status).toBe(200);
  return res.body.patients;
}
const namesOf = (items: PatientListItem[]) => items.map((i) => i.name);
const item = async (name: string, refresh = true) =>
  (await list({ sort: 'name', size: 100 }, refresh)).items.find((i) => i.name === name)!;

/** 2-minute readings (the portal's sensor) from `fromDay` to `toDay` days ago, value by index. */
async function readings(name: string, fromDay: number, toDay: number, value: (i: number) => number) {
  const start = now - fromDay * DAY + 7 * MIN;
  const n = Math.floor(((fromDay - toDay) * DAY - 8 * MIN) / (2 * MIN));
  await store(
    t,
    ids[name]!,
    sgSeries(
      `TX${name}`,
      start,
      2 * MIN,
      Array.from({ length: n }, (_, i) => value(i)),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now().getTime();
  doc = await account(t, 'doc@example.com', { userType: 'D' });
  for (const name of ['Steady', 'Lows', 'Silent', 'Dropped', 'Thin', 'Never']) {
    const p = await account(t, `${name.toLowerCase()}@example.com`, { userType: 'P', realname: name });
    await relate(t, p.id, doc.id, 'accepted');
    ids[name] = p.id;
  }
  await readings('Steady', 28, 0, (i) => 100 + (i % 60));
  // 3 % of readings at 50 (below 54), spread over the days.
  await readings('Lows', 28, 0, (i) => (i % 100 < 3 ? 50 : 130));
  // Nothing for the last 3 days.
  await readings('Silent', 28, 3, (i) => 100 + (i % 40));
  // In range all the previous 14 days; 30 % above 180 in the last 14.
  await readings('Dropped', 28, 14, () => 120);
  await readings('Dropped', 14, 0, (i) => (i % 10 < 3 ? 220 : 120));
  // 5 days of the 14: too little wear to judge the bands.
  await readings('Thin', 5, 0, (i) => (i % 2 ? 40 : 120));
}, 120_000);
afterAll(() => t.close());

describe('figures', () => {
  it('gives every column as the domain computes it over the same 14 days', async () => {
    const { from, to } = tirWindow(new Date(now));
    for (const name of ['Steady', 'Lows', 'Dropped', 'Thin']) {
      const row = await item(name);
      const series = await readGlucoseSeries(t.ctx.db, ids[name]!, from.getTime(), to.getTime());
      const stats = glucoseStats(
        Array.from(series.time, (time, i) => ({
          time,
          mgdl: series.mgdl[i]!,
          intervalMin: series.intervalMin[i]!,
        })),
        { from: from.getTime(), to: to.getTime() },
      );
      const b = row.triage!.bands!;
      const r = stats.timeInRanges!;
      expect(b.very_low).toBeCloseTo(r.veryLow, 9);
      expect(b.low).toBeCloseTo(r.low, 9);
      expect(b.in_range).toBeCloseTo(r.inRange, 9);
      expect(b.high).toBeCloseTo(r.high, 9);
      expect(b.very_high).toBeCloseTo(r.veryHigh, 9);
      expect(row.triage!.wear).toBeCloseTo(stats.coveragePct!, 9);
      expect(row.triage!.gmi).toBe(stats.gmi);
      expect(row.triage!.gmi_withheld).toBe(stats.gmiWithheld);
      expect(row.triage!.cv).toBeCloseTo(stats.cv!, 9);
      expect(row.tir14!.in_range).toBeCloseTo(r.inRange, 9);
      expect(row.tir14!.readings).toBe(stats.count);
    }
    // GMI is withheld below 70 % of the 14 days, and says why.
    const thin = await item('Thin');
    expect(thin.triage!.gmi).toBeNull();
    expect(thin.triage!.gmi_withheld).not.toBeNull();
  });

  it('counts days since the newest reading from its time, not from the upload', async () => {
    // An upload an hour ago that stored old readings: the newest reading is still 3 days old.
    await t.ctx.db.insert(uploads).values({
      id: newId(),
      patientId: ids.Silent!,
      source: 'uploaded',
      receivedAt: new Date(now - 60 * MIN),
      stored: 10,
      duplicates: 0,
      rejected: 0,
    });
    const silent = await item('Silent');
    expect(Date.parse(silent.upload_time!)).toBeGreaterThan(now - 3 * DAY);
    expect(silent.days_since_reading).toBe(3);
    expect((await item('Steady')).days_since_reading).toBe(0);
    expect((await item('Never')).days_since_reading).toBeNull();
  });
});

describe('flags, risk order, filter and summary line', () => {
  it('raises the consensus flags', async () => {
    const flags = async (name: string) => (await item(name)).triage!.flags;
    expect(await flags('Steady')).toEqual([]);
    expect(await flags('Lows')).toEqual(['very_low']);
    expect(await flags('Silent')).toEqual(['no_data']);
    expect(await flags('Dropped')).toEqual(['in_range_drop']);
    expect(await flags('Thin')).toEqual(['wear']);
    expect(await flags('Never')).toEqual(['no_data', 'wear']);
  });

  it('sorts by risk by default, most urgent first, and both ways on request', async () => {
    const byRisk = namesOf((await list()).items);
    expect(byRisk).toEqual(['Lows', 'Never', 'Silent', 'Dropped', 'Thin', 'Steady']);
    expect(namesOf((await list({ sort: 'risk', order: 'asc' })).items)).toEqual([...byRisk].reverse());
  });

  it('sorts by each figure, patients without it last', async () => {
    expect(namesOf((await list({ sort: 'very_low', order: 'desc', size: 1 })).items)).toEqual(['Lows']);
    expect(namesOf((await list({ sort: 'above', order: 'desc', size: 1 })).items)).toEqual(['Dropped']);
    expect(namesOf((await list({ sort: 'wear', size: 2 })).items)).toEqual(['Never', 'Thin']);
    expect(namesOf((await list({ sort: 'last_reading', order: 'desc' })).items).slice(0, 2)).toEqual([
      'Silent',
      'Dropped',
    ]);
    // Thin's bands are not shown (too little data): it sorts after every patient with a figure.
    expect(namesOf((await list({ sort: 'tir' })).items).slice(-2)).toEqual(['Never', 'Thin'].sort());
    const byGmi = (await list({ sort: 'gmi', order: 'desc' })).items;
    expect(byGmi.slice(-2).every((i) => i.triage?.gmi === null)).toBe(true);
  });

  it('filters to the patients who need attention, with the summary line over the whole list', async () => {
    const page = await list({ attention: 1 });
    expect(namesOf(page.items)).toEqual(['Lows', 'Never', 'Silent', 'Dropped', 'Thin']);
    expect(page.total).toBe(5);
    expect(page.population).toEqual({
      patients: 6,
      flagged: 5,
      per_flag: { very_low: 1, below: 0, no_data: 2, in_range_drop: 1, wear: 2 },
    });
    const bad = await t.call<{ error: number }>('GET', `${API.patients}?attention=maybe`, {
      token: doc.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('the summary follows the data', () => {
  it('shows a new reading and a deleted day once the refresh has run, and not before', async () => {
    const before = await item('Steady');
    // Two hours of lows: until the job runs, the list still shows the figures it had.
    const start = now - 3 * 60 * MIN;
    await store(t, ids.Steady!, sgSeries('TXSteady2', start, 2 * MIN, Array<number>(60).fill(45)));
    const stale = await item('Steady', false);
    expect(stale.triage).toEqual(before.triage);
    const after = await item('Steady');
    expect(after.triage!.bands!.very_low).toBeGreaterThan(0);
    expect(after.tir14!.readings).toBe(before.tir14!.readings + 60);

    // One day deleted from the window: its readings leave the figures.
    const dayStart = now - 5 * DAY;
    await t.ctx.db.transaction((tx) => removeGlucose(tx, ids.Steady!, dayStart, dayStart + DAY, () => true));
    const deleted = await item('Steady');
    expect(deleted.tir14!.readings).toBe(after.tir14!.readings - 720);
  });

  it('recomputes only the stale rows', async () => {
    await refreshListSummaries(t.ctx.db, t.clock.now());
    expect(await refreshListSummaries(t.ctx.db, t.clock.now())).toBe(0);
    await store(t, ids.Thin!, sgSeries('TXThin2', now - 30 * MIN, 2 * MIN, [100, 101]));
    expect(await refreshListSummaries(t.ctx.db, t.clock.now())).toBe(1);
  });
});
