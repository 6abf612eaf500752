import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatIsoDayMonth } from '../i18n/format';
import { yearGroups } from './day-axis';
import { BarChart, LineChart } from './svg-charts';

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

/** The date labels under a chart, left to right. */
const axisTexts = (html: string) =>
  [
    ...html.matchAll(/<text class="svg-chart__axis" x="[\d.]+" y="212" text-anchor="\w+">([^<]*)<\/text>/g),
  ].map((m) => m[1]);

describe('the years of a day axis', () => {
  it('group the days by calendar year, with each day written with its year', () => {
    const groups = yearGroups(['2026-12-31', '2027-01-01'], 'en', 'US');
    expect(groups.of).toEqual(['2026', '2027']);
    expect(groups.opening).toEqual(['Dec 31, 2026', 'Jan 1, 2027']);
  });

  it('date the first label and the first of the new year on the bar and line charts', () => {
    // 60 days from 20 November 2026 to 18 January 2027 (the usage and auto-mode charts' bars).
    const range = days('2026-11-20', 60);
    const labels = range.map((d) => formatIsoDayMonth(d, 'en', 'US'));
    const labelGroups = yearGroups(range, 'en', 'US');
    const bars = axisTexts(
      renderToStaticMarkup(
        createElement(BarChart, {
          title: 'Uploads',
          data: labels.map((label) => ({ label, value: 1 })),
          labelGroups,
        }),
      ),
    );
    const line = axisTexts(
      renderToStaticMarkup(
        createElement(LineChart, {
          title: 'Average glucose per day',
          labels,
          labelGroups,
          series: [{ name: 'Average', values: labels.map(() => 8), tone: 'primary' }],
        }),
      ),
    );
    for (const texts of [bars, line]) {
      expect(texts[0]).toBe('Nov 20, 2026');
      const firstOf2027 = texts.findIndex((t) => t!.startsWith('Jan'));
      expect(texts[firstOf2027]).toMatch(/^Jan \d+, 2027$/);
      expect(texts.filter((t) => /20\d\d/.test(t!))).toHaveLength(2);
    }
  });

  it('leave every label without its year on days within one year', () => {
    const range = days('2026-09-01', 60);
    const labels = range.map((d) => formatIsoDayMonth(d, 'en', 'US'));
    const texts = axisTexts(
      renderToStaticMarkup(
        createElement(BarChart, {
          title: 'Uploads',
          data: labels.map((label) => ({ label, value: 1 })),
          labelGroups: yearGroups(range, 'en', 'US'),
        }),
      ),
    );
    expect(texts[0]).toBe('Sep 1');
    expect(texts.some((t) => /20\d\d/.test(t!))).toBe(false);
  });
});
