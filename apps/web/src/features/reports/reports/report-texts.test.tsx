import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DdDay, ReportEvent } from '@cgm/contract';
import en from '../../../i18n/locales/en.json';
import { DayBars } from '../charts/day-bars';
import { makeFormat } from '../report-format';
import { tirLabels } from '../stats-block';
import { sessionStore } from '../../../lib/storage';
import { dayFacts, wizardText } from './daily-text';
import { BODY_UNIT_KEYS } from './device-settings';
import { eventDetails, eventSummary, eventValue } from './event-text';

// The words the reports print, with the real English texts: event details, the daily card's facts,
// the bolus wizard's details, units, and per-day bars that show "no data" rather than 0.

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en } }, lng: 'en', interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
const mgdl = makeFormat('mg/dL', 'en');
const mmol = makeFormat('mmol/L', 'en');

const event = (
  type: string,
  value: number | null,
  details: ReportEvent['details'],
  notes: string | null = null,
) => ({ id: 'e', time: 0, utc_offset_min: 0, type, value, details, notes, origin: 'user' }) as ReportEvent;

describe('event details in the reports', () => {
  it('shows the urine ketone result, the DOSE text and the exercise intensity', () => {
    expect(eventDetails(event('URINEK', null, { text: '++' }), mgdl, t)).toEqual(['++']);
    expect(eventDetails(event('URINEK', null, { text: 'Macro' }), mgdl, t)).toEqual(['Trace']);
    expect(eventDetails(event('DOSE', null, { text: 'Metformin 500 mg' }), mgdl, t)).toEqual([
      'Metformin 500 mg',
    ]);
    expect(eventDetails(event('EXR', 30, { exerciseIntensity: 2 }), mgdl, t)).toEqual(['Intensity: Heavy']);
    // What a device sent besides is shown as sent, not dropped.
    // What devices send besides, in words; anything unknown is shown as sent, not dropped.
    expect(eventDetails(event('CARB', 15, { reason: 'low' }), mgdl, t)).toEqual(['Treating a low']);
    expect(eventDetails(event('CARB', 40, { meal: 'lunch' }), mgdl, t)).toEqual(['Lunch']);
    expect(eventDetails(event('AutoDinner', null, { carbs: 70 }), mgdl, t)).toEqual(['70 g carbohydrates']);
    expect(eventDetails(event('OTR', null, { site: 'left arm' }), mgdl, t)).toEqual(['site: left arm']);
    expect(eventDetails(event('OTR', null, null), mgdl, t)).toEqual([]);
  });
  it('puts type, value with its unit, details and notes in one line', () => {
    expect(eventSummary(event('EXR', 30, { exerciseIntensity: 0 }, 'walk'), mgdl, t)).toBe(
      'Exercise: 30 min · Intensity: Light — walk',
    );
    expect(eventSummary(event('URINEK', null, { text: '+++' }), mgdl, t)).toBe('Urine ketones: +++');
    expect(eventSummary(event('DOSE', null, { text: 'Metformin 500 mg' }), mgdl, t)).toBe(
      'Medication dose: Metformin 500 mg',
    );
    expect(eventValue('BG', 126, mmol, t)).toBe('7.0 mmol/L');
    expect(eventValue('CARB', 45, mgdl, t)).toBe('45 g');
  });
});

const day = (tir: { very_low: number; low: number; in_range: number; high: number; very_high: number }) =>
  ({
    stats: {
      count: 700,
      mean: 140,
      sd: 40,
      min: 50,
      max: 300,
      in_target: 70,
      time_in_ranges: tir,
    },
    insulin: {
      total: 40.04,
      basal: 20,
      bolus: 20.04,
      auto_bolus: 3.26,
      basal_minutes: 1440,
      auto_mode_minutes: 720,
    },
  }) as unknown as DdDay;

describe('the daily card', () => {
  it('names the below-70 and above-180 figures by their limits, in the unit', () => {
    const facts = new Map(
      dayFacts(day({ very_low: 1, low: 3, in_range: 70, high: 20, very_high: 6 }), mmol, t),
    );
    expect(facts.get('Below 3.9 mmol/L')).toBe('4.0 %');
    // Every glucose figure carries its unit, the spread and the extremes too.
    expect(facts.get('Average')).toBe('7.8 mmol/L');
    expect(facts.get('Standard deviation')).toBe('2.2 mmol/L');
    expect(facts.get('Minimum–maximum')).toBe('2.8–16.7 mmol/L');
    expect(facts.get('Above 10.0 mmol/L')).toBe('26.0 %');
    expect(facts.has('Low')).toBe(false);
    expect(
      new Map(dayFacts(day({ very_low: 0, low: 2, in_range: 90, high: 8, very_high: 0 }), mgdl, t)).get(
        'Below 70 mg/dL',
      ),
    ).toBe('2.0 %');
    // Insulin in 0.05 U steps, the auto mode bolus included.
    expect(facts.get('Insulin')).toBe('40.05 U');
    expect(facts.get('Auto mode bolus')).toBe('3.25 U');
    expect(facts.get('Time in auto mode')).toBe('50 %');
  });
  it('shows the wizard’s correction after active insulin and whether the suggestion was changed', () => {
    const details = {
      bg: 198,
      carb: 50,
      carb_bolus: 5,
      corr_bolus: 1.2,
      bg_bolus: 0.9,
      iob: 0.3,
      suggest: 5.9,
    };
    expect(wizardText({ ...details, adjustmentType: 0 }, mmol, t)).toBe(
      'Bolus wizard: glucose 11.0 mmol/L, carbohydrates 50 g, meal bolus 5.00 U, correction 1.20 U, correction after active insulin 0.90 U, active insulin 0.30 U, suggested 5.90 U, suggestion taken as is',
    );
    expect(wizardText({ suggest: 5.9, adjustmentType: 1 }, mgdl, t)).toBe(
      'Bolus wizard: suggested 5.90 U, suggestion changed by hand',
    );
    expect(wizardText({ adjustmentType: 3 }, mgdl, t)).toBe('Bolus wizard: adjustment type 3');
    expect(wizardText({}, mgdl, t)).toBeNull();
  });
});

describe('device settings units', () => {
  it('has a translated text for every weight and height unit of the pump', () => {
    for (const key of Object.values(BODY_UNIT_KEYS)) expect(i18n.exists(key)).toBe(true);
    expect(t(BODY_UNIT_KEYS.lb)).toBe('lb');
    expect(t(BODY_UNIT_KEYS.cm)).toBe('cm');
  });
});

describe('per-day bars', () => {
  it('draw a date without data as a "no data" mark, not as a bar of 0', () => {
    const html = renderToStaticMarkup(
      <DayBars
        title="Time in range per day"
        data={[
          { label: '1 Jan', value: 80 },
          { label: '2 Jan', value: null },
          { label: '3 Jan', value: 0 },
        ]}
        max={100}
        format={(v) => `${v} %`}
        noData="No data"
      />,
    );
    expect(html.match(/data-nodata="1"/g)).toHaveLength(1);
    expect(html).toContain('<title>2 Jan: No data</title>');
    expect(html).toContain('<title>3 Jan: 0 %</title>');
    expect(html).toContain('<title>1 Jan: 80 %</title>');
  });
  it('label insulin bars in 0.05 U steps', () => {
    const html = renderToStaticMarkup(
      <DayBars
        title="Insulin"
        data={[{ label: '1 Jan', value: 41.37 }]}
        format={mgdl.insulin}
        noData="No data"
      />,
    );
    expect(html).toContain('<title>1 Jan: 41.35</title>');
  });
});

describe('the time-in-ranges labels', () => {
  it('write their limits in the unit and with the decimal sign of the language', () => {
    expect(tirLabels(mmol, t).high).toBe('High (10.1–13.9)');
    expect(tirLabels(mgdl, t).in_range).toBe('In range (70–180)');
    // German writes 13,9 as the report's other figures do; the label text stays the test's English.
    const deMmol = makeFormat('mmol/L', 'de');
    expect(tirLabels(deMmol, t).very_high).toBe('Very high (>13,9)');
    expect(tirLabels(deMmol, t).low).toBe('Low (3,0–3,8)');
  });
});

describe('the short days of the chart axes', () => {
  it('follow the chosen country, like the dates and times', () => {
    expect(makeFormat('mmol/L', 'en').shortDay('2026-11-18')).toBe('Nov 18');
    sessionStore().setItem('loc_code', 'GB');
    try {
      expect(makeFormat('mmol/L', 'en').shortDay('2026-11-18')).toBe('18 Nov');
    } finally {
      sessionStore().removeItem('loc_code');
    }
  });
});
