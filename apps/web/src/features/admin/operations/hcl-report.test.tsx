import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HclReport } from '@cgm/contract';
import en from '../../../i18n/locales/en.json';
import fr from '../../../i18n/locales/fr.json';
import { HclReportView } from './hcl-report';

// The HCL summary an account admin prints: how auto mode ran, and no glucose or insulin figure.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const report: HclReport = {
  patient: { uid: 'u1', realname: 'Ann Example', username: 'ann@example.com', country: 'GB' },
  from: '2026-11-01',
  to: '2026-11-02',
  days: 2,
  readings: 4321,
  auto_mode: { days: 2, time_in_auto: 80.2, auto_exits: 3 },
  daily: [
    { day: '2026-11-01', time_in_auto: 60.4, auto_exits: 3, readings: 2000 },
    { day: '2026-11-02', time_in_auto: 100, auto_exits: 0, readings: 2321 },
  ],
};

async function render(lng = 'en') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <HclReportView report={report} />
    </I18nextProvider>,
  );
}

describe('the HCL summary', () => {
  it('shows time in auto mode, exits, days with pump data and readings', async () => {
    const html = await render();
    expect(html).toContain('<dt>Time in auto mode</dt><dd>80.2 %</dd>');
    expect(html).toContain('<dt>Auto mode exits</dt><dd>3</dd>');
    expect(html).toContain('<dt>Days with pump data</dt><dd>2</dd>');
    expect(html).toContain('<dt>Readings</dt><dd>4,321</dd>');
    expect(html).toContain('<td class="num">60.4 %</td>');
  });

  it('says why glucose and insulin are not shown, in the viewer’s language', async () => {
    expect(await render()).toContain('only the patient and the followers they accepted');
    expect(await render('fr')).toContain('<dt>Jours avec données de pompe</dt>');
  });
});
