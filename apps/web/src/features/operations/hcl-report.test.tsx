import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HclReport } from '@cgm/contract';
import en from '../../i18n/locales/en.json';
import fr from '../../i18n/locales/fr.json';
import { HclReportView } from './hcl-report';

// The HCL summary's GMI: its own rule (a period of 14 days or more, covered at least 70 %), not the
// eA1c flag `sufficient`; withheld, the summary says which rule was missed.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const report = (days: number, glucose: Partial<HclReport['glucose']>): HclReport => ({
  patient: { uid: 'u1', realname: 'Ann Example', username: 'ann@example.com', country: 'GB' },
  from: '2026-11-01',
  to: '2026-11-14',
  days,
  glucose: {
    count: 3000,
    mean: 150,
    sd: 45,
    cv: 30,
    gmi: 6.9,
    sufficient: true,
    time_in_ranges: { very_low: 1, low: 3, in_range: 70, high: 20, very_high: 6 },
    ...glucose,
  },
  insulin: {
    days: 0,
    time_in_auto: null,
    auto_exits: 0,
    total_daily_dose: null,
    basal: null,
    bolus: null,
    auto_basal: null,
    auto_correction: null,
  },
  daily: [],
});

async function gmiCell(r: HclReport, lng = 'en') {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <HclReportView report={r} unit="mg/dL" />
    </I18nextProvider>,
  );
  return /<dt>GMI<\/dt><dd>(.*?)<\/dd>/.exec(html)?.[1];
}

describe('the HCL summary’s GMI', () => {
  it('shows GMI when the answer has it, even where eA1c is withheld', async () => {
    expect(await gmiCell(report(14, { gmi: 6.9, sufficient: false }))).toBe('6.9 %');
  });

  it('says GMI needs 14 days when the period is shorter', async () => {
    expect(await gmiCell(report(10, { gmi: null, sufficient: true }))).toBe(
      'GMI needs a period of at least 14 days.',
    );
  });

  it('says GMI needs 70 % covered when the period is long enough', async () => {
    expect(await gmiCell(report(14, { gmi: null, sufficient: false }))).toBe(
      'GMI needs readings covering at least 70 % of the period.',
    );
  });

  it('says it in the viewer’s language', async () => {
    expect(await gmiCell(report(7, { gmi: null }), 'fr')).toBe(
      'Le GMI nécessite une période d’au moins 14 jours.',
    );
  });
});
