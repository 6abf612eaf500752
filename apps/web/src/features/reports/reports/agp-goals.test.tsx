import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import type { GlucoseStatsBlock } from '@cgm/contract';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import { localStore } from '../../../lib/storage';
import { readAgpPopulation, writeAgpPopulation } from '../agp-population';
import { makeFormat } from '../report-format';
import { AgpGoals } from './agp-goals';

// The AGP's goals table: the consensus goals of the chosen population (Battelino 2019, from the
// domain's agpGoals), each beside the patient's shown figure; pregnancy on its 63–140 bands.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

const stats = {
  time_in_ranges: { very_low: 0.64, low: 3.4, in_range: 71.2, high: 19.9, very_high: 4.86 },
  time_in_pregnancy_ranges: { very_low: 0.64, low: 8.1, in_range: 48.3, high: 38.1, very_high: 4.86 },
} as GlucoseStatsBlock;

/** The table's rows as read: [range, goal, result, whether met]. */
function rows(query: string, unit: 'mg/dL' | 'mmol/L' = 'mg/dL', lang = 'en'): string[][] {
  void i18n.changeLanguage(lang);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/Hcp/charts/agp?${query}`]}>
        <AgpGoals stats={stats} fmt={makeFormat(unit, lang)} uid="patient-1" />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return [...html.matchAll(/<tr data-band="[^"]+" data-met="(\w+)">(.*?)<\/tr>/g)].map((m) => [
    ...[...m[2]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) =>
      c[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    ),
    m[1]!,
  ]);
}

describe('the AGP goals table', () => {
  it('prints the goals for most adults with type 1 or 2 by default', () => {
    expect(rows('uid=patient-1')).toEqual([
      ['Above 250 mg/dL', '<5 %', '4.9 %', 'true'],
      ['Above 180 mg/dL', '<25 %', '24.8 %', 'true'],
      ['In range 70–180 mg/dL', '>70 %', '71.2 %', 'true'],
      ['Below 70 mg/dL', '<4 %', '4.0 %', 'false'],
      ['Below 54 mg/dL', '<1 %', '0.6 %', 'true'],
    ]);
  });
  it('prints the goals for older or high-risk adults when chosen', () => {
    expect(rows('goals=older', 'mmol/L')).toEqual([
      ['Above 13.9 mmol/L', '<10 %', '4.9 %', 'true'],
      ['In range 3.9–10.0 mmol/L', '>50 %', '71.2 %', 'true'],
      ['Below 3.9 mmol/L', '<1 %', '4.0 %', 'false'],
    ]);
  });
  it('prints the pregnancy goals on the 63–140 bands of the same readings', () => {
    expect(rows('goals=pregnancy')).toEqual([
      ['Above 140 mg/dL', '<25 %', '43.0 %', 'false'],
      ['In range 63–140 mg/dL', '>70 %', '48.3 %', 'false'],
      ['Below 63 mg/dL', '<4 %', '8.7 %', 'false'],
      ['Below 54 mg/dL', '<1 %', '0.6 %', 'true'],
    ]);
    expect(rows('goals=pregnancy', 'mmol/L', 'ar')[1]![0]).toBe('ضمن النطاق 3.5–7.8 mmol/L');
  });
});

describe('the chosen population', () => {
  it('is kept in the address and remembered per patient', () => {
    localStore().removeItem('reports.agpGoals.p1'); // i18n-scan: storage key
    expect(readAgpPopulation(new URLSearchParams(''), 'p1')).toBe('type1or2');
    const next = writeAgpPopulation(new URLSearchParams('uid=p1&band=10'), 'p1', 'pregnancyType1');
    expect(next.toString()).toBe('uid=p1&band=10&goals=pregnancy');
    // Another report of the same patient, with nothing in its address, opens with her choice.
    expect(readAgpPopulation(new URLSearchParams('uid=p1'), 'p1')).toBe('pregnancyType1');
    expect(readAgpPopulation(new URLSearchParams('uid=p2'), 'p2')).toBe('type1or2');
    // The address wins over the memory; back to most adults leaves no parameter.
    expect(readAgpPopulation(new URLSearchParams('goals=older'), 'p1')).toBe('olderOrHighRisk');
    expect(writeAgpPopulation(next, 'p1', 'type1or2').toString()).toBe('uid=p1&band=10');
    expect(readAgpPopulation(new URLSearchParams(''), 'p1')).toBe('type1or2');
  });
});
