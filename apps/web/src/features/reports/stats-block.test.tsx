import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { GlucoseStatsBlock } from '@cgm/contract';
import de from '../../i18n/locales/de.json';
import en from '../../i18n/locales/en.json';
import { makeFormat } from './report-format';
import { GmiRow } from './reports/agp';
import { GlucoseStats } from './stats-block';

// eA1c and GMI on the statistics block and the AGP page: the value when shown, and when withheld
// "--" with the rule it missed, in the viewer's language (CLINICAL.md "eA1c", "GMI").

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const stats = (over: Partial<GlucoseStatsBlock>): GlucoseStatsBlock => ({
  count: 4000,
  mean: 154,
  sd: 50,
  cv: 32.5,
  min: 48,
  max: 320,
  median: 148,
  q1: 120,
  q3: 185,
  iqr: 65,
  time_in_ranges: { very_low: 1, low: 3, in_range: 70, high: 20, very_high: 6 },
  time_in_pregnancy_ranges: { very_low: 1, low: 5, in_range: 54, high: 34, very_high: 6 },
  in_target: 70,
  auc_above: 10,
  auc_below: 1,
  ea1c: 6.99,
  gmi: 6.99,
  ea1c_withheld: null,
  gmi_withheld: null,
  covered_pct: 92.3,
  gri: 30,
  gri_zone: 'B',
  lbgi: 1.2,
  hbgi: 5.4,
  days: 14,
  sufficient: true,
  ...over,
});

async function render(node: ReactNode, lng = 'en') {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  // The text as read: tags dropped, entities of the apostrophe and quotes decoded.
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

const mgdl = makeFormat('mg/dL', 'en');
const tile = (label: string, value: string) => `${label} ${value}`;

describe('the statistics block', () => {
  it('shows eA1c and GMI with no reason when both are shown', async () => {
    const text = await render(<GlucoseStats stats={stats({})} fmt={mgdl} />);
    expect(text).toContain(tile('Estimated A1c', '7.0 %'));
    expect(text).toContain(tile('Glucose management indicator (GMI)', '7.0 %'));
    expect(text).not.toContain('needs');
  });

  it('says eA1c needs more than 80 % covered, with the covered share, while GMI shows', async () => {
    const s = stats({ ea1c: null, ea1c_withheld: 'too-little-data', covered_pct: 76.04, sufficient: false });
    const text = await render(<GlucoseStats stats={s} fmt={mgdl} />);
    expect(text).toContain(tile('Estimated A1c', '--'));
    expect(text).toContain(
      'Estimated A1c needs readings covering more than 80 % of the period (now 76.0 %).',
    );
    expect(text).toContain(tile('Glucose management indicator (GMI)', '7.0 %'));
    expect(text).not.toContain('GMI needs');
  });

  it('says GMI needs a period of 14 days while eA1c shows', async () => {
    const s = stats({ gmi: null, gmi_withheld: 'too-few-days', days: 7, covered_pct: 99 });
    const text = await render(<GlucoseStats stats={s} fmt={mgdl} />);
    expect(text).toContain(tile('Glucose management indicator (GMI)', '--'));
    expect(text).toContain('GMI needs a period of at least 14 days.');
    expect(text).toContain(tile('Estimated A1c', '7.0 %'));
    expect(text).not.toContain('Estimated A1c needs');
  });

  it('gives both reasons when both are withheld for too little data', async () => {
    const s = stats({
      ea1c: null,
      gmi: null,
      ea1c_withheld: 'too-little-data',
      gmi_withheld: 'too-little-data',
      covered_pct: 52.04,
      sufficient: false,
    });
    const text = await render(<GlucoseStats stats={s} fmt={mgdl} />);
    expect(text).toContain(
      'Estimated A1c needs readings covering more than 80 % of the period (now 52.0 %).',
    );
    expect(text).toContain('GMI needs readings covering at least 70 % of the period (now 52.0 %).');
  });

  it('follows the GMI rule, not the eA1c flag: GMI withheld though eA1c shows', async () => {
    // 75 % covered over 14 days: eA1c (more than 80 %) withheld, GMI (at least 70 %) shown.
    const s = stats({ ea1c: null, ea1c_withheld: 'too-little-data', covered_pct: 75, sufficient: false });
    const text = await render(<GlucoseStats stats={s} fmt={mgdl} />);
    expect(text).toContain(tile('Glucose management indicator (GMI)', '7.0 %'));
  });

  it('writes the reason in the viewer’s language and number format', async () => {
    const s = stats({ gmi: null, gmi_withheld: 'too-little-data', covered_pct: 61.44 });
    const text = await render(<GlucoseStats stats={s} fmt={makeFormat('mg/dL', 'de')} />, 'de');
    expect(text).toContain('GMI erfordert Messwerte für mindestens 70 % des Zeitraums (derzeit 61,4 %).');
  });
});

describe('the GMI row of the AGP page', () => {
  const row = (s: GlucoseStatsBlock) =>
    render(
      <table>
        <tbody>
          <GmiRow stats={s} fmt={mgdl} />
        </tbody>
      </table>,
    );

  it('shows GMI with its unit when shown', async () => {
    expect(await row(stats({}))).toContain('Glucose management indicator (GMI) 7.0 %');
  });

  it('shows "--" and the days rule when the period is too short', async () => {
    const text = await row(stats({ gmi: null, gmi_withheld: 'too-few-days', days: 10 }));
    expect(text).toContain('Glucose management indicator (GMI) -- GMI needs a period of at least 14 days.');
    expect(text).not.toContain('-- %');
  });

  it('shows "--" and the coverage rule with the covered share', async () => {
    // Just under 70 %: never written as 70.0 beside "at least 70 %".
    const text = await row(stats({ gmi: null, gmi_withheld: 'too-little-data', covered_pct: 69.97 }));
    expect(text).toContain('GMI needs readings covering at least 70 % of the period (now 69.9 %).');
  });
});
