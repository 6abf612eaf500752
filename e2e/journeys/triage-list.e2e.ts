import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API } from '../../packages/contract/src/paths';
import { useStage } from '../support/stage';
import { en, screenshot, submitSignIn, textIn } from '../support/journey';

// Issue 18 item 2, the triage list in the browser: it opens sorted by risk (as the API's default),
// a header click reverses the order, "needs attention" keeps the flagged patients, and the summary
// line counts them; the band limits follow the unit (mg/dL and mmol/L); Arabic is right to left;
// on a phone the rows are cards with a sort menu; axe finds nothing critical or serious.
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '2' });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
}
interface Item {
  uid: string;
  name: string;
  username: string;
  triage: { flags: string[]; bands: object | null } | null;
  days_since_reading: number | null;
}
interface ListPage {
  items: Item[];
  total: number;
  population: { patients: number; flagged: number; per_flag: Record<string, number> };
}

async function axeClean(page: Page, where: string): Promise<void> {
  await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (d: Document, o: object) => Promise<AxeResult> } }).axe.run(
      document,
      {
        resultTypes: ['violations'],
      },
    ),
  );
  const bad = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, where).toEqual([]);
}

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

async function list(query: string): Promise<ListPage> {
  const login = await fetch(stage.portal.url + API.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'hcp@demo.cgm', password: PASSWORD, user_type: 'D' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${stage.portal.url}${API.patients}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { patients: ListPage }).patients;
}

const shownNames = (page: Page) => page.locator('.patient-row__name a').allInnerTexts();
const nameOf = (i: Item) => i.name || i.username;
const flagsHeader = (page: Page) => page.getByRole('columnheader', { name: en('patients.col.flags') });

/**
 * Every patient's summary computed by the server's job, after the demo stored the live patient's
 * recent history (it stores the history as it starts): one patient with figures and a reading today.
 */
async function summariesReady(): Promise<void> {
  await expect
    .poll(
      async () => {
        const { items } = await list('size=100');
        return (
          items.every((i) => i.triage !== null) &&
          items.some((i) => i.triage!.bands !== null && i.days_since_reading === 0)
        );
      },
      { timeout: 240_000, interval: 2000 },
    )
    .toBe(true);
}

describe('the triage list', () => {
  it('sorts by risk, reverses, filters and counts, in mg/dL and mmol/L', async () => {
    await summariesReady();
    const page = await open(stage.browser, 1366);
    await signIn(page);
    for (const [unit, limit] of [
      ['mg/dL', '54'],
      ['mmol/L', '3.0'],
    ] as const) {
      await page.goto(`${stage.portal.url}/PatientList?unit=${encodeURIComponent(unit)}`);
      await page.locator('.patient-row').first().waitFor({ timeout: 30_000 });
      // The API's default order is the risk order; the screen shows the same first page.
      const byRisk = await list('');
      await expect.poll(() => shownNames(page)).toEqual(byRisk.items.map(nameOf));
      expect(await flagsHeader(page).getAttribute('aria-sort')).toBe('descending');
      await expect
        .poll(() => page.getByRole('columnheader').allInnerTexts())
        .toContain(en('patients.col.belowValue', { value: limit, unit }));
      // The summary line: every patient, the flagged ones, per flag.
      const line = await page.locator('.population-line').innerText();
      expect(line).toContain(
        en('patients.triage.population', {
          patients: byRisk.population.patients,
          flagged: byRisk.population.flagged,
        }),
      );
      // Every latest glucose shown as a number is in the list's unit, whatever the patient's own.
      const latest = await page.locator(`td[data-label="${en('patients.col.glucose')}"]`).allInnerTexts();
      const numbers = latest.filter((text) => /\d/.test(text));
      expect(numbers.length).toBeGreaterThan(0);
      for (const text of numbers) expect(text).toContain(unit);
      await axeClean(page, `list 1366 ${unit}`);
      await screenshot(page, `18-triage-1366-${unit === 'mg/dL' ? 'mgdl' : 'mmol'}`);
    }

    // A click on the flags header reverses the risk order.
    await flagsHeader(page).getByRole('button').click();
    const reversed = await list('sort=risk&order=asc');
    await expect.poll(() => shownNames(page)).toEqual(reversed.items.map(nameOf));

    // Needs attention: only flagged patients, as many as the summary line says.
    await page.getByLabel(en('patients.list.attention')).check();
    const flagged = await list('attention=1&sort=risk&order=asc');
    await expect.poll(() => shownNames(page)).toEqual(flagged.items.map(nameOf));
    expect(flagged.items.every((i) => i.triage!.flags.length > 0)).toBe(true);
    expect(flagged.total).toBe(flagged.population.flagged);
    await page.context().close();
  }, 300_000);

  it('reads right to left in Arabic and becomes cards with a sort menu on a phone', async () => {
    await summariesReady();
    for (const width of [1366, 390]) {
      const page = await open(stage.browser, width);
      await signIn(page);
      // The language from the address (spec §1), read when the app loads: the sign-in already
      // landed on the list, so the same address with the hash is loaded again.
      await page.goto(`${stage.portal.url}/PatientList#SA/ar`);
      await page.reload();
      await page.locator('.patient-row').first().waitFor({ timeout: 30_000 });
      await page
        .getByText(textIn('ar', 'patients.list.attention'))
        .waitFor({ timeout: 30_000 })
        .catch(async (e: unknown) => {
          await screenshot(page, `18-triage-${width}-ar-failed`);
          throw e;
        });
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const all = await list('');
      await expect
        .poll(() => page.locator('.population-line strong').innerText())
        .toContain(textIn('ar', 'patients.triage.population', { patients: '', flagged: '' }).split(':')[0]!);
      expect(await page.locator('.patient-row').count()).toBe(Math.min(20, all.total));
      if (width === 390) {
        // Cards: the table's header is hidden, the sort menu does its work.
        const sortBy = page.getByLabel(textIn('ar', 'patients.list.sortBy'));
        await sortBy.selectOption('name');
        const byName = await list('sort=name');
        await expect.poll(() => shownNames(page)).toEqual(byName.items.map(nameOf));
      }
      await axeClean(page, `list ${width} ar`);
      await screenshot(page, `18-triage-${width}-ar`);
      await page.context().close();
    }
    // English on a phone, in mmol/L.
    const phone = await open(stage.browser, 390);
    await signIn(phone);
    await phone.goto(`${stage.portal.url}/PatientList?unit=mmol%2FL`);
    await phone.locator('.patient-row').first().waitFor({ timeout: 30_000 });
    await axeClean(phone, 'list 390 en');
    await screenshot(phone, '18-triage-390-mmol');
    await phone.context().close();
  }, 300_000);
});
