import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClinicConsentItem } from '@cgm/contract';
import en from '../../i18n/locales/en.json';
import ar from '../../i18n/locales/ar.json';
import { connectionKeys } from './connections-api';
import { ClinicDesks } from './clinic-desks';

// Issue 15: a clinic desk reads a patient only with the patient's consent, also where the patient
// accepted the clinic's HCP before consent existed. The connections screen says what a desk is and
// asks plainly while a desk reads nothing.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const clinic = (name: string, given: boolean): ClinicConsentItem => ({
  clinic_id: `id-${name}`,
  name,
  given,
  given_at: given ? Date.UTC(2026, 10, 1) : null,
  hcps: ['Dr Robin Lee'],
});

function render(clinics: ClinicConsentItem[], language = 'en'): string {
  const queries = new QueryClient();
  queries.setQueryData([...connectionKeys.all, 'clinic-consents', 'p1'], clinics);
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={i18n}>
        <ClinicDesks uid="p1" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'");

describe('ClinicDesks', () => {
  it('asks the patient about each desk that reads nothing yet, by name', () => {
    const html = text(render([clinic('North Clinic', true), clinic('South Clinic', false)]));
    expect(html).toContain(i18n.t('clinicConsent.intro'));
    expect(html).toContain(i18n.t('clinicConsent.ask', { names: 'South Clinic' }));
    expect(html).toContain('Allow');
  });

  it('does not ask once every desk is allowed', () => {
    const html = text(render([clinic('North Clinic', true)]));
    expect(html).toContain(i18n.t('clinicConsent.intro'));
    expect(html).not.toContain('reads none of your data');
  });

  it('asks in Arabic too', () => {
    const html = text(render([clinic('South Clinic', false)], 'ar'));
    expect(html).toContain(ar.clinicConsent.ask.replace('{{names}}', 'South Clinic'));
  });
});
