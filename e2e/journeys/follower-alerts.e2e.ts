import { describe, expect, it } from 'vitest';
import { API } from '../../packages/contract/src/paths';
import { newPage } from '../support/browser';
import { useStage } from '../support/stage';
import { en, screenshot, submitSignIn, waitForPath } from '../support/journey';

// Issue 16, follower alerts in Chromium: the carer grants notification permission, the portal
// registers its service worker and subscribes, the carer turns alerts on, an urgent low arrives from
// the patient's device app, the in-app banner shows it, and the carer acknowledges it.
const PASSWORD = 'Demo#2026x';
const stage = useStage({ SEED_DEMO: '1', DEMO_PATIENTS: '0' });

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(stage.portal.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

describe('follower alerts', () => {
  it('subscribes through the service worker, shows an urgent low in the banner and acknowledges it', async () => {
    const patient = await api<{ token: string; uid: string }>(API.login, {
      username: 'patient@demo.cgm',
      password: PASSWORD,
      user_type: 'P',
    });
    const { context, page } = await newPage(stage.browser);
    await context.grantPermissions(['notifications'], { origin: stage.portal.url });
    await page.goto(`${stage.portal.url}/login`);
    await submitSignIn(page, 'carer@demo.cgm', PASSWORD);
    await waitForPath(page, '/carerConnection');
    await page.goto(`${stage.portal.url}/alerts?uid=${patient.uid}`);

    // The service worker registers whether or not a push service answers the subscription.
    await page.getByRole('button', { name: en('alerts.push.enable') }).click();
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration('/');
            return !!reg?.active || !!reg?.installing || !!reg?.waiting;
          }),
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    const subscribed = await page
      .getByText(en('alerts.push.on'))
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    console.log(`push subscription in this Chromium: ${subscribed ? 'made' : 'refused by the push service'}`);

    await page.getByRole('switch', { name: en('alerts.settings.on') }).click();
    await page.getByRole('button', { name: en('alerts.settings.save') }).click();
    await page.getByText(en('alerts.settings.saved')).waitFor();

    const device = await api<{ device_token: string }>(
      API.devices,
      { kind: 'sensor_app', serial: 'E2E-ALERT' },
      patient.token,
    );
    const res = await api<{ stored: number }>(
      API.ingest,
      {
        records: [
          {
            type: 'sg',
            serial: 'E2E-ALERT-TX',
            seq: 1,
            time: Date.now() - 1000,
            utc_offset_min: 0,
            mgdl: 45,
          },
        ],
      },
      device.device_token,
    );
    expect(res.stored).toBe(1);

    const banner = page.getByRole('region', { name: en('alerts.banner.label') });
    await banner.getByText(en('alerts.kind.urgentLow')).first().waitFor({ timeout: 20_000 });
    await screenshot(page, '40-alert-banner');
    await banner
      .getByRole('button', { name: en('alerts.banner.acknowledge') })
      .first()
      .click();
    await banner
      .getByText(/acknowledged by/)
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot(page, '41-alert-acknowledged');
  }, 150_000);
});
