import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CompareResponse, PatternsResponse } from '../../packages/contract/src/index';
import { API } from '../../packages/contract/src/paths';
import { agpAxisTop } from '../../packages/domain/src/agp';
import { addDays } from '../../packages/domain/src/calendar';
import { displayGlucose, formatGlucoseValue, type GlucoseUnit } from '../../packages/domain/src/units';
import { axeClean } from '../support/axe';
import { useStage } from '../support/stage';
import { en, screenshot, submitSignIn, textIn, waitForPath } from '../support/journey';

// Issue 18 items 3 and 4 in the browser: the compare report (two periods side by side, both AGP
// curves on one chart) and the patterns (report, overview card, each day a link to its one-day
// daily report), in mg/dL and mmol/L, in Arabic and on a phone, checked against the server's
// answers over the seeded demo patient, with axe finding nothing critical or serious.
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '2' });
const UNITS: GlucoseUnit[] = ['mg/dL', 'mmol/L'];
const tag = (unit: GlucoseUnit) => (unit === 'mg/dL' ? 'mgdl' : 'mmol');

async function open(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'en-GB',
    bypassCSP: true,
  });
  return context.newPage();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${stage.portal.url}/hcpLogin`);
  await submitSignIn(page, 'hcp@demo.cgm', PASSWORD);
  await page.waitForURL((u) => !/login/i.test(u.pathname), { timeout: 15_000 });
}

async function call<T>(path: string, token: string): Promise<T> {
  const res = await fetch(stage.portal.url + path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The demo patient with 28 days stored, and the server's compare and patterns answers. */
async function seeded() {
  const login = await fetch(stage.portal.url + API.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'hcp@demo.cgm', password: PASSWORD, user_type: 'D' }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const list = await call<{ patients: { items: Array<{ uid: string }> } }>(API.patients, token);
  const ready = async () => {
    for (const item of list.patients.items) {
      const map = await call<{ today: string; days: Array<{ day: string }> }>(
        API.chartDatamap(item.uid),
        token,
      );
      if (map.days.filter((d) => d.day >= addDays(map.today, -27)).length >= 28)
        return { uid: item.uid, today: map.today };
    }
    return null;
  };
  await expect.poll(ready, { timeout: 240_000, interval: 2000 }).not.toBeNull();
  const { uid, today } = (await ready())!;
  const from = addDays(today, -13);
  const compare = await call<CompareResponse>(
    `${API.reportCompare(uid)}?from=${from}&to=${today}&base_from=${addDays(today, -27)}&base_to=${addDays(today, -14)}`,
    token,
  );
  const patterns = await call<PatternsResponse>(`${API.reportPatterns(uid)}?from=${from}&to=${today}`, token);
  return { uid, today, from, compare, patterns: patterns.report_data };
}

const cellsOf = async (page: Page, figure: string) =>
  (await page.locator(`.compare-table tr[data-figure="${figure}"] td`).allInnerTexts()).map((s) => s.trim());

/** Where the chart draws the first median point of a profile (compare-curve.tsx: 960 × 260 view). */
function firstMedianPoint(
  p50: ReadonlyArray<number | null>,
  startMin: readonly number[],
  unit: GlucoseUnit,
): string {
  const i = p50.findIndex((v) => v !== null);
  const x = 44 + ((startMin[i]! + 5) / 1440) * (960 - 44 - 22);
  const v = Math.min(Math.max(displayGlucose(p50[i]!, unit).value!, 0), agpAxisTop(unit));
  const y = 236 + (v / agpAxisTop(unit)) * (10 - 236);
  return `M${x.toFixed(1)} ${y.toFixed(1)}`;
}

describe('compare two periods and glucose patterns', () => {
  it('compares the last 14 days with the 14 before, in both units, in Arabic and on a phone', async () => {
    const s = await seeded();
    const { previous, current } = s.compare;
    const page = await open(stage.browser, 1366);
    await signIn(page);
    for (const unit of UNITS) {
      await page.goto(`${stage.portal.url}/Hcp/charts/compare?uid=${s.uid}&unit=${encodeURIComponent(unit)}`);
      await page.locator('.compare-table').waitFor({ timeout: 60_000 });
      // The defaults: the last 14 days against the 14 before.
      expect(
        await page
          .locator('.compare-base input[type=date]')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      ).toEqual([addDays(s.today, -27), addDays(s.today, -14)]);
      const mean = await cellsOf(page, 'mean');
      expect(mean.slice(0, 2)).toEqual([
        `${formatGlucoseValue(previous.stats.mean, unit)} ${unit}`,
        `${formatGlucoseValue(current.stats.mean, unit)} ${unit}`,
      ]);
      const cv = await cellsOf(page, 'cv');
      expect(cv.slice(0, 2)).toEqual([
        `${previous.stats.cv!.toFixed(1)} %`,
        `${current.stats.cv!.toFixed(1)} %`,
      ]);
      const lows = await cellsOf(page, 'lows');
      expect(lows.slice(0, 2)).toEqual([String(previous.lows), String(current.lows)]);
      const change = current.lows - previous.lows;
      expect(lows[2]).toContain(`${change > 0 ? '+' : ''}${change}`);
      if (change !== 0) expect(lows[2]).toContain(en(`reports.compare.${change < 0 ? 'better' : 'worse'}`));
      // Both medians are drawn where the answers put them.
      for (const [period, answer] of [
        ['earlier', previous],
        ['later', current],
      ] as const) {
        const d = await page.locator(`g[data-period="${period}"] .rchart-compare__median`).getAttribute('d');
        expect(d!.startsWith(firstMedianPoint(answer.profile.p50, answer.profile.start_min, unit))).toBe(
          true,
        );
      }
      await axeClean(page, `compare 1366 ${unit}`);
      await screenshot(page, `18b-compare-1366-${tag(unit)}`);
    }

    // Another earlier period from the form: the address keeps it and the table follows.
    const base = { from: addDays(s.today, -41), to: addDays(s.today, -28) };
    const inputs = page.locator('.compare-base input[type=date]');
    await inputs.nth(0).fill(base.from);
    await inputs.nth(1).fill(base.to);
    await page.getByRole('button', { name: en('reports.compare.apply'), exact: true }).click();
    await page.waitForURL(
      (u) => u.searchParams.get('base_from') === base.from && u.searchParams.get('base_to') === base.to,
    );
    await page.locator('.compare-table').waitFor();

    await page.goto(`${stage.portal.url}/Hcp/charts/compare?uid=${s.uid}#SA/ar`);
    await page.getByText(textIn('ar', 'reports.compare.tableTitle')).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator('.compare-table').waitFor();
    await axeClean(page, 'compare 1366 ar');
    await screenshot(page, '18b-compare-1366-ar');

    const phone = await open(stage.browser, 390);
    await signIn(phone);
    await phone.goto(`${stage.portal.url}/Hcp/charts/compare?uid=${s.uid}&unit=mmol%2FL`);
    await phone.locator('.compare-table').waitFor({ timeout: 30_000 });
    await axeClean(phone, 'compare 390');
    await screenshot(phone, '18b-compare-390-mmol');

    // On paper too: the print page shows the same table.
    await page.goto(`${stage.portal.url}/compare-print?uid=${s.uid}&unit=mg%2FdL&paper=A4`);
    await page.locator('.compare-table').waitFor({ timeout: 30_000 });
    expect((await cellsOf(page, 'mean')).slice(0, 2)).toEqual([
      `${formatGlucoseValue(previous.stats.mean, 'mg/dL')} mg/dL`,
      `${formatGlucoseValue(current.stats.mean, 'mg/dL')} mg/dL`,
    ]);
    await screenshot(page, '18b-compare-print-mgdl');
    await phone.context().close();
    await page.context().close();
  }, 500_000);

  it('lists the patterns with their days, each a link to its one-day daily report', async () => {
    const s = await seeded();
    const page = await open(stage.browser, 1366);
    await signIn(page);
    for (const unit of UNITS) {
      await page.goto(
        `${stage.portal.url}/Hcp/charts/patterns?uid=${s.uid}&unit=${encodeURIComponent(unit)}`,
      );
      await page.getByText(en('reports.patterns.rulesTitle')).waitFor({ timeout: 60_000 });
      const items = page.locator('.report--patterns .pattern-item');
      expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(
        s.patterns.findings.map((f) => f.kind),
      );
      for (const [i, f] of s.patterns.findings.entries()) {
        const hrefs = await items
          .nth(i)
          .locator('a')
          .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
        const q = (day: string) =>
          new URLSearchParams({ uid: s.uid, from: day, to: day, day, unit }).toString();
        expect(hrefs).toEqual(f.days.map((day) => `/Hcp/charts/chart1?${q(day)}`));
        const n = f.days.length;
        expect(await items.nth(i).innerText()).toContain(
          en(`reports.patterns.onDays_${n === 1 ? 'one' : 'other'}`, { count: n }),
        );
      }
      if (s.patterns.findings.length === 0) await page.getByText(en('reports.patterns.none')).waitFor();
      // The rules in the unit shown.
      await page
        .getByText(
          en('reports.patterns.rules', {
            low: formatGlucoseValue(70, unit),
            high: formatGlucoseValue(250, unit),
            meal: formatGlucoseValue(180, unit),
            unit,
          }),
        )
        .waitFor();
      await axeClean(page, `patterns 1366 ${unit}`);
      await screenshot(page, `18b-patterns-1366-${tag(unit)}`);
    }

    // The overview shows the same findings for the same 14 days.
    await page.goto(`${stage.portal.url}/Hcp?uid=${s.uid}`);
    await page.locator('.overview__patterns').getByText(en('overview.patterns')).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('.overview__patterns .pattern-item').count(), { timeout: 30_000 })
      .toBe(s.patterns.findings.length);
    await screenshot(page, '18b-overview-patterns-1366');

    // A day link opens that day alone in the daily report.
    const first = s.patterns.findings[0];
    if (first) {
      await page.locator('.overview__patterns .pattern-item a').first().click();
      await waitForPath(page, '/Hcp/charts/chart1');
      await page.locator('.report--daily .day-card').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.day-card').count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('day')).toBe(first.days[0]);
    }

    await page.goto(`${stage.portal.url}/Hcp/charts/patterns?uid=${s.uid}#SA/ar`);
    await page.getByText(textIn('ar', 'reports.patterns.rulesTitle')).waitFor({ timeout: 30_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await axeClean(page, 'patterns 1366 ar');
    await screenshot(page, '18b-patterns-1366-ar');

    const phone = await open(stage.browser, 390);
    await signIn(phone);
    await phone.goto(`${stage.portal.url}/Hcp/charts/patterns?uid=${s.uid}`);
    await phone.getByText(en('reports.patterns.rulesTitle')).waitFor({ timeout: 30_000 });
    await axeClean(phone, 'patterns 390');
    await screenshot(phone, '18b-patterns-390-mgdl');
    await phone.goto(`${stage.portal.url}/Hcp?uid=${s.uid}&unit=mmol%2FL`);
    await phone.locator('.overview__patterns').waitFor({ timeout: 30_000 });
    await axeClean(phone, 'overview patterns 390');
    await screenshot(phone, '18b-overview-390-mmol');
    await phone.context().close();
    await page.context().close();
  }, 500_000);
});
