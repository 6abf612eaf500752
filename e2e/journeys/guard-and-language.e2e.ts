import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { en, screenshot, textIn, waitForPath } from '../support/journey';

// Spec §2 "Guard" (token-less visits), §1 "Country and language may be given in the URL hash",
// §2 "Header, footer, language" (the language dialog), right-to-left Arabic, and the browser
// check that sends old browsers to /error.

const FIREFOX_52 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:52.0) Gecko/20100101 Firefox/52.0';

const stage = useStage();

/** A fresh browser context (no session, no stored language) at `width`, for one test. */
async function visit<T>(fn: (page: Page) => Promise<T>, opts: { width?: number; userAgent?: string } = {}) {
  const { context, page } = await newPage(stage.browser, { baseURL: stage.portal.url, ...opts });
  try {
    return await fn(page);
  } finally {
    await context.close();
  }
}

const signInHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: en('login.personal.title') });
const htmlAttr = (page: Page, name: string) => page.locator('html').getAttribute(name);

describe('guard without a session', () => {
  it('sends / and /login to the versioned sign-in /v3/login', async () => {
    await visit(async (page) => {
      await page.goto('/');
      await waitForPath(page, '/v3/login');
      await signInHeading(page).waitFor();
      await page.goto('/login');
      await waitForPath(page, '/v3/login');
      await signInHeading(page).waitFor();
      await screenshot(page, '14-login');
    });
  });

  it('sends a protected screen (/PatientList) to the sign-in page', async () => {
    await visit(async (page) => {
      await page.goto('/PatientList');
      await waitForPath(page, '/v3/login');
      await signInHeading(page).waitFor();
    });
  });

  it('sends an Account route (/accountsadmin_list) to /admin/managementtools', async () => {
    await visit(async (page) => {
      await page.goto('/accountsadmin_list');
      await waitForPath(page, '/admin/managementtools');
      await page.getByRole('heading', { level: 1, name: en('login.admin.title') }).waitFor();
    });
  });

  it('adds the country and language to /select', async () => {
    await visit(async (page) => {
      await page.goto('/select');
      await waitForPath(page, '/v3/select');
      const query = new URL(page.url()).searchParams;
      expect(query.get('country')).toBe('GB');
      expect(query.get('language')).toBe('en');
      await page.getByRole('heading', { level: 1, name: en('select.title') }).waitFor();
      await screenshot(page, '15-select');
    });
    // The country and language of the hash go into the query too.
    await visit(async (page) => {
      await page.goto('/select#DE/de');
      await waitForPath(page, '/v3/select');
      const query = new URL(page.url()).searchParams;
      expect(query.get('country')).toBe('DE');
      expect(query.get('language')).toBe('de');
    });
  });

  it('sends an old browser (Firefox 52) to /error', async () => {
    await visit(
      async (page) => {
        await page.goto('/login');
        await waitForPath(page, '/error');
        await page.getByRole('heading', { name: en('unsupported.title') }).waitFor();
        await screenshot(page, '16-unsupported-browser');
      },
      { userAgent: FIREFOX_52 },
    );
  });
});

describe('language', () => {
  it('takes German from the hash #DE/de', async () => {
    await visit(async (page) => {
      await page.goto('/login#DE/de');
      await waitForPath(page, '/v3/login');
      await expect.poll(() => htmlAttr(page, 'lang')).toBe('de');
      expect(await htmlAttr(page, 'dir')).toBe('ltr');
      // The screen's own texts come from de.json (and differ from the English ones).
      const title = textIn('de', 'login.personal.title');
      expect(title).not.toBe(en('login.personal.title'));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: textIn('de', 'login.submit'), exact: true }).waitFor();
      await page
        .getByRole('contentinfo')
        .getByText(textIn('de', 'footer.contact'), { exact: true })
        .waitFor();
      // The language button names the country and the language in German.
      const button = page.getByRole('banner').getByRole('button', { name: /Deutschland · Deutsch/ });
      expect(await button.innerText()).toBe('Deutschland · Deutsch');
      await screenshot(page, '17-login-de');
    });
  });

  it('shows Arabic right to left from the hash #SA/ar, at 375 px without sideways scrolling', async () => {
    await visit(
      async (page) => {
        await page.goto('/login#SA/ar');
        await waitForPath(page, '/v3/login');
        await expect.poll(() => htmlAttr(page, 'dir')).toBe('rtl');
        expect(await htmlAttr(page, 'lang')).toBe('ar');
        expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
        await page
          .getByRole('banner')
          .getByRole('button', { name: /العربية/ })
          .waitFor();
        await page.getByRole('heading', { level: 1, name: textIn('ar', 'login.personal.title') }).waitFor();
        // Right-aligned: the heading starts at the right edge of its card.
        const align = await page
          .getByRole('heading', { level: 1 })
          .evaluate((h) => getComputedStyle(h).textAlign);
        expect(['start', 'right']).toContain(align);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true);
        await screenshot(page, '18-login-ar-375');
      },
      { width: 375 },
    );
  });

  it('switches to Arabic in the language dialog', async () => {
    await visit(async (page) => {
      await page.goto('/login');
      await waitForPath(page, '/v3/login');
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`^${en('language.button', { current: '.*' })}`) })
        .click();
      const dialog = page.getByRole('dialog', { name: en('language.title') });
      await dialog.waitFor();
      for (const region of ['asia', 'europe', 'southAmerica', 'africa', 'northAmerica', 'oceania']) {
        await dialog.getByRole('heading', { name: en(`regions.${region}`) }).waitFor();
      }
      await screenshot(page, '19-language-dialog');
      await dialog
        .locator('li', { has: page.locator('#country-SA') })
        .getByRole('button', { name: 'العربية' })
        .click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => htmlAttr(page, 'dir')).toBe('rtl');
      expect(await htmlAttr(page, 'lang')).toBe('ar');
      expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
      // Kept for this tab (spec §2: session storage always).
      expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe('ar');
      await screenshot(page, '20-login-ar');
    });
  });
});
