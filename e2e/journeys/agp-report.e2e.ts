import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '../../packages/contract/src/paths';
import { addDays } from '../../packages/domain/src/calendar';
import { shownBandPercents } from '../../packages/domain/src/split-percentages';
import { formatGlucoseValue, type GlucoseUnit } from '../../packages/domain/src/units';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { portalApi } from '../support/portal-api';
import { en, screenshot, submitSignIn, textIn } from '../support/journey';

// Issue 17, done means: the AGP screen and its print, for a patient whose 14 days hold a
// daylight-saving change, a day without data, a C/CX run and values beyond 40–400, in mg/dL,
// mmol/L and Arabic, with the drawn positions and texts checked against the data the device sent;
// print page counts checked (the AGP on one page, the daily report several days a page). The
// patient's readings go in through the device ingest API, as a sensor app sends them.
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

// Berlin's clocks go forward on 29 March 2026 at 01:00 UTC: 14 local days around it, long before
// the demo's own 90 days of history.
const FROM = '2026-03-18';
const TO = '2026-03-31';
const DST_DAY = '2026-03-29';
const NO_DATA_DAY = '2026-03-24';
const FLAGGED_DAY = '2026-03-26';
const HIGH_DAY = '2026-03-27';
const LOW_DAY = '2026-03-30';
const DST_START = Date.UTC(2026, 2, 29, 1);
const offsetAt = (utc: number) => (utc < DST_START ? 60 : 120);

interface Reading {
  time: number;
  offset: number;
  day: string;
  minute: number;
  mgdl: number;
  quality: 'C' | 'CX' | null;
}

/**
 * Every 2 minutes of the 14 local days: 120 mg/dL with a spike to 300 at 12:00 local every day,
 * 60 from 04:00 to 04:30, 450 at 18:00 on 27 March, 35 at 03:00 on 30 March, a C then CX run from
 * 08:00 to 08:20 on 26 March, and nothing on 24 March.
 */
function patientReadings(): Reading[] {
  const out: Reading[] = [];
  const start = Date.parse(`${FROM}T00:00:00Z`) - 60 * 60_000;
  const end = Date.parse(`${addDays(TO, 1)}T00:00:00Z`) - 120 * 60_000;
  for (let time = start; time < end; time += 120_000) {
    const offset = offsetAt(time);
    const local = new Date(time + offset * 60_000).toISOString();
    const day = local.slice(0, 10);
    const minute = Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
    if (day === NO_DATA_DAY) continue;
    let mgdl = 120;
    if (Math.abs(minute - 720) <= 30) mgdl = 300 - 6 * Math.abs(minute - 720);
    if (minute >= 240 && minute <= 270) mgdl = 60;
    if (day === HIGH_DAY && minute === 1080) mgdl = 450;
    if (day === LOW_DAY && minute === 180) mgdl = 35;
    const flagged = day === FLAGGED_DAY && minute >= 480 && minute <= 500;
    const quality = flagged ? (minute < 492 ? 'C' : 'CX') : null;
    out.push({ time, offset, day, minute, mgdl, quality });
  }
  return out;
}

const api = portalApi(stage, { expectOk: true });

/** The figures the page must show, counted here from what was sent (C/CX left out). */
function expected(readings: Reading[]) {
  const valid = readings.filter((r) => r.quality === null).map((r) => r.mgdl);
  const share = (f: (g: number) => boolean) => (100 * valid.filter(f).length) / valid.length;
  const bands = (low: number, high: number) =>
    shownBandPercents(
      {
        veryLow: share((g) => g < 54),
        low: share((g) => g >= 54 && g < low),
        inRange: share((g) => g >= low && g <= high),
        high: share((g) => g > high && g <= 250),
        veryHigh: share((g) => g > 250),
      },
      1,
    );
  const mean = valid.reduce((a, g) => a + g, 0) / valid.length;
  return { mean, gmi: 3.31 + 0.02392 * mean, consensus: bands(70, 180), pregnancy: bands(63, 140) };
}

/** The points of an SVG path ("M1.0 2.0L3.0 4.0"), as [x, y] pairs. */
function points(d: string | null): Array<[number, number]> {
  const n = (d ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push([n[i]!, n[i + 1]!]);
  return out;
}

// The day panel's frame (agp-day-panel.tsx): 140 × 70, the day's minutes from x 2 to 138, the
// AGP axis (0–350 mg/dL, 0–19.4 mmol/L) from y 68 up to 2.
const panelX = (minute: number) => 2 + (minute / 1440) * 136;
const panelY = (value: number, unit: GlucoseUnit) =>
  68 - (Math.min(value, unit === 'mg/dL' ? 350 : 19.4) / (unit === 'mg/dL' ? 350 : 19.4)) * 66;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${stage.portal.url}/hcpLogin`);
  await submitSignIn(page, 'hcp@demo.cgm', PASSWORD);
  await page.waitForURL((u) => !u.pathname.toLowerCase().includes('login'), { timeout: 15_000 });
}

async function recordPrints(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.print = () => {
      document.body.dataset.printed = '1';
    };
  });
}

async function agpShown(page: Page): Promise<void> {
  await page.locator('.report--agp .agp-days figure').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.spinner'), null, { timeout: 30_000 });
  expect(await page.locator('.notice--error').count()).toBe(0);
}

/** The goals table as read: [range, goal, result] per row. */
async function goalRows(page: Page): Promise<string[][]> {
  return page
    .locator('.agp-targets tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (c) => (c.textContent ?? '').trim())),
    );
}

/** Prints the page as a PDF and returns its pages as pictures (e2e/artifacts/NAME-N.png). */
async function printedPages(page: Page, name: string): Promise<string[]> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const f of readdirSync(ARTIFACTS)) if (f.startsWith(`${name}-`)) rmSync(`${ARTIFACTS}${f}`);
  await page.emulateMedia({ media: 'print' });
  const pdf = `${ARTIFACTS}${name}.pdf`;
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '70', pdf, `${ARTIFACTS}${name}`]);
  await page.emulateMedia({ media: 'screen' });
  return readdirSync(ARTIFACTS).filter((f) => new RegExp(`^${name}-\\d+\\.png$`).test(f));
}

describe('the AGP report', () => {
  it('draws and prints the 14 days the device sent, DST, C/CX, a day without data and values beyond 40–400', async () => {
    const patient = await api<{ token: string; uid: string }>(API.login, {
      username: 'patient@demo.cgm',
      password: PASSWORD,
      user_type: 'P',
    });
    const device = await api<{ device_token: string }>(
      API.devices,
      { kind: 'sensor_app', serial: 'E2E-AGP-APP' },
      patient.token,
    );
    const readings = patientReadings();
    for (let i = 0; i < readings.length; i += 2500) {
      const records = readings.slice(i, i + 2500).map((r, k) => ({
        type: 'sg',
        serial: 'E2E-AGP-TX',
        seq: i + k,
        time: r.time,
        utc_offset_min: r.offset,
        mgdl: r.mgdl,
        quality: r.quality,
      }));
      const res = await api<{ stored: number }>(API.ingest, { records }, device.device_token);
      expect(res.stored).toBe(records.length);
    }
    const want = expected(readings);
    const uid = patient.uid;
    const range = `uid=${uid}&from=${FROM}&to=${TO}`;

    const { page, context } = await newPage(stage.browser, { width: 1366, height: 900 });
    await recordPrints(context);
    await signIn(page);
    const days = Array.from({ length: 14 }, (_, k) => addDays(FROM, k));

    for (const unit of ['mg/dL', 'mmol/L'] as const) {
      const g = (mgdl: number) => formatGlucoseValue(mgdl, unit);
      const tag = unit === 'mg/dL' ? 'mgdl' : 'mmol';
      await page.goto(`${stage.portal.url}/Hcp/charts/agp?${range}&unit=${unit}#GB/en`);
      await agpShown(page);

      // Statistics against the data: mean and GMI (14 days, covered more than 70 %).
      const stat = (label: string) =>
        page
          .locator('.report--agp tr', { has: page.locator('th', { hasText: label }) })
          .first()
          .locator('td');
      expect(await stat(en('reports.stats.mean')).innerText()).toContain(g(want.mean));
      expect((await stat(en('reports.stats.gmi')).innerText()).trim()).toBe(`${want.gmi.toFixed(1)} %`);

      // The goals of most adults beside the shown bands (parts that add up to 100 %).
      const c = want.consensus;
      const pct = (v: number) => `${v.toFixed(1)} %`;
      expect(await goalRows(page)).toEqual([
        [`Above ${g(250)} ${unit}`, '<5 %', pct(c.veryHigh)],
        [`Above ${g(180)} ${unit}`, '<25 %', pct(c.above)],
        [`In range ${g(70)}–${g(180)} ${unit}`, '>70 %', pct(c.inRange)],
        [`Below ${g(70)} ${unit}`, '<4 %', pct(c.below)],
        [`Below ${g(54)} ${unit}`, '<1 %', pct(c.veryLow)],
      ]);
      const perDay = await page.locator('.agp-tir .tir-bar__detail').allTextContents();
      const minutes = perDay.map((d) => { const m = /(\d+) h (\d+) min/.exec(d)!; return Number(m[1]) * 60 + Number(m[2]); }); // prettier-ignore
      expect(minutes.reduce((a, b) => a + b, 0)).toBe(1440);

      // The curve: axis 0–350 mg/dL (0–19.4 mmol/L) with the band limits and reference lines.
      expect(await page.locator('.rchart--agp .agp-tick').allTextContents()).toEqual(
        unit === 'mg/dL'
          ? ['0', '54', '70', '180', '250', '350']
          : ['0.0', '3.0', '3.9', '10.0', '13.9', '19.4'],
      );

      // One panel per local day, the day without data empty, each with its weekday.
      const panels = await page
        .locator('.agp-days figure')
        .evaluateAll((fs) => fs.map((f) => [f.getAttribute('data-day'), f.getAttribute('data-empty')]));
      expect(panels).toEqual(days.map((d) => [d, String(d === NO_DATA_DAY)]));
      const weekday = (d: string) =>
        new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
          new Date(`${d}T00:00:00Z`),
        );
      for (const d of days)
        expect(await page.locator(`.agp-days figure[data-day="${d}"] figcaption`).innerText()).toContain(
          weekday(d),
        );
      const panel = (d: string) => page.locator(`.agp-days figure[data-day="${d}"] svg`);
      const path = async (d: string, cls: string) => points(await panel(d).locator(cls).getAttribute('d'));

      // The noon spike is drawn at 12:00 on the wall clock, on the day the clocks change too.
      for (const d of ['2026-03-28', DST_DAY, '2026-03-30']) {
        const line = await path(d, '.agp-day__line');
        const top = line.reduce((a, p) => (p[1] < a[1] ? p : a));
        expect(top[0], d).toBeCloseTo(panelX(720), 0);
        expect(top[1], d).toBeCloseTo(panelY(unit === 'mg/dL' ? 300 : 16.7, unit), 0);
      }
      // 450 mg/dL is drawn at the top of the axis, at 18:00; 35 mg/dL as a low at 03:00, at the
      // display floor ("Low": 40 mg/dL, 2.2 mmol/L).
      const near = (pts: Array<[number, number]>, minute: number) =>
        pts.filter((q) => Math.abs(q[0] - panelX(minute)) < 0.5).map((q) => q[1]);
      const high = near(await path(HIGH_DAY, '.agp-day__high'), 1080);
      expect(Math.min(...high)).toBeCloseTo(panelY(400, unit), 1);
      const low = near(await path(LOW_DAY, '.agp-day__low'), 180);
      expect(Math.max(...low)).toBeCloseTo(panelY(unit === 'mg/dL' ? 40 : 2.2, unit), 0);
      // The C/CX run: eleven markers at the floor, none in the line.
      const flagged = readings.filter((r) => r.quality !== null);
      const marks = await panel(FLAGGED_DAY).locator('.agp-day__flagged').evaluateAll((ps) => ps.map((p) => p.getAttribute('d'))); // prettier-ignore
      expect(marks).toHaveLength(flagged.length);
      for (const [k, m] of marks.entries()) {
        const [x, y] = points(m)[0]!;
        expect(x + 2).toBeCloseTo(panelX(flagged[k]!.minute), 0);
        expect(y + 2).toBeCloseTo(panelY(unit === 'mg/dL' ? 40 : 2.2, unit), 0);
      }
      const flaggedLine = (await path(FLAGGED_DAY, '.agp-day__line')).filter(
        (p) => p[0] > panelX(481) && p[0] < panelX(499),
      );
      expect(flaggedLine).toEqual([]);
      await screenshot(page, `66-agp-1366-${tag}`);

      // The print: one page.
      await page.goto(`${stage.portal.url}/chart6-print2?${range}&unit=${unit}&paper=a4#GB/en`);
      await page.waitForFunction(() => document.body.dataset.printReady === '1', null, { timeout: 30_000 });
      expect(await page.locator('.report--agp .agp-days figure').count()).toBe(14);
      expect(await printedPages(page, `66-agp-print-${tag}`)).toHaveLength(1);
    }

    // The pregnancy goals, on 63–140, kept in the address and for this patient's next AGP.
    await page.goto(`${stage.portal.url}/Hcp/charts/agp?${range}&unit=mg/dL#GB/en`);
    await agpShown(page);
    await page.getByLabel(en('reports.agp.population')).selectOption('pregnancyType1');
    await page.waitForURL((u) => u.searchParams.get('goals') === 'pregnancy');
    const p = want.pregnancy;
    const pregnancyRows = [
      ['Above 140 mg/dL', '<25 %', `${p.above.toFixed(1)} %`],
      ['In range 63–140 mg/dL', '>70 %', `${p.inRange.toFixed(1)} %`],
      ['Below 63 mg/dL', '<4 %', `${p.below.toFixed(1)} %`],
      ['Below 54 mg/dL', '<1 %', `${p.veryLow.toFixed(1)} %`],
    ];
    await expect.poll(() => goalRows(page)).toEqual(pregnancyRows);
    await page.getByText(en('reports.agp.targetsTitlePregnancy')).waitFor();
    await page.goto(`${stage.portal.url}/chart6-print2?${range}&unit=mg/dL&paper=a4#GB/en`);
    await page.waitForFunction(() => document.body.dataset.printReady === '1', null, { timeout: 30_000 });
    expect(await goalRows(page)).toEqual(pregnancyRows);
    expect(await printedPages(page, '66-agp-print-pregnancy')).toHaveLength(1);
    await page.goto(`${stage.portal.url}/Hcp/charts/agp?${range}&unit=mg/dL#GB/en`);
    await agpShown(page);
    await page.getByLabel(en('reports.agp.population')).selectOption('type1or2');
    await expect.poll(async () => (await goalRows(page)).length).toBe(5);

    // Arabic and Hebrew, right to left: the screen and the print (one page), weekdays in the language.
    for (const lang of ['ar', 'he'] as const) {
      const hash = lang === 'ar' ? '#SA/ar' : '#IL/he';
      await page.goto(`${stage.portal.url}/Hcp/charts/agp?${range}&unit=mmol/L${hash}`);
      await agpShown(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByText(textIn(lang, 'reports.agp.targetsTitle')).waitFor();
      const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(
        new Date(`${DST_DAY}T00:00:00Z`),
      );
      expect(await page.locator(`.agp-days figure[data-day="${DST_DAY}"] figcaption`).innerText()).toContain(
        weekday,
      );
      const line = points(await page.locator(`.agp-days figure[data-day="${DST_DAY}"] .agp-day__line`).getAttribute('d')); // prettier-ignore
      expect(line.reduce((a, q) => (q[1] < a[1] ? q : a))[0]).toBeCloseTo(panelX(720), 0);
      await screenshot(page, `66-agp-1366-${lang}`);
      await page.goto(`${stage.portal.url}/chart6-print2?${range}&unit=mmol/L&paper=a4${hash}`);
      await page.waitForFunction(() => document.body.dataset.printReady === '1', null, { timeout: 30_000 });
      expect(await printedPages(page, `66-agp-print-${lang}`)).toHaveLength(1);
    }

    // The daily report of the 14 days prints several days a page.
    await page.goto(`${stage.portal.url}/chart1-print?${range}&unit=mmol/L&paper=a4#GB/en`);
    await page.waitForFunction(() => document.body.dataset.printReady === '1', null, { timeout: 30_000 });
    const dailyPages = await printedPages(page, '66-daily-print');
    console.log(`daily report, 14 days: ${dailyPages.length} printed pages`);
    expect(dailyPages.length).toBeLessThanOrEqual(7);

    // On a phone, 390 px wide: the AGP screen without sideways scrolling of the page.
    const phone = await newPage(stage.browser, { width: 390, height: 844 });
    await signIn(phone.page);
    for (const [unit, hash, tag] of [
      ['mg/dL', '#GB/en', 'mgdl'],
      ['mmol/L', '#SA/ar', 'ar'],
    ] as const) {
      await phone.page.goto(`${stage.portal.url}/Hcp/charts/agp?${range}&unit=${unit}${hash}`);
      await agpShown(phone.page);
      const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(390);
      await screenshot(phone.page, `66-agp-390-${tag}`);
    }
    await phone.context.close();
  }, 480_000);
});
