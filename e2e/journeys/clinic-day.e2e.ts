import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API } from '../../packages/contract/src/paths';
import { addDays } from '../../packages/domain/src/calendar';
import { formatGlucoseValue, type GlucoseUnit } from '../../packages/domain/src/units';
import { axeClean } from '../support/axe';
import { useStage } from '../support/stage';
import { en, screenshot, submitSignIn, textIn, userMenuButton, waitForPath } from '../support/journey';

// Issue 18 (the clinic's day), the web side: another role's address leads home and no request
// carries an empty id (item 7); a patient opens on the glucose overview (item 1); the daily report
// shows one day with the previous and the next (item 5); phones get a report menu, charts that say
// they scroll, named controls, and axe finds nothing critical or serious (item 6).
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '2' });

async function open(browser: Browser, width: number): Promise<Page> {
  // axe is injected as a script: the portal's content security policy would refuse it.
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    locale: 'en-GB',
    bypassCSP: true,
  });
  return context.newPage();
}

async function signIn(page: Page, door: string, username: string): Promise<void> {
  await page.goto(`${stage.portal.url}${door}`);
  await submitSignIn(page, username, PASSWORD);
  await page.waitForURL((u) => !/login|clinic$/i.test(u.pathname) && !u.pathname.startsWith('/v3'), {
    timeout: 15_000,
  });
}

async function tokenOf(username: string, userType: 'P' | 'D' | 'M'): Promise<string> {
  const res = await fetch(stage.portal.url + API.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, user_type: userType }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function call<T>(path: string, token: string): Promise<T> {
  const res = await fetch(stage.portal.url + path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The demo's first HCP patient, once 14 days of history are stored, with the overview's figures. */
async function demoPatient() {
  const token = await tokenOf('hcp@demo.cgm', 'D');
  const list = await call<{ patients: { items: Array<{ uid: string; username: string }> } }>(
    API.patients,
    token,
  );
  // The patient whose history reaches today (the live one; the others' may end earlier), once its
  // 14 days are stored.
  const recent = async () => {
    for (const item of list.patients.items) {
      const map = await call<{ today: string; days: Array<{ day: string }> }>(
        API.chartDatamap(item.uid),
        token,
      );
      const inLast14 = map.days.filter((d) => d.day >= addDays(map.today, -13)).length;
      if (inLast14 >= 14) return item.uid;
    }
    return null;
  };
  await expect.poll(recent, { timeout: 180_000, interval: 2000 }).not.toBeNull();
  const uid = (await recent())!;
  const { today } = await call<{ today: string }>(API.chartDatamap(uid), token);
  const from = addDays(today, -13);
  const ta = await call<{
    report_data: {
      stats: { gmi: number | null; cv: number | null; mean: number | null };
      sensor_wear: number;
    };
  }>(`${API.chartData(uid, 'ta')}?from=${from}&to=${today}`, token);
  const dd = await call<{ report_data: { days: unknown[] } }>(
    `${API.chartData(uid, 'dd')}?from=${from}&to=${today}`,
    token,
  );
  return {
    uid,
    today,
    from,
    stats: ta.report_data.stats,
    wear: ta.report_data.sensor_wear,
    days: dd.report_data.days,
  };
}

/** The value of one of the overview's figures. */
const figure = async (page: Page, label: string) =>
  (
    await page
      .locator('.overview .stat-tile', { has: page.locator('.stat-tile__label', { hasText: label }) })
      .first()
      .locator('.stat-tile__value')
      .innerText()
  ).trim();

describe('the clinic day', () => {
  it("sends another role's address home and never asks with an empty id", async () => {
    const page = await open(stage.browser, 1366);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    // A carer whose only request is still waiting: no patient yet.
    await signIn(page, '/login', 'carer2@demo.cgm');
    await waitForPath(page, '/carerConnection');
    await page.goto(`${stage.portal.url}/Hcp`);
    await page.getByText(en('patientView.choosePatient')).waitFor();
    for (const other of ['/PatientList', '/Hcp/patientProfile?uid=x', '/ClinicPatientList', '/connection']) {
      await page.goto(`${stage.portal.url}${other}`);
      await waitForPath(page, '/carerConnection');
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((p) => p.includes('//') || p.endsWith('/'))).toEqual([]);

    const hcp = await open(stage.browser, 1366);
    await signIn(hcp, '/hcpLogin', 'hcp@demo.cgm');
    const home = new URL(hcp.url()).pathname;
    for (const other of ['/carerConnection', '/connection', '/ClinicHcp', '/dataSources/import']) {
      await hcp.goto(`${stage.portal.url}${other}`);
      await waitForPath(hcp, home);
    }
    await hcp.context().close();
    await page.context().close();
  }, 300_000);

  it('opens a patient on the glucose overview, in both units, in Arabic and on a phone', async () => {
    const p = await demoPatient();
    const page = await open(stage.browser, 1366);
    await signIn(page, '/hcpLogin', 'hcp@demo.cgm');
    for (const unit of ['mmol/L', 'mg/dL'] as GlucoseUnit[]) {
      await page.goto(`${stage.portal.url}/Hcp?uid=${p.uid}&unit=${encodeURIComponent(unit)}`);
      await page
        .locator('.overview .tir-bar')
        .waitFor({ timeout: 60_000 })
        .catch(async (e: unknown) => {
          await screenshot(page, '18-overview-failed');
          throw e;
        });
      await page.getByText(en('overview.lastReading')).waitFor();
      expect(await figure(page, en('reports.stats.gmi'))).toBe(
        p.stats.gmi === null ? '--' : `${p.stats.gmi.toFixed(1)} %`,
      );
      expect(await figure(page, en('reports.stats.cv'))).toBe(`${p.stats.cv!.toFixed(1)} %`);
      expect(await figure(page, en('overview.wear'))).toBe(`${p.wear.toFixed(1)} %`);
      expect(await figure(page, en('reports.stats.mean'))).toBe(
        `${formatGlucoseValue(p.stats.mean, unit)} ${unit}`,
      );
      // The last reading is the sensor's, with its own age (not the upload's).
      await page.locator('.overview__value').waitFor();
      await page.locator('.agp-thumb').waitFor();
      // Each report on screen is one click away: the AGP, the ten of spec §2, compare and patterns.
      expect(await page.locator('.overview__links a').count()).toBe(13);
      expect(await page.locator('.overview__links a').first().getAttribute('href')).toBe(
        `/Hcp/charts/agp?uid=${encodeURIComponent(p.uid)}`,
      );
      await axeClean(page, `overview 1366 ${unit}`);
      await screenshot(page, `18-overview-1366-${unit === 'mg/dL' ? 'mgdl' : 'mmol'}`);
    }

    // Right to left: Arabic from the address.
    await page.goto(`${stage.portal.url}/Hcp?uid=${p.uid}#SA/ar`);
    await page.getByText(textIn('ar', 'overview.lastReading')).waitFor({ timeout: 30_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator('.overview .tir-bar').waitFor();
    await axeClean(page, 'overview 1366 ar');
    await screenshot(page, '18-overview-1366-ar');

    // A phone: the patient's tabs are one menu; axe is clean there too.
    const phone = await open(stage.browser, 390);
    await signIn(phone, '/hcpLogin', 'hcp@demo.cgm');
    await userMenuButton(phone, 'hcp@demo.cgm').waitFor();
    await phone.goto(`${stage.portal.url}/Hcp?uid=${p.uid}`);
    await phone.locator('.overview .tir-bar').waitFor({ timeout: 30_000 });
    await axeClean(phone, 'overview 390');
    await screenshot(phone, '18-overview-390-mmol');
    await phone
      .getByRole('combobox', { name: en('patientView.tabsLabel') })
      .selectOption({ label: en('patientView.tabs.reports') });
    await waitForPath(phone, '/Hcp/charts');
    await phone.context().close();

    // The carer who follows the live patient opens the overview from their home.
    const carer = await open(stage.browser, 1366);
    await signIn(carer, '/login', 'carer@demo.cgm');
    await carer
      .getByRole('link', { name: en('overview.open') })
      .first()
      .click();
    await waitForPath(carer, '/Hcp');
    await carer.locator('.overview').waitFor({ timeout: 30_000 });
    await carer
      .getByRole('navigation', { name: en('patientView.tabsLabel') })
      .getByRole('link', { name: en('patientView.tabs.monitor') })
      .waitFor();
    await axeClean(carer, 'overview carer 1366');
    await carer.context().close();
    await page.context().close();
  }, 400_000);

  it('shows the daily report one day at a time, and every day as an option', async () => {
    const p = await demoPatient();
    for (const width of [1366, 390]) {
      const page = await open(stage.browser, width);
      await signIn(page, '/hcpLogin', 'hcp@demo.cgm');
      await page.goto(`${stage.portal.url}/Hcp/charts/chart1?uid=${p.uid}&from=${p.from}&to=${p.today}`);
      await page.locator('.report--daily .day-card').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.day-card').count()).toBe(1);
      const next = page.getByRole('button', { name: en('dayView.next') });
      await expect.poll(() => next.isDisabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: en('dayView.previous') }).click();
      await page.waitForURL((u) => u.searchParams.get('day') === addDays(p.today, -1));
      expect(await page.locator('.day-card').count()).toBe(1);
      await expect.poll(() => next.isDisabled(), { timeout: 10_000 }).toBe(false);
      await axeClean(page, `daily one day ${width}`);
      if (width === 390) {
        // The chart says it scrolls, and the keyboard reaches the rest of the day.
        await page
          .locator('.rchart-scroll__hint')
          .first()
          .waitFor()
          .catch(async (e: unknown) => {
            await screenshot(page, '18-daily-failed');
            throw e;
          });
        const scroller = page.locator('.rchart-scroll').first();
        await scroller.focus();
        for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
        // Arrow keys scroll smoothly (animated): on a busy machine the first frames come late.
        await expect
          .poll(() => scroller.evaluate((el) => el.scrollLeft), { timeout: 5_000 })
          .toBeGreaterThan(0);
        // The reports are one menu.
        await page.getByRole('combobox', { name: en('phone.reportMenu') }).waitFor();
      }
      await screenshot(page, `18-daily-day-${width}`);
      await page.getByRole('button', { name: en('dayView.allDays') }).click();
      await expect.poll(() => page.locator('.day-card').count(), { timeout: 30_000 }).toBe(p.days.length);
      if (width === 390) {
        await page
          .getByRole('combobox', { name: en('phone.reportMenu') })
          .selectOption({ label: en('reports.names.trend') });
        await waitForPath(page, '/Hcp/charts/chart3');
        await page.locator('.rchart').first().waitFor({ timeout: 30_000 });
        await axeClean(page, 'trend 390');
      }
      await page.context().close();
    }
  }, 400_000);
});
