import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import {
  en,
  field,
  PASSWORDS,
  screenshot,
  signInAnswer,
  uniqueEmail,
  userMenuButton,
  waitForPath,
} from '../support/journey';

// Spec §2 "HCP apply" and §4 "HCP application: submitted; the applicant is emailed when status
// changes": an HCP applies with the mailed code and an organisation, cannot sign in until an
// operator approves (login code 52), is mailed the approval, then lands on /HcpMenu.

const stage = useStage();

describe('HCP application', () => {
  it('applies, is not approved yet, is approved by an operator and signs in to /HcpMenu', async () => {
    const email = uniqueEmail('doctor');
    const { context, page } = await newPage(stage.browser, { baseURL: stage.portal.url });
    try {
      await page.goto('/hcpSign');
      await page.getByRole('heading', { level: 1, name: en('hcpApply.title') }).waitFor();

      const before = stage.mail.countTo(email);
      await field(page, en('register.email')).fill(email);
      await page.getByRole('button', { name: en('register.sendCode') }).click();
      await page.getByText(en('register.codeSent', { to: email })).waitFor();
      const code = await stage.mail.waitForCode(email, before);

      await field(page, en('register.code')).fill(code);
      await field(page, en('register.fullName')).fill('Dr Journey');
      await field(page, en('register.password')).fill(PASSWORDS.first);
      await field(page, en('register.repeatPassword')).fill(PASSWORDS.first);
      await field(page, en('hcpApply.organisation')).fill('Journey Diabetes Clinic');
      await field(page, en('hcpApply.profession')).selectOption('endocrinologist');
      await page.getByRole('checkbox', { name: en('register.agreement.checkbox') }).check();
      await screenshot(page, '11-hcp-apply-form');
      const submitted = stage.mail.countTo(email);
      await page.getByRole('button', { name: en('hcpApply.submit') }).click();
      await page.getByText(en('hcpApply.submitted')).waitFor();
      await stage.mail.waitForMail(email, 'Your application was received', submitted);

      // Not approved yet: login code 52 at the professional sign-in.
      await page.getByRole('link', { name: en('hcpApply.toSignIn') }).click();
      await waitForPath(page, '/v3/hcpLogin');
      await page.getByRole('heading', { level: 1, name: en('login.hcp.title') }).waitFor();
      expect(await signInAnswer(page, email, PASSWORDS.first)).toBe(52);
      await page.getByText(en('messages.notApproved')).waitFor();
      await screenshot(page, '12-hcp-not-approved');

      // An operator approves on the command line; the applicant is mailed.
      const decided = stage.mail.countTo(email);
      const out = await stage.portal.cli('approve-hcp', '--username', email);
      expect(out).toContain('approved');
      const approval = await stage.mail.waitForMail(email, 'Your application was approved', decided);
      expect(approval.body).toContain(`${stage.portal.url}/hcpLogin`);

      // Now the professional sign-in leads to the HCP home.
      await page.goto('/hcpLogin');
      await waitForPath(page, '/v3/hcpLogin');
      expect(await signInAnswer(page, email, PASSWORDS.first)).toBe(0);
      await waitForPath(page, '/HcpMenu');
      await userMenuButton(page, email).waitFor();
      await screenshot(page, '13-hcp-home');
    } finally {
      await context.close();
    }
  });
});
