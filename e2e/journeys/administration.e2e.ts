import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import {
  en,
  field,
  PASSWORDS,
  screenshot,
  signInAnswer,
  submitSignIn,
  uniqueEmail,
  waitForPath,
} from '../support/journey';

// Issue "Account administration, clinics and operations", done means: the super admin creates an
// account admin, who approves an HCP application, and the HCP can log in; the admin's session ends
// after 10 minutes without a click (spec §4, §9: 600000 ms, checked every second), on a test clock.
const DEMO_PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });
/** A field whose label starts with the text of `key` (required fields add a marker after it). */
const labelled = (key: string) => new RegExp(`^${en(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('account administration', () => {
  it('a new account admin approves an HCP, who signs in; an idle admin is signed out', async () => {
    const base = { baseURL: stage.portal.url };
    // An HCP applies (as in the application journey) and cannot sign in yet.
    const doctor = uniqueEmail('doctor');
    const { page: applicant } = await newPage(stage.browser, base);
    await applicant.goto('/hcpSign');
    const before = stage.mail.countTo(doctor);
    await field(applicant, en('register.email')).fill(doctor);
    await applicant.getByRole('button', { name: en('register.sendCode') }).click();
    await field(applicant, en('register.code')).fill(await stage.mail.waitForCode(doctor, before));
    await field(applicant, en('register.fullName')).fill('Dr Quinn Hale');
    await field(applicant, en('register.password')).fill(PASSWORDS.first);
    await field(applicant, en('register.repeatPassword')).fill(PASSWORDS.first);
    await field(applicant, en('hcpApply.organisation')).fill('Approval Clinic');
    await field(applicant, en('hcpApply.profession')).selectOption('nurse');
    await applicant.getByRole('checkbox', { name: en('register.agreement.checkbox') }).check();
    await applicant.getByRole('button', { name: en('hcpApply.submit') }).click();
    await applicant.getByText(en('hcpApply.submitted')).waitFor();

    // The super admin creates an account admin for Europe.
    const adminEmail = uniqueEmail('admin');
    const { page: superAdmin } = await newPage(stage.browser, base);
    await superAdmin.goto('/managementtools');
    await submitSignIn(superAdmin, 'superadmin@demo.cgm', DEMO_PASSWORD);
    await waitForPath(superAdmin, '/accountsadmin_super');
    await superAdmin.goto('/accountsadmin_super_add');
    await superAdmin.getByLabel(labelled('admin.add.username')).fill(adminEmail);
    await superAdmin.getByLabel(labelled('admin.add.realname')).fill('Erin Admin');
    await superAdmin.getByLabel(labelled('admin.add.password')).fill(PASSWORDS.second);
    await superAdmin.getByRole('checkbox', { name: en('regions.europe'), exact: true }).check();
    await superAdmin.getByRole('button', { name: en('admin.add.submit'), exact: true }).click();
    await waitForPath(superAdmin, '/accountsadmin_list');
    await superAdmin.getByText('Erin Admin').waitFor();
    await screenshot(superAdmin, '50-admin-list');

    // The new account admin signs in (on a clock the test controls) and approves the application.
    const { context, page: admin } = await newPage(stage.browser, base);
    await context.clock.install();
    await admin.goto('/managementtools');
    await submitSignIn(admin, adminEmail, PASSWORDS.second);
    // A new account agrees to the privacy policy and terms first (spec §2 "shown on update").
    await admin.getByRole('checkbox', { name: en('terms.checkbox') }).check();
    await admin.getByRole('button', { name: en('terms.agree'), exact: true }).click();
    await waitForPath(admin, '/accountsadmin_home');
    await admin.goto('/CreateHCP_list');
    const row = admin.getByRole('row').filter({ hasText: doctor });
    const decided = stage.mail.countTo(doctor);
    await row.getByRole('button', { name: en('hcpDesk.approve'), exact: true }).click();
    await admin
      .getByRole('alertdialog')
      .or(admin.getByRole('dialog'))
      .getByRole('button', { name: en('hcpDesk.approve'), exact: true })
      .click();
    // The list shows submitted applications: the approved one leaves it.
    await row.waitFor({ state: 'detached' });
    await stage.mail.waitForMail(doctor, 'Your application was approved', decided);
    await screenshot(admin, '51-application-approved');

    // The HCP signs in.
    await applicant.goto('/hcpLogin');
    expect(await signInAnswer(applicant, doctor, PASSWORDS.first)).toBe(0);
    await waitForPath(applicant, '/HcpMenu');

    // The operations tools are in the admin menu: the clinics of Europe, with the demo clinic.
    const menu = admin.getByRole('navigation', { name: en('admin.nav.label') });
    expect(await menu.getByRole('link', { name: en('devDebug.title'), exact: true }).count()).toBe(0);
    await menu.getByRole('link', { name: en('clinics.listTitle'), exact: true }).click();
    await waitForPath(admin, '/ClinicalData');
    // Its patients are those who accepted one of its HCPs: the demo patient accepted Dr Lee.
    await admin
      .getByRole('button', {
        name: en('clinics.showPatientsOf', { clinic: 'Demo Diabetes Clinic' }),
      })
      .click();
    await admin.getByRole('cell', { name: /^Alex Demo/ }).waitFor();
    await screenshot(admin, '52-clinics');

    // Nine minutes without a click keep the admin in; past ten they are signed out.
    await context.clock.fastForward('09:00');
    await admin.waitForTimeout(1500);
    expect(new URL(admin.url()).pathname).toBe('/ClinicalData');
    await context.clock.fastForward('01:05');
    // Signed out, to the admin sign-in (the guard shows it at its versioned address).
    await admin.waitForURL((url) => url.pathname.endsWith('/managementtools'));
    const token = await admin.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeNull();
  });

  it('the application desk works in an administration session and signs out to /managementtools', async () => {
    const { context, page: desk } = await newPage(stage.browser, { baseURL: stage.portal.url });
    await context.clock.install();
    await desk.goto('/managementtools');
    await submitSignIn(desk, 'desk@demo.cgm', DEMO_PASSWORD);
    await waitForPath(desk, '/CreateHCP');
    // Idle for ten minutes: signed out through v2.1/logout, back to the administration sign-in.
    await context.clock.fastForward('10:05');
    await desk.waitForURL((url) => url.pathname.endsWith('/managementtools'));
    expect(await desk.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  it('on a phone, a wide table of figures scrolls under its first column and keeps its title', async () => {
    const { page } = await newPage(stage.browser, { baseURL: stage.portal.url, width: 390 });
    await page.goto('/managementtools');
    await submitSignIn(page, 'superadmin@demo.cgm', DEMO_PASSWORD);
    await waitForPath(page, '/accountsadmin_super');
    await page.goto('/AccountSumarry');
    const table = page.getByRole('table', { name: en('usage.monthlyTable') });
    await table.waitFor();
    const box = table.locator('xpath=..');
    const parts = async () =>
      table.evaluate((t) => {
        const rect = (e: Element | null | undefined) => e!.getBoundingClientRect();
        const scroller = rect(t.parentElement);
        return {
          scroller: [scroller.left, scroller.right],
          title: [
            rect(t.querySelector('caption > span')).left,
            rect(t.querySelector('caption > span')).right,
          ],
          firstColumn: rect(t.querySelector('tbody th, tbody td')).left,
          scrolled: t.parentElement!.scrollLeft,
        };
      });
    // Scrolled to its last column, the title and the row names are still where the table starts.
    await box.evaluate((b) => (b.scrollLeft = b.scrollWidth));
    const after = await parts();
    expect(after.scrolled).toBeGreaterThan(0);
    expect(after.title[0]).toBeGreaterThanOrEqual(after.scroller[0]! - 1);
    expect(after.title[1]).toBeLessThanOrEqual(after.scroller[1]! + 1);
    expect(after.firstColumn).toBeGreaterThanOrEqual(after.scroller[0]! - 1);
    await screenshot(page, '53-account-summary-390-scrolled');
  });
});
