import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import {
  en,
  field,
  PASSWORDS,
  screenshot,
  submitSignIn,
  uniqueEmail,
  userMenuButton,
  waitForPath,
} from '../support/journey';

// Spec §2 "Registration" and "Homes after login": a patient or carer signs up at /sign with the
// code from the mail, is told they are registered, signs in and lands on their home.

const stage = useStage();

async function registerAtSign(page: Page, email: string, type: 'P' | 'M', shots: string | null) {
  await page.goto('/sign');
  await page.getByRole('heading', { level: 1, name: en('register.title') }).waitFor();
  const accountType = en(type === 'P' ? 'register.patient' : 'register.carer');
  await page.getByRole('radio', { name: accountType }).check();
  await page.getByRole('textbox', { name: new RegExp(`^${en('register.email')}\\b`) }).fill(email);

  const before = stage.mail.countTo(email);
  await page.getByRole('button', { name: en('register.sendCode') }).click();
  await page.getByText(en('register.codeSent', { to: email })).waitFor();
  const code = await stage.mail.waitForCode(email, before);

  await field(page, en('register.code')).fill(code);
  await field(page, en('register.fullName')).fill(type === 'P' ? 'Pat Journey' : 'Carer Journey');
  await field(page, en('register.password')).fill(PASSWORDS.first);
  await field(page, en('register.repeatPassword')).fill(PASSWORDS.first);
  await field(page, en('register.birthday')).fill('1990-04-12');
  // Only the countries this (EU) site serves: France and China register on their own sites.
  const country = page.locator('select[autocomplete="country"]');
  expect(await country.locator('option[value="DE"]').count()).toBe(1);
  expect(await country.locator('option[value="FR"], option[value="CN"]').count()).toBe(0);
  await page.getByRole('checkbox', { name: en('register.agreement.checkbox') }).check();
  if (shots) await screenshot(page, `${shots}-form`);
  await page.getByRole('button', { name: en('register.submit') }).click();
}

describe('registration and sign-in', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, { baseURL: stage.portal.url }));
  });
  afterAll(async () => context?.close());

  it('registers a patient with the mailed code, who then signs in to /monitor', async () => {
    const email = uniqueEmail('patient');
    await registerAtSign(page, email, 'P', '01-sign');

    // Told they are registered, on the sign-in page with the user name filled in.
    await page.getByText(en('success.registered')).waitFor();
    await waitForPath(page, '/v3/login');
    expect(await field(page, en('login.username')).inputValue()).toBe(email);
    await screenshot(page, '02-login-registered');

    await submitSignIn(page, email, PASSWORDS.first);
    await waitForPath(page, '/monitor');
    // The patient's home inside the signed-in header (whatever the monitor screen shows so far).
    await userMenuButton(page, email).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, '03-patient-home');

    // The user menu of a patient (spec §2): connections, profile, security, sign out; no messages.
    await userMenuButton(page, email).click();
    const menu = page.getByRole('navigation', { name: en('menu.label') });
    for (const item of ['menu.connections', 'menu.profile', 'menu.security']) {
      await menu.getByRole('link', { name: en(item), exact: true }).waitFor();
    }
    expect(await menu.getByRole('link', { name: en('menu.messages') }).count()).toBe(0);
    await menu.getByRole('button', { name: en('menu.signOut') }).click();
    await waitForPath(page, '/v3/login');
  });

  it('registers a carer, who lands on /carerConnection', async () => {
    const email = uniqueEmail('carer');
    await registerAtSign(page, email, 'M', null);
    await page.getByText(en('success.registered')).waitFor();
    await waitForPath(page, '/v3/login');

    await submitSignIn(page, email, PASSWORDS.first);
    await waitForPath(page, '/carerConnection');
    await userMenuButton(page, email).waitFor();
    // Carers get messages in the header (spec §2 user menu).
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^${en('menu.messages')}`) })
      .waitFor();
  });
});
