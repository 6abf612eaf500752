import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '../../packages/contract/src/paths';
import { addDays, lastDayOfMonth } from '../../packages/domain/src/calendar';
import { formatGlucoseValue, type GlucoseUnit } from '../../packages/domain/src/units';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { en, PASSWORDS, screenshot, submitSignIn, uniqueEmail } from '../support/journey';

// Issue "Reports and printing", done means: every report opens for a demo patient in both units
// with figures that agree with the API, every print page prints, the AGP opens from the trend
// analysis with every choice (and says so when the popup is blocked), the trend analysis for 90
// days is drawn (its speed: bench/trend-draw.bench.ts), quick print gives a PDF of several pages (looked at as
// pictures), and an HCP without the patient's consent gets nothing.
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '2' });
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

interface Answer<T> {
  status: number;
  body: T;
}
async function request<T>(path: string, token: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(stage.portal.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
async function call<T>(path: string, token: string, body?: unknown): Promise<T> {
  const answer = await request<T>(path, token, body);
  expect(answer.status, path).toBe(200);
  return answer.body;
}

async function tokenOf(username: string): Promise<string> {
  const login = await fetch(stage.portal.url + API.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: username.endsWith('@demo.cgm') ? PASSWORD : PASSWORDS.first,
      user_type: 'D',
    }),
  });
  const body = (await login.json()) as { token?: string };
  expect(body.token, `sign-in of ${username}`).toBeTruthy();
  return body.token!;
}

async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto(`${stage.portal.url}/hcpLogin`);
  await submitSignIn(page, username, password);
  await page.waitForURL((u) => !u.pathname.toLowerCase().includes('login'), { timeout: 15_000 });
}

/** Print dialogs are recorded instead of opened (headless Chromium has none to close). */
async function recordPrints(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.print = () => {
      document.body.dataset.printed = '1';
    };
  });
}

/** Waits until the report body has drawn: no spinner left, the report's element present, no refusal. */
async function reportShown(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.spinner'), null, { timeout: 20_000 });
  expect(await page.locator('.notice--error').count()).toBe(0);
  expect(await page.getByText(en('reports.noAccess')).count()).toBe(0);
}

/** A text that must read `expected` (the screen may take a moment to redraw after a change). */
async function shows(get: () => Promise<string>, expected: string): Promise<void> {
  await expect.poll(get, { timeout: 5000 }).toBe(expected);
}

const other = (u: GlucoseUnit): GlucoseUnit => (u === 'mg/dL' ? 'mmol/L' : 'mg/dL');
const text = async (page: Page, selector: string) =>
  (await page.locator(selector).first().innerText()).trim();
/** The value of a statistics tile, without its unit. */
const tile = async (page: Page, label: string) =>
  (
    await page
      .locator('.stat-tile', {
        has: page.locator('.stat-tile__label', { hasText: new RegExp(`^${label}$`) }),
      })
      .first()
      .locator('.stat-tile__value')
      .innerText()
  ).split(/\s/)[0] ?? '';

type Stats = { mean: number | null; in_target: number | null; count: number };
/** What the API answers for one patient and range: the figures the screens must show. */
interface Data {
  dash: {
    stats: Stats;
    daily: Array<{ count: number; in_range: number | null; insulin: { total: number } | null }>;
  };
  /** Dates of the range. */
  days: number;
  dd: Array<{
    stats: Stats;
    basal: { code: string[]; auto_corr: Array<number | null>; auto_food: Array<number | null> };
  }>;
  ol: unknown[];
  ta: { stats: Stats; sensor_wear: number | null };
  lgb: Array<{ periods: Record<string, { count: number; mean: number | null }> }>;
  segment: { p50: Array<number | null> };
  settings: { settings: unknown; serial: string | null };
  alarms: unknown[];
  events: Array<{ type: string; details: Record<string, unknown> | null }>;
  name: string;
}

async function apiData(uid: string, token: string, from: string, to: string): Promise<Data> {
  const q = `?from=${from}&to=${to}`;
  type Env<T> = { report_data: T };
  const [dash, dd, ol, ta, lgb, settings, alerts, events, records] = await Promise.all([
    call<Env<{ dashboard: Data['dash']; segment: Data['segment'] }>>(API.dataReport(uid), token, {
      reports: ['dashboard', 'segment'],
      from,
      to,
    }),
    call<Env<{ days: Data['dd'] }>>(`${API.chartData(uid, 'dd')}${q}`, token),
    call<Env<{ days: unknown[] }>>(`${API.chartData(uid, 'ol')}${q}`, token),
    call<Env<Data['ta']>>(`${API.chartData(uid, 'ta')}${q}`, token),
    call<Env<{ days: Data['lgb'] }>>(`${API.chartData(uid, 'lgb')}${q}`, token),
    call<Data['settings']>(API.reportDeviceSettings(uid), token),
    call<{ alarms: unknown[] }>(`${API.reportAlerts(uid)}${q}`, token),
    call<{ events: Data['events'] }>(`${API.reportEvents(uid)}${q}`, token),
    call<{ profile: { realname: string } }>(API.records(uid), token),
  ]);
  return {
    dash: dash.report_data.dashboard,
    days: dd.report_data.days.length,
    segment: dash.report_data.segment,
    dd: dd.report_data.days,
    ol: ol.report_data.days,
    ta: ta.report_data,
    lgb: lgb.report_data.days,
    settings,
    alarms: alerts.alarms,
    events: events.events,
    name: records.profile.realname,
  };
}

const INTENSITY = ['light', 'medium', 'heavy'];
/** An events report heading ("12 events"): English plural forms, chosen by the count. */
const countText = (key: string, count: number) => en(`${key}_${count === 1 ? 'one' : 'other'}`, { count });

/** Each screen's own figures, in `unit`: they fail on an empty, refused or wrongly converted report. */
async function checkReport(page: Page, chart: number, unit: GlucoseUnit, d: Data): Promise<void> {
  const g = (v: number | null) => formatGlucoseValue(v, unit);
  switch (chart) {
    case 0: {
      await reportShown(page, '.report--dashboard');
      await shows(() => tile(page, en('reports.stats.mean')), g(d.dash.stats.mean));
      await shows(() => tile(page, en('reports.stats.inTarget')), d.dash.stats.in_target!.toFixed(1));
      // One slot per date: a bar where the date has data, a "no data" mark (never 0) where not.
      const tir = d.dash.daily.filter((x) => x.count > 0 && x.in_range !== null).length;
      const insulin = d.dash.daily.filter((x) => x.insulin !== null).length;
      expect(tir).toBeGreaterThan(10);
      expect(await page.locator('rect.svg-chart__bar--success').count()).toBe(tir);
      expect(await page.locator('rect.svg-chart__bar--accent').count()).toBe(insulin);
      expect(await page.locator('rect[data-nodata]').count()).toBe(2 * d.days - tir - insulin);
      return;
    }
    case 1: {
      await reportShown(page, '.report--daily');
      expect(await page.locator('.day-card').count()).toBe(d.dd.length);
      const i = d.dd.findIndex((x) => x.stats.count > 0);
      const card = page.locator('.day-card').nth(i);
      const fact = (label: string) =>
        card.locator('.day-card__stats > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
      await shows(
        async () => (await fact(en('reports.stats.mean')).innerText()).split(' ')[0]!,
        g(d.dd[i]!.stats.mean),
      );
      // Below 70 / above 180 named by their limits in the unit (not the 54–69 "Low" band's name).
      await fact(en('reports.daily.below', { limit: g(70), unit })).waitFor();
      await fact(en('reports.daily.above', { limit: g(180), unit })).waitFor();
      const micro = d.dd.some((x) => [...x.basal.auto_corr, ...x.basal.auto_food].some((v) => (v ?? 0) > 0));
      expect((await page.locator('.rchart__auto-bolus').count()) > 0).toBe(micro);
      const marks = d.dd.some((x) => x.basal.code.some((c) => c === 'BAAMS' || c === 'BAAME'));
      expect((await page.locator('.rchart__automark').count()) > 0).toBe(marks);
      return;
    }
    case 2:
      await reportShown(page, '.report--overlay');
      expect(d.ol.length).toBeGreaterThan(0);
      expect(await page.locator('.overlay-legend li').count()).toBe(d.ol.length);
      expect(await page.locator('path.rchart__overlay').count()).toBe(d.ol.length);
      return;
    case 3:
      await reportShown(page, '.report--trend');
      await shows(() => tile(page, en('reports.stats.mean')), g(d.ta.stats.mean));
      expect(await page.locator('[data-testid="trend-chart"] path.rchart__median').count()).toBe(1);
      return;
    case 4: {
      await reportShown(page, '.report--logbook');
      expect(await page.locator('.logbook tbody tr').count()).toBe(d.lgb.length);
      const row = d.lgb.findIndex((x) => x.periods.breakfast!.count > 0);
      const cell = page.locator('.logbook tbody tr').nth(row).locator('td').first().locator('strong');
      await shows(async () => (await cell.innerText()).trim(), g(d.lgb[row]!.periods.breakfast!.mean));
      return;
    }
    case 5:
      await reportShown(page, '.report--segment');
      expect(await page.locator('.segment-table tbody tr').count()).toBe(48);
      await page.locator('.segment-table th', { hasText: en('reports.segment.p90') }).waitFor();
      await shows(() => text(page, '.segment-table tbody tr td strong'), g(d.segment.p50[0]!));
      return;
    case 6:
      expect(d.settings.settings).not.toBeNull();
      await reportShown(page, '.report--settings');
      await page.getByText(d.settings.serial!, { exact: false }).first().waitFor();
      await page.getByText(en('dataSources.pdm.maxBasalRate')).first().waitFor();
      return;
    case 7:
      expect(d.alarms.length).toBeGreaterThan(0);
      await reportShown(page, '.report--alerts');
      await page.getByText(countText('reports.alerts.list', d.alarms.length)).waitFor();
      expect(await page.locator('.report--alerts tbody tr').count()).toBeGreaterThanOrEqual(d.alarms.length);
      return;
    case 8: {
      expect(d.events.length).toBeGreaterThan(0);
      await reportShown(page, '.report--events');
      await page.getByText(countText('reports.events.list', d.events.length)).waitFor();
      // Event details are shown: an exercise's intensity.
      const exr = d.events.find((e) => typeof e.details?.exerciseIntensity === 'number');
      if (exr) {
        const word = en(`events.intensity.${INTENSITY[exr.details!.exerciseIntensity as number]}`);
        await page
          .getByText(`${en('events.field.intensity')}: ${word}`)
          .first()
          .waitFor();
      }
      return;
    }
    case 9:
      await reportShown(page, '.report--records');
      await page
        .locator('.report--records .report-section__title', { hasText: en('profile.title') })
        .waitFor();
      await page.locator('.report--records .facts dd', { hasText: d.name }).first().waitFor();
      return;
  }
}

/** The root element of each report, on its screen and on paper. */
const ROOT: Record<string, string> = {
  '/chart0-print': '.report--dashboard',
  '/chart1-print': '.report--daily',
  '/chart2-print': '.report--overlay',
  '/chart3-print': '.report--trend',
  '/chart4-print': '.report--logbook',
  '/chart5-print': '.report--segment',
  '/chart6-print': '.report--settings',
  '/chart6-print2': '.report--agp',
  '/chart7-print': '.report--alerts',
  '/chart9-print': '.report--records',
  '/events-print1': '.report--events',
  '/record-print': '.report--records',
};

/** Prints the page as a PDF (e2e/artifacts/NAME.pdf) and counts its pages. */
async function printedPageCount(page: Page, name: string): Promise<number> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const pdf = `${ARTIFACTS}${name}.pdf`;
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return (readFileSync(pdf, 'latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

async function printReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.printReady === '1', null, { timeout: 30_000 });
}

describe('reports', () => {
  it('opens every report in both units, prints every page, the AGP and a quick print', async () => {
    const token = await tokenOf('hcp@demo.cgm');
    const list = await call<{ patients: { items: Array<{ uid: string; username: string }> } }>(
      API.patients,
      token,
    );
    const uidOf = (name: string) => list.patients.items.find((p) => p.username === name)!.uid;
    const patients: Array<{ uid: string; unit: GlucoseUnit }> = [
      { uid: uidOf('amelia.hughes@demo.cgm'), unit: 'mmol/L' },
      { uid: uidOf('jonas.weber@demo.cgm'), unit: 'mg/dL' },
    ];
    // The demo histories are stored in the background just after start: wait for 90 days.
    for (const p of patients) {
      await expect
        .poll(
          async () => (await call<{ days?: unknown[] }>(API.chartDatamap(p.uid), token)).days?.length ?? 0,
          { timeout: 120_000, interval: 1000 },
        )
        .toBeGreaterThan(80);
    }

    const { page, context } = await newPage(stage.browser);
    await recordPrints(context);
    await signIn(page, 'hcp@demo.cgm');
    for (const p of patients) {
      const map = await call<{ today: string }>(API.chartDatamap(p.uid), token);
      const from = addDays(map.today, -13);
      const q = `uid=${p.uid}&from=${from}&to=${map.today}`;
      const data = await apiData(p.uid, token, from, map.today);
      for (let chart = 0; chart <= 9; chart++) {
        // In the patient's own unit, then in the other one through the screen's unit menu.
        // The daily report opens on one day; every day of the range is its `view=all` (issue 18).
        await page.goto(`${stage.portal.url}/Hcp/charts/chart${chart}?${q}${chart === 1 ? '&view=all' : ''}`);
        const unitMenu = page.locator('.range-bar__unit select');
        await unitMenu.waitFor();
        expect(await unitMenu.inputValue()).toBe(p.unit);
        await checkReport(page, chart, p.unit, data);
        const tag = `${chart}-${p.unit === 'mg/dL' ? 'mgdl' : 'mmol'}`;
        await screenshot(page, `60-report-chart${tag}`);
        // One day of the daily report up close (auto mode strip and marks when the patient has them).
        if (chart === 1)
          await page
            .locator('.day-card')
            .nth(3)
            .screenshot({ path: `${ARTIFACTS}60-report-day-${tag}.png` });
        await unitMenu.selectOption(other(p.unit));
        await page.waitForURL((u) => u.searchParams.get('unit') === other(p.unit));
        await checkReport(page, chart, other(p.unit), data);
        // "Valid days only" is offered only where it changes the report.
        const offered = await page.getByLabel(en('reports.range.validOnly')).count();
        expect(offered, `valid days on chart${chart}`).toBe([0, 2, 3, 4, 5].includes(chart) ? 1 : 0);
      }
    }

    // Every print page of spec §2, for the first patient, in mmol/L.
    const p0 = patients[0]!;
    const today = (await call<{ today: string }>(API.chartDatamap(p0.uid), token)).today;
    const range = `uid=${p0.uid}&from=${addDays(today, -13)}&to=${today}&unit=mmol/L&paper=a4`;
    const realname = (await call<{ profile: { realname: string } }>(API.records(p0.uid), token)).profile
      .realname;
    for (const [path, root] of Object.entries(ROOT)) {
      await page.goto(`${stage.portal.url}${path}?${range}`);
      await printReady(page);
      expect(await page.locator('.print-section').count(), path).toBe(1);
      expect(await text(page, '.print-head__name'), path).toContain(realname);
      await page.locator(root).first().waitFor();
      expect(await page.getByText(en('reports.noAccess')).count(), path).toBe(0);
      expect(await page.locator('.notice--error').count(), path).toBe(0);
      await screenshot(page, `63-print${path.replace('/', '-')}`);
    }
    // The trend analysis fits one A4 sheet, in English and in German (its long words): with the
    // statistics three tiles a row beside time in ranges, they moved to a second page and left the
    // first half empty. (Letter, shorter, still spills over with some data.)
    for (const [paper, language] of [
      ['a4', 'en'],
      ['a4', 'de'],
    ] as const) {
      await page.evaluate((l) => sessionStorage.setItem('language', l), language);
      await page.goto(`${stage.portal.url}/chart3-print?${range.replace('paper=a4', `paper=${paper}`)}`);
      await printReady(page);
      await page.locator('.report--trend .tir-figure').waitFor();
      expect(await printedPageCount(page, `64-trend-${paper}-${language}`), `${paper} ${language}`).toBe(1);
    }
    await page.evaluate(() => sessionStorage.setItem('language', 'en'));

    // Issue 17: the AGP as a screen, in the IDC AGP v5 layout, checked against the data: the
    // consensus band 3.9–10.0 whatever the target, 54 and 250 lines, a 0–19.4 axis, time per day
    // adding up to 24 h, and one panel per calendar day of the last 14 (weekday, actual readings).
    await page.goto(
      `${stage.portal.url}/Hcp/charts/agp?uid=${p0.uid}&from=${addDays(today, -13)}&to=${today}&unit=mmol/L&tl=80&th=160`,
    );
    await reportShown(page, '.report--agp .agp-days');
    const limits = await page
      .locator('.rchart--agp .rchart__limit')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-value')));
    expect(limits.map(Number)).toEqual([70 / 18, 10]);
    const refs = await page
      .locator('.rchart--agp .rchart__ref')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-mgdl')));
    expect(refs).toEqual(['54', '250']);
    expect(await page.locator('.rchart--agp .agp-tick').allTextContents()).toEqual([
      '0.0',
      '3.0',
      '3.9',
      '10.0',
      '13.9',
      '19.4',
    ]);
    const perDay = await page.locator('.agp-tir .tir-bar__detail').allTextContents();
    expect(perDay).toHaveLength(5);
    const minutes = perDay.map((d) => { const m = /(\d+) h (\d+) min/.exec(d)!; return Number(m[1]) * 60 + Number(m[2]); }); // prettier-ignore
    expect(minutes.reduce((a, b) => a + b, 0)).toBe(1440);
    const panelDays = await page
      .locator('.agp-days figure')
      .evaluateAll((fs) => fs.map((f) => f.getAttribute('data-day')));
    expect(panelDays).toEqual(Array.from({ length: 14 }, (_, k) => addDays(today, k - 13)));
    const dd = await call<{ report_data: { days: Array<{ day: string; sg: { time: number[] } }> } }>(
      `${API.chartData(p0.uid, 'dd')}?from=${addDays(today, -13)}&to=${today}`,
      token,
    );
    for (const d of dd.report_data.days) {
      const panel = page.locator(`.agp-days figure[data-day="${d.day}"]`);
      expect(await panel.getAttribute('data-empty'), d.day).toBe(String(d.sg.time.length === 0));
      const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
        new Date(`${d.day}T00:00:00Z`),
      );
      expect(await panel.locator('figcaption').textContent(), d.day).toContain(weekday);
    }
    await screenshot(page, '65-agp-screen');

    // The AGP from the trend analysis: a print tab that is signed in and keeps every choice.
    const choices = 'valid=1&tl=72&th=170&aa=200&ab=90';
    await page.goto(
      `${stage.portal.url}/Hcp/charts/chart3?uid=${p0.uid}&from=${addDays(today, -27)}&to=${today}&${choices}`,
    );
    await reportShown(page, '.report--trend');
    await page.getByLabel(en('reports.agp.band')).selectOption('10-90');
    const [agp] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: en('reports.trend.agpLink') }).click(),
    ]);
    await agp.waitForLoadState();
    const agpUrl = new URL(agp.url());
    expect(agpUrl.pathname).toBe('/chart6-print2');
    expect(Object.fromEntries(agpUrl.searchParams)).toMatchObject({
      uid: p0.uid,
      from: addDays(today, -27),
      to: today,
      valid: '1',
      tl: '72',
      th: '170',
      aa: '200',
      ab: '90',
      band: '10',
      unit: p0.unit,
    });
    await printReady(agp);
    await agp.locator('.report--agp').waitFor();
    await agp.locator('.profile-legend li', { hasText: en('reports.profile.outer1090') }).waitFor();
    expect(await agp.getByLabel(en('reports.agp.band')).inputValue()).toBe('10-90');
    const taAgp = await call<{ report_data: { sensor_wear: number } }>(
      `${API.chartData(p0.uid, 'ta')}?from=${addDays(today, -27)}&to=${today}&valid_days_only=true&target_low=72&target_high=170&auc_above=200&auc_below=90`,
      token,
    );
    const active = agp
      .locator('tr', { has: agp.locator('th', { hasText: en('reports.agp.active') }) })
      .locator('td');
    expect((await active.innerText()).trim()).toBe(`${taAgp.report_data.sensor_wear.toFixed(1)} %`);
    await agp.waitForFunction(() => document.body.dataset.printed === '1');
    await screenshot(agp, '64-agp-from-trend');
    await agp.close();
    // A blocked popup says so, on the AGP button and on the Print button.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: en('reports.trend.agpLink') }).click();
    await page.getByText(en('messages.popupBlocked')).first().waitFor();
    await page.goto(`${stage.portal.url}/Hcp/charts/chart1?uid=${p0.uid}`);
    await reportShown(page, '.report--daily');
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: en('reports.print'), exact: true }).click();
    await page.getByText(en('messages.popupBlocked')).first().waitFor();
    await screenshot(page, '65-popup-blocked');

    // Trend analysis for 90 days draws and says when (its speed is measured by
    // bench/trend-draw.bench.ts, not here).
    await page.goto(
      `${stage.portal.url}/Hcp/charts/chart3?uid=${p0.uid}&from=${addDays(today, -89)}&to=${today}`,
    );
    await reportShown(page, '[data-testid="trend-chart"][data-draw-ms]');
    const drawn = Number(await page.locator('[data-testid="trend-chart"]').getAttribute('data-draw-ms'));
    const painted = await page.evaluate(
      () => performance.getEntriesByName('reports:ta:drawn', 'measure').at(-1)?.duration ?? null,
    );
    console.log(
      `trend analysis, 90 days: in the document ${drawn} ms, painted ${painted} ms after the data arrived`,
    );
    expect(Number.isFinite(drawn)).toBe(true);

    // Quick print from its form: last calendar month with the data map for a custom range, as a PDF.
    await page.goto(`${stage.portal.url}/Hcp/print?uid=${p0.uid}`);
    await page.getByLabel(en('print.durations.custom')).check();
    await page.locator('.data-calendar .data-calendar__day--valid').first().waitFor();
    await page.getByLabel(en('print.durations.month')).check();
    await page.getByLabel(en('print.endsOn')).selectOption('lastDayOfLastMonth');
    await page.getByText(en('print.span.calendarMonth')).waitFor();
    await page.getByLabel(en('reports.names.daily'), { exact: false }).check();
    const [y, m] = today.split('-').map(Number) as [number, number];
    const monthEnd = lastDayOfMonth(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1);
    const [quick] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: en('print.printNow') }).click(),
    ]);
    await quick.waitForLoadState();
    const quickUrl = new URL(quick.url());
    expect(quickUrl.pathname).toMatch(/^\/quickPrint([1-9]|10)$/);
    expect(quickUrl.searchParams.get('from')).toBe(`${monthEnd.slice(0, 8)}01`);
    expect(quickUrl.searchParams.get('to')).toBe(monthEnd);
    await printReady(quick);
    expect(await quick.locator('.print-section').count()).toBe(5);
    await quick.locator('.report--daily .day-card').first().waitFor();
    expect(await quick.getByText(en('reports.noAccess')).count()).toBe(0);
    const pages = await printedPageCount(quick, '61-quick-print');
    const pdf = `${ARTIFACTS}61-quick-print.pdf`;
    // The pages as pictures (e2e/artifacts/61-quick-print-NN.png), to look at.
    const prefix = `${ARTIFACTS}61-quick-print`;
    for (const f of readdirSync(ARTIFACTS))
      if (/^61-quick-print-\d+\.png$/.test(f)) rmSync(`${ARTIFACTS}${f}`);
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', pdf, prefix]);
    const pictures = readdirSync(ARTIFACTS).filter((f) => /^61-quick-print-\d+\.png$/.test(f));
    console.log(`quick print PDF: ${pages} pages, ${statSync(pdf).size} bytes, ${pictures.length} pictures`);
    expect(pictures.length).toBeGreaterThan(1);
    expect(pictures.length).toBe(pages);
  }, 480_000);

  it('shows an HCP without a relation to the patient nothing (403)', async () => {
    const token = await tokenOf('hcp@demo.cgm');
    const list = await call<{ patients: { items: Array<{ uid: string }> } }>(API.patients, token);
    const uid = list.patients.items[0]!.uid;
    // An ordinary professional account, approved and active, with no connection to anyone.
    const stranger = uniqueEmail('stranger.hcp');
    const out = await stage.portal.cli(
      'create-user', '--type', 'D', '--username', stranger, '--password', PASSWORDS.first,
      '--name', 'Dr Nora Stranger', '--organisation', 'Another Clinic',
    ); // prettier-ignore
    expect(out).toContain('created D');
    const strangerToken = await tokenOf(stranger);
    // An account made on the command line has agreed to nothing yet: it agrees first (spec §5), so
    // what follows tests the missing relation and not the terms gate.
    const config = (await (await fetch(stage.portal.url + API.config)).json()) as { terms_version: string };
    const agreed = await request<{ error: number }>(API.termsAccept, strangerToken, {
      terms_version: config.terms_version,
    });
    expect(agreed.body.error).toBe(0);
    const today = addDays(new Date().toISOString().slice(0, 10), -1);
    const q = `?from=${addDays(today, -6)}&to=${today}`;
    for (const path of [
      `${API.chartData(uid, 'ta')}${q}`,
      `${API.chartData(uid, 'dd')}${q}`,
      API.chartDatamap(uid),
      API.reportDeviceSettings(uid),
      `${API.reportEvents(uid)}${q}`,
      API.records(uid),
    ]) {
      const answer = await request<{ report_data?: unknown }>(path, strangerToken);
      expect(answer.status, path).toBe(403);
      expect(answer.body.report_data).toBeUndefined();
    }
    const data = await request(API.dataReport(uid), strangerToken, {
      reports: ['dashboard'],
      from: addDays(today, -6),
      to: today,
    });
    expect(data.status).toBe(403);

    const { page } = await newPage(stage.browser);
    await signIn(page, stranger, PASSWORDS.first);
    for (const path of [
      '/Hcp/charts/chart0',
      '/Hcp/charts/chart3',
      '/Hcp/charts/chart9',
      '/chart1-print',
      '/chart6-print2',
    ]) {
      await page.goto(`${stage.portal.url}${path}?uid=${uid}`);
      await page.getByText(en('reports.noAccess')).first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.report, .stat-tile, .rchart, .print-section').count(), path).toBe(0);
    }
    await screenshot(page, '62-report-no-consent');
  });
});
