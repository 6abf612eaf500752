import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import {
  en,
  PASSWORDS,
  pathOf,
  registerByApi,
  screenshot,
  signInAnswer,
  uniqueEmail,
  waitForPath,
} from '../support/journey';

// Spec §4 "Account: locked after too many failed password attempts" and §8 login codes 9 and 62:
// each wrong password tells the attempts left; then the lock with its minutes, which refuses even
// the right password. Three attempts here (LOGIN_MAX_ATTEMPTS), fifteen minutes (LOGIN_LOCK_MINUTES).

const MAX_ATTEMPTS = 3;
const LOCK_MINUTES = 15;

const stage = useStage({
  LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  LOGIN_LOCK_MINUTES: String(LOCK_MINUTES),
});

describe('account lock', () => {
  it('counts down the attempts left, then locks the account even for the right password', async () => {
    const email = uniqueEmail('locked');
    await registerByApi(stage.portal.url, stage.mail, {
      email,
      password: PASSWORDS.first,
      realname: 'Lock Journey',
    });
    const { context, page } = await newPage(stage.browser, { baseURL: stage.portal.url });
    try {
      await page.goto('/login');
      await waitForPath(page, '/v3/login');
      const alert = page.getByRole('alert');

      for (let left = MAX_ATTEMPTS - 1; left >= 1; left--) {
        expect(await signInAnswer(page, email, PASSWORDS.wrong)).toBe(9);
        await page.getByText(en('messages.wrongPasswordAttemptsLeft', { count: left })).waitFor();
      }
      await screenshot(page, '04-login-attempts-left');

      const locked = en('messages.lockedTryAgainMinutes', { minutes: LOCK_MINUTES });
      expect(await signInAnswer(page, email, PASSWORDS.wrong)).toBe(62);
      await page.getByText(locked).waitFor();
      await screenshot(page, '05-login-locked');

      // The right password is refused while the lock lasts; nobody is signed in.
      expect(await signInAnswer(page, email, PASSWORDS.first)).toBe(62);
      await page.getByText(locked).waitFor();
      expect(await alert.innerText()).toBe(locked);
      expect(pathOf(page)).toBe('/v3/login');
      expect(await page.evaluate(() => document.cookie)).not.toContain('cgm_uid');
    } finally {
      await context.close();
    }
  });
});
