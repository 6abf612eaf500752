import { describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { en, screenshot, submitSignIn } from '../support/journey';

// Issue 20: on a first start the demo's accounts exist at once and its histories fill in
// afterwards; the login screens say how many patients are ready and the portal can be used
// meanwhile; once all are ready the notice goes.

const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });

const progress = async () =>
  (
    (await (await fetch(stage.portal.url + API.demoProgress)).json()) as {
      demo: { ready: number; total: number };
    }
  ).demo;

describe('the demo on a first start', () => {
  it('shows its progress on the login screen, lets an HCP sign in meanwhile, and stops showing it when whole', async () => {
    const { page } = await newPage(stage.browser, { width: 1366, height: 900, baseURL: stage.portal.url });
    await page.goto('/hcpLogin');
    const notice = page.getByText(/patients ready/);
    const first = await progress();
    if (first.ready < first.total) {
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(new RegExp(`\\d+ of ${first.total} patients ready`));
      await screenshot(page, 'demo-filling-login');
      await submitSignIn(page, 'hcp@demo.cgm', 'Demo#2026x');
      await page.waitForURL((u) => !u.pathname.toLowerCase().includes('login'), { timeout: 30_000 });
    }
    for (let i = 0; i < 600 && (await progress()).ready < 1; i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(await progress()).toEqual({ ready: 1, total: 1 });
    const { page: later } = await newPage(stage.browser, {
      width: 1366,
      height: 900,
      baseURL: stage.portal.url,
    });
    await later.goto('/hcpLogin');
    await later.getByRole('heading', { level: 1, name: en('login.hcp.title') }).waitFor();
    await later.waitForTimeout(1000);
    expect(await later.getByText(/patients ready/).count()).toBe(0);
  }, 400_000);
});
