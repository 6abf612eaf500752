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
  uniqueEmail,
  userMenuButton,
  waitForPath,
} from '../support/journey';

// Spec §2 "Password modify and reset wizard: steps B verify, C token entered, D done": the user
// name, the code mailed to the account, the code with a new password, done; afterwards only the
// new password signs in.

const stage = useStage({ LOGIN_MAX_ATTEMPTS: '5' });

describe('password reset', () => {
  it('resets the password with the mailed code; the old one stops working', async () => {
    const email = uniqueEmail('reset');
    await registerByApi(stage.portal.url, stage.mail, {
      email,
      password: PASSWORDS.first,
      realname: 'Reset Journey',
    });
    const { context, page } = await newPage(stage.browser, { baseURL: stage.portal.url });
    try {
      // Reached from the sign-in page's "Forgot password?".
      await page.goto('/login');
      await page.getByRole('link', { name: en('login.forgot') }).click();
      await waitForPath(page, '/updatePassword');
      await page.getByRole('heading', { level: 1, name: en('reset.title') }).waitFor();
      const current = page.locator('[aria-current="step"]');
      expect(await current.innerText()).toContain(en('reset.stepVerify'));
      await screenshot(page, '08-reset-verify');

      // B: the user name; a code goes to the account's email.
      const before = stage.mail.countTo(email);
      await field(page, en('login.username')).fill(email);
      await page.getByRole('button', { name: en('reset.sendCode') }).click();
      await field(page, en('register.code')).waitFor();
      expect(await current.innerText()).toContain(en('reset.stepToken'));
      const code = await stage.mail.waitForCode(email, before);

      // C: the code and the new password, twice.
      await field(page, en('register.code')).fill(code);
      await field(page, en('reset.newPassword')).fill(PASSWORDS.second);
      await field(page, en('reset.repeatPassword')).fill(PASSWORDS.second);
      await screenshot(page, '09-reset-token');
      await page.getByRole('button', { name: en('reset.submit') }).click();

      // D: done.
      await page.getByText(en('success.passwordChanged')).waitFor();
      expect(await current.innerText()).toContain(en('reset.stepDone'));
      await screenshot(page, '10-reset-done');
      await page.getByRole('link', { name: en('reset.toSignIn') }).click();
      await waitForPath(page, '/v3/login');

      // The old password is wrong now (4 of LOGIN_MAX_ATTEMPTS = 5 left); the new one signs in.
      expect(await signInAnswer(page, email, PASSWORDS.first)).toBe(9);
      await page.getByText(en('messages.wrongPasswordAttemptsLeft', { count: 4 })).waitFor();
      expect(await signInAnswer(page, email, PASSWORDS.second)).toBe(0);
      await waitForPath(page, '/monitor');
      await userMenuButton(page, email).waitFor();
    } finally {
      await context.close();
    }
  });
});
