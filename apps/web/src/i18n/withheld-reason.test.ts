import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { LANGUAGE_CODES } from '@cgm/domain';
import { ea1cWithheldText, gmiWithheldText } from './withheld-reason';

// The reasons eA1c and GMI are withheld, as written: the rule's limit, the covered share with one
// decimal and never rounded up to meet the rule it missed, and every language filled in.

const all = Object.fromEntries(
  await Promise.all(
    LANGUAGE_CODES.map(async (code) => [
      code,
      {
        translation: ((await import(`./locales/${code}.json`)) as { default: Record<string, unknown> })
          .default,
      },
    ]),
  ),
);
const i18n = i18next.createInstance();
await i18n.init({ resources: all, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
const tIn = (lng: string) => i18n.getFixedT(lng) as (key: string, opts?: Record<string, unknown>) => string;
const t = tIn('en');

describe('why eA1c is withheld', () => {
  it('names the rule and the covered share', () => {
    expect(ea1cWithheldText('too-little-data', 61.04, 'en', t)).toBe(
      'Estimated A1c needs readings covering more than 80 % of the period (now 61.0 %).',
    );
  });
  it('writes exactly 80 % as 80.0: not more than 80', () => {
    expect(ea1cWithheldText('too-little-data', 80, 'en', t)).toContain('(now 80.0 %)');
  });
  it('leaves the share out when the answer has none', () => {
    expect(ea1cWithheldText('too-little-data', null, 'en', t)).toBe(
      'Estimated A1c needs readings covering more than 80 % of the period.',
    );
  });
});

describe('why GMI is withheld', () => {
  it('says the days rule without a share', () => {
    expect(gmiWithheldText('too-few-days', 95, 'en', t)).toBe('GMI needs a period of at least 14 days.');
  });
  it('never shows a share just under 70 % as 70.0', () => {
    expect(gmiWithheldText('too-little-data', 69.96, 'en', t)).toBe(
      'GMI needs readings covering at least 70 % of the period (now 69.9 %).',
    );
    expect(gmiWithheldText('too-little-data', 69.94, 'en', t)).toContain('(now 69.9 %)');
  });
  it('uses the decimal sign of the language', () => {
    expect(gmiWithheldText('too-little-data', 52.25, 'de', tIn('de'))).toContain('52,3');
  });
});

const texts = (lng: string) => {
  const tt = tIn(lng);
  return [
    ea1cWithheldText('too-little-data', 61.4, lng, tt),
    ea1cWithheldText('too-little-data', null, lng, tt),
    gmiWithheldText('too-few-days', 61.4, lng, tt),
    gmiWithheldText('too-little-data', 61.4, lng, tt),
    gmiWithheldText('too-little-data', null, lng, tt),
  ];
};

describe.each(LANGUAGE_CODES)('%s', (code) => {
  it('fills in every number, in its own words', () => {
    const [ea1cNow, ea1c, days, gmiNow, gmi] = texts(code);
    for (const text of [ea1cNow, ea1c, days, gmiNow, gmi]) expect(text).not.toMatch(/\{\{|\}\}/);
    expect(ea1cNow).toMatch(/80/);
    expect(ea1cNow).toMatch(/61[.,]4/);
    expect(days).toMatch(/14/);
    expect(gmiNow).toMatch(/70/);
    expect(gmiNow).toMatch(/61[.,]4/);
    if (code === 'en') return;
    const english = texts('en');
    expect(texts(code).filter((text, i) => text === english[i])).toEqual([]);
  });
});
