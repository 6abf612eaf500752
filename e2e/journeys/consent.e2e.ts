import { describe, expect, it } from 'vitest';
import { API } from '../../packages/contract/src/paths';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
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

// Issue "Connections, consent and care teams", done means: a carer asks to follow, the patient sees
// the warning and accepts, the carer sees the live data, the patient removes the carer, the carer's
// next request gets nothing. The patient is the demo's live patient (only they are seeded).
const DEMO_PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });

async function api<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(stage.portal.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const login = (username: string, password: string) =>
  api<{ token: string; uid: string }>(API.login, { username, password, user_type: 'P' }).then((r) => r.body);

describe('consent', () => {
  it('a carer sees a patient only between the patient agreeing and removing them', async () => {
    const carer = { email: uniqueEmail('carer'), password: PASSWORDS.first, realname: 'Casey Carer' };
    await registerByApi(stage.portal.url, stage.mail, { ...carer, type: 'M' });
    const patient = await login('patient@demo.cgm', DEMO_PASSWORD);
    // The patient goes by a nickname: before they agree, a follower sees it masked like the name.
    expect((await api(API.profile, { alias: 'Lexi Demo' }, patient.token)).status).toBe(200);

    // The carer asks to follow the patient by user name.
    const { page: carerPage } = await newPage(stage.browser);
    await carerPage.goto(`${stage.portal.url}/login`);
    await submitSignIn(carerPage, carer.email, carer.password);
    await waitForPath(carerPage, '/carerConnection');
    await carerPage.getByText(en('carer.empty')).waitFor();
    await carerPage.getByRole('link', { name: en('carer.add') }).click();
    await waitForPath(carerPage, '/addConnection');
    await field(carerPage, en('connections.search.username')).fill('patient@demo.cgm');
    await carerPage.getByRole('button', { name: en('connections.search.action'), exact: true }).click();
    await carerPage.getByText(en('connections.search.result')).waitFor();
    await carerPage.getByText('L*** D***').first().waitFor();
    expect(await carerPage.getByText('Lexi Demo').count()).toBe(0);
    await field(carerPage, en('connections.request.remark')).fill('Casey, your aunt');
    await carerPage.getByRole('button', { name: en('connections.request.action'), exact: true }).click();
    await carerPage.getByText(en('success.requestSent')).waitFor();
    await carerPage.getByText(en('connections.status.requestSent')).first().waitFor();

    // Before the patient agrees, the carer's calls for the patient's data are refused.
    const carerToken = (await login(carer.email, carer.password)).token;
    expect((await api(API.monitorStatus(patient.uid), undefined, carerToken)).status).toBe(403);

    // The patient sees the request, is warned, and agrees.
    const { page: patientPage } = await newPage(stage.browser);
    await patientPage.goto(`${stage.portal.url}/login`);
    await submitSignIn(patientPage, 'patient@demo.cgm', DEMO_PASSWORD);
    await waitForPath(patientPage, '/monitor');
    await patientPage.goto(`${stage.portal.url}/connection`);
    const request = patientPage.getByRole('listitem').filter({ hasText: 'Casey, your aunt' });
    await request.getByRole('button', { name: en('connections.agree.action'), exact: true }).click();
    const dialog = patientPage.getByRole('alertdialog');
    await dialog
      .getByText(en('connections.agree.warning', { name: carer.realname, username: carer.email }))
      .waitFor();
    await screenshot(patientPage, '40-consent-warning');
    await dialog.getByRole('button', { name: en('connections.agree.confirm'), exact: true }).click();
    await patientPage.getByText(en('success.connectionAccepted')).waitFor();

    // The carer now sees the patient on their home and their live data on the monitor.
    await carerPage.goto(`${stage.portal.url}/carerConnection`);
    await carerPage.getByText('Lexi Demo').first().waitFor();
    await screenshot(carerPage, '41-carer-home');
    await carerPage
      .getByRole('link', { name: en('carer.openMonitor') })
      .first()
      .click();
    await waitForPath(carerPage, '/monitor');
    await carerPage.getByText(en('monitor.live.on'), { exact: true }).waitFor();
    const device = await api<{ device_token: string }>(
      API.devices,
      { kind: 'sensor_app', serial: 'E2E-CONSENT' },
      patient.token,
    );
    const sent = Date.now();
    // 252 mg/dL is 14.0 mmol/L: the unit of the patient's own monitor (their country, the United
    // Kingdom), in which every follower sees them.
    await api(
      API.ingest,
      {
        records: [
          { type: 'sg', serial: 'E2E-TX2', seq: 1, time: sent - 1000, utc_offset_min: 0, mgdl: 252, rate: 4 },
        ],
      },
      device.body.device_token,
    );
    await carerPage.getByText('14.0', { exact: true }).first().waitFor({ timeout: 5000 });

    // The patient removes the carer; the carer's open monitor and next request get nothing.
    const row = patientPage
      .getByRole('region', { name: en('connections.carer.title') })
      .getByRole('listitem')
      .filter({ hasText: carer.realname });
    await row.getByRole('button', { name: en('connections.remove.action'), exact: true }).click();
    await patientPage
      .getByRole('alertdialog')
      .getByRole('button', { name: en('connections.remove.confirm'), exact: true })
      .click();
    await row.waitFor({ state: 'detached' });
    await carerPage.getByText(en('monitor.noAccess')).waitFor({ timeout: 10_000 });
    await screenshot(carerPage, '42-carer-after-removal');
    expect((await api(API.monitorStatus(patient.uid), undefined, carerToken)).status).toBe(403);
    const connections = await api<{ connections: unknown[]; requests: unknown[] }>(
      API.connections,
      undefined,
      carerToken,
    );
    expect(connections.body.connections).toEqual([]);
    // Removed: the carer's list keeps the request, with the names masked again.
    expect(connections.body.requests).toEqual([
      expect.objectContaining({ status: 'removed', alias: 'L*** D***', real_name: 'A*** D***' }),
    ]);
  });
});
