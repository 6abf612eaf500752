import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '../../packages/contract/src/paths';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { portalApi } from '../support/portal-api';
import {
  en,
  field,
  PASSWORDS,
  registerByApi,
  screenshot,
  submitSignIn,
  uniqueEmail,
  waitForPath,
} from '../support/journey';

// Issue "Connections, consent and care teams", done means: an HCP creates a patient, finds another,
// adds an event and a record, and the operation history shows it. The password the HCP typed for
// the new patient works only once: the patient must choose their own before anything else.
const DEMO_PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });

const api = portalApi(stage);

describe('clinician', () => {
  it('creates a patient, finds another, adds an event and a record, and reads it in the history', async () => {
    const found = { email: uniqueEmail('found'), password: PASSWORDS.first, realname: 'Pat Found' };
    await registerByApi(stage.portal.url, stage.mail, found);
    const created = { email: uniqueEmail('created'), realname: 'Nia Created' };

    const { page } = await newPage(stage.browser);
    await page.goto(`${stage.portal.url}/hcpLogin`);
    await submitSignIn(page, 'hcp@demo.cgm', DEMO_PASSWORD);
    await waitForPath(page, '/PatientList');

    // A new patient account, created by the HCP.
    await page.getByRole('link', { name: en('patients.tools.newPatient') }).click();
    await waitForPath(page, '/newPatient');
    await field(page, en('profile.field.email')).fill(created.email);
    await field(page, en('patients.new.password')).fill(PASSWORDS.second);
    await field(page, en('patients.new.repeat')).fill(PASSWORDS.second);
    await field(page, en('profile.field.realname')).fill(created.realname);
    // The form tells the HCP that the patient replaces this password at the first sign-in.
    await page.getByText(en('patients.new.firstSignIn')).waitFor();
    await page.getByRole('button', { name: en('patients.new.submit'), exact: true }).click();
    await waitForPath(page, '/Hcp');
    await page.getByRole('heading', { name: created.realname }).first().waitFor();

    // The HCP's password opens no session: the patient chooses their own first, then goes on.
    const typedByHcp = await api<{ error: number; token?: string }>(API.login, {
      username: created.email,
      password: PASSWORDS.second,
      user_type: 'P',
    });
    expect(typedByHcp).toMatchObject({ error: ErrorCode.PASSWORD_CHANGE_REQUIRED });
    expect(typedByHcp.token).toBeUndefined();
    const { page: newcomer } = await newPage(stage.browser);
    await newcomer.goto(`${stage.portal.url}/login`);
    await submitSignIn(newcomer, created.email, PASSWORDS.second);
    await waitForPath(newcomer, '/firstPassword');
    await screenshot(newcomer, '46-first-password');
    await field(newcomer, en('reset.newPassword')).fill(PASSWORDS.first);
    await field(newcomer, en('reset.repeatPassword')).fill(PASSWORDS.first);
    await newcomer.getByRole('button', { name: en('firstPassword.submit'), exact: true }).click();
    // Then, like every new account, the privacy policy and terms.
    await newcomer.getByRole('checkbox', { name: en('terms.checkbox') }).check();
    await newcomer.getByRole('button', { name: en('terms.agree'), exact: true }).click();
    await waitForPath(newcomer, '/monitor');
    const again = await api<{ error: number }>(API.login, {
      username: created.email,
      password: PASSWORDS.second,
      user_type: 'P',
    });
    expect(again.error).toBe(ErrorCode.WRONG_PASSWORD);

    // An existing patient, found by user name and asked to connect; the patient agrees.
    await page.goto(`${stage.portal.url}/PatientList`);
    await page.getByRole('link', { name: en('patients.tools.findPatient') }).click();
    await waitForPath(page, '/findPatient');
    await field(page, en('connections.search.username')).fill(found.email);
    await page.getByRole('button', { name: en('connections.search.action'), exact: true }).click();
    await page.getByRole('button', { name: en('connections.request.action'), exact: true }).click();
    await page.getByText(en('success.requestSent')).waitFor();
    const hcp = await api<{ uid: string }>(API.login, {
      username: 'hcp@demo.cgm',
      password: DEMO_PASSWORD,
      user_type: 'D',
    });
    const patient = await api<{ token: string }>(API.login, {
      username: found.email,
      password: found.password,
      user_type: 'P',
    });
    expect((await api<{ error: number }>(API.relationsPermit, { uid: hcp.uid }, patient.token)).error).toBe(
      0,
    );

    // The found patient is on the list now; the HCP opens them and adds an event and a note.
    await page.goto(`${stage.portal.url}/PatientList`);
    await page.getByText(found.realname).first().click();
    await waitForPath(page, '/Hcp');
    const tabs = page.getByRole('navigation', { name: en('patientView.tabsLabel') });
    await tabs
      .getByRole('link', { name: en('patientView.tabs.events') })
      .first()
      .click();
    await waitForPath(page, '/Hcp/events');
    await page.getByRole('button', { name: en('events.add'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: en('events.type.CARB'), exact: true }).click();
    await dialog.getByLabel(new RegExp(`^${en('events.field.value')}`)).fill('45');
    await dialog.getByLabel(new RegExp(`^${en('events.field.notes')}`)).fill('Pasta lunch');
    await dialog.getByRole('button', { name: en('common.save'), exact: true }).click();
    await page.getByRole('cell', { name: 'Pasta lunch' }).waitFor();
    await screenshot(page, '43-hcp-events');

    await tabs
      .getByRole('link', { name: en('patientView.tabs.records') })
      .first()
      .click();
    await waitForPath(page, '/Hcp/records');
    const notes = page.getByRole('region', { name: en('records.notes') });
    await notes.getByLabel(en('records.newNote')).fill('Discussed pre-bolus timing for lunch.');
    await notes.getByRole('button', { name: en('common.save'), exact: true }).click();
    await notes.getByText('Discussed pre-bolus timing for lunch.').first().waitFor();
    await screenshot(page, '44-hcp-records');

    // The operation history shows what the HCP did.
    await page.goto(`${stage.portal.url}/PatientList`);
    await page.getByRole('link', { name: en('patients.tools.history') }).click();
    await waitForPath(page, '/HcpOperationHistory');
    // Every list page the HCP saw is on record too, so each operation is looked up by its filter.
    const actionFilter = page.getByRole('combobox', { name: en('history.filter.action'), exact: true });
    for (const [key, subject] of [
      ['history.action.patients_list', null],
      ['history.action.patient_create', created.realname],
      ['history.action.relation_request', found.realname],
      ['history.action.events_add', found.realname],
      ['history.action.records_add', found.realname],
    ] as const) {
      await actionFilter.selectOption({ label: en(key) });
      const rows = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: en(key), exact: true }) });
      await (subject ? rows.filter({ hasText: subject }) : rows).first().waitFor();
    }
    await page.getByRole('button', { name: en('history.filter.clear'), exact: true }).click();
    await screenshot(page, '45-hcp-history');
  });
});
