import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import {
  en,
  field,
  PASSWORDS,
  registerByApi,
  screenshot,
  signInAnswer,
  submitSignIn,
  uniqueEmail,
  userMenuButton,
  waitForPath,
} from '../support/journey';

// Spec §2 "security (multi-factor authentication on or off)" and §4 "MFA on leads to verification
// code entry": the user turns two-step sign-in on, and the next sign-in asks for the mailed code.

const stage = useStage();

/** A 6-digit code that is certainly not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-step sign-in', () => {
  it('is turned on in security; the next sign-in needs the mailed code', async () => {
    const email = uniqueEmail('mfa');
    await registerByApi(stage.portal.url, stage.mail, {
      email,
      password: PASSWORDS.first,
      realname: 'Mfa Journey',
    });
    const { context, page } = await newPage(stage.browser, { baseURL: stage.portal.url });
    try {
      await page.goto('/login');
      await submitSignIn(page, email, PASSWORDS.first);
      await waitForPath(page, '/monitor');

      // User menu → Password and security → two-step sign-in on → Save.
      await userMenuButton(page, email).click();
      await page.getByRole('link', { name: en('menu.security') }).click();
      await waitForPath(page, '/changePassword');
      const mfa = page.getByRole('switch', { name: en('security.mfa') });
      await mfa.waitFor();
      expect(await mfa.getAttribute('aria-checked')).toBe('false');
      await mfa.click();
      await expect.poll(() => mfa.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('button', { name: en('common.save') }).click();
      await page.getByText(en('success.saved')).waitFor();
      await screenshot(page, '06-security-mfa-on');

      // Signed out and in again: the second step.
      await userMenuButton(page, email).click();
      await page.getByRole('button', { name: en('menu.signOut') }).click();
      await waitForPath(page, '/v3/login');
      const before = stage.mail.countTo(email);
      expect(await signInAnswer(page, email, PASSWORDS.first)).toBe(63);
      await waitForPath(page, '/verificationCode');
      await page.getByRole('heading', { level: 1, name: en('mfa.title') }).waitFor();
      const code = await stage.mail.waitForCode(email, before);

      // A wrong code is refused with the message of login code 64.
      await field(page, en('mfa.code')).fill(otherCode(code));
      await page.getByRole('button', { name: en('mfa.submit') }).click();
      await page.getByText(en('messages.codeIncorrect')).waitFor();
      await screenshot(page, '07-verification-code-wrong');
      expect(new URL(page.url()).pathname).toBe('/verificationCode');

      // The mailed code signs in, to the patient's home.
      await field(page, en('mfa.code')).fill(code);
      await page.getByRole('button', { name: en('mfa.submit') }).click();
      await waitForPath(page, '/monitor');
      await userMenuButton(page, email).waitFor();
    } finally {
      await context.close();
    }
  });
});
