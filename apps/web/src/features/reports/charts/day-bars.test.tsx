import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { labelSpan, LABEL_GAP, type AxisLabel } from '../../../charts/axis-labels';
import { yearGroups } from '../../../charts/day-axis';
import { estimatedWidths } from '../../../charts/use-label-widths';
import { formatIsoDayMonth } from '../../../i18n/format';
import { DayBars } from './day-bars';

/** `count` calendar days from `first` (YYYY-MM-DD). */
function daysFrom(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function render(labels: readonly string[], days?: readonly string[], language = 'en') {
  return renderToStaticMarkup(
    <DayBars
      title="Time in range per day"
      data={labels.map((label) => ({ label, value: 70 }))}
      labelGroups={days && yearGroups(days, language, 'US')}
      format={(v) => `${v} %`}
      noData="No data"
      max={100}
    />,
  );
}

/** The date labels under the bars, left to right, as drawn. */
function dateLabels(html: string): Array<AxisLabel & { text: string }> {
  const re = /<text class="svg-chart__axis" x="([\d.]+)" y="212" text-anchor="(\w+)">([^<]*)<\/text>/g;
  return [...html.matchAll(re)].map((m, index) => ({
    index,
    x: Number(m[1]),
    anchor: m[2] as AxisLabel['anchor'],
    opens: false,
    text: m[3]!,
  }));
}

/** The least space between two drawn labels, at the widths the chart estimates before measuring. */
function leastGap(labels: ReadonlyArray<AxisLabel & { text: string }>): number {
  const widths = estimatedWidths(labels.map((l) => l.text));
  let least = Infinity;
  for (let j = 1; j < labels.length; j++) {
    least = Math.min(
      least,
      labelSpan(labels[j]!, widths[j]!)[0] - labelSpan(labels[j - 1]!, widths[j - 1]!)[1],
    );
  }
  return least;
}

describe('bars per day', () => {
  // Arabic pages: with the page's direction inherited, the axis percentages ran under the bars.
  it('are drawn left to right in every language, the axis at the left', () => {
    const html = renderToStaticMarkup(
      <DayBars
        title="Time in range per day"
        data={[
          { label: '13 Nov', value: 80 },
          { label: '14 Nov', value: null },
        ]}
        format={(v) => `${v} %`}
        noData="No data"
        max={100}
      />,
    );
    expect(html).toMatch(/<svg class="svg-chart"[^>]*direction="ltr"/);
    expect(html).toMatch(/x="42"[^>]*text-anchor="end"[^>]*>100 %</);
  });
});

describe('the date labels under the bars', () => {
  it('print as many days as fit, every k-th day and the last, not at most eight', () => {
    const days = daysFrom('2026-11-01', 30);
    const labels = dateLabels(render(days.map((d) => formatIsoDayMonth(d, 'en', 'US'))));
    // "Nov 12" fits every third of 30 bars: ten labels, where a fixed "at most eight" printed eight.
    expect(labels.map((l) => l.text)).toEqual([
      'Nov 1',
      'Nov 4',
      'Nov 7',
      'Nov 10',
      'Nov 13',
      'Nov 16',
      'Nov 19',
      'Nov 22',
      'Nov 25',
      'Nov 30',
    ]);
    expect(leastGap(labels)).toBeGreaterThanOrEqual(LABEL_GAP);
  });

  it('never overlap, however long the month names and however many the days', () => {
    for (const n of [7, 14, 30, 90]) {
      for (const length of [5, 9, 14, 20]) {
        const texts = Array.from({ length: n }, (_, i) => `${i}`.padEnd(length, 'm'));
        const labels = dateLabels(render(texts));
        expect(labels.length).toBeGreaterThan(1);
        expect(leastGap(labels)).toBeGreaterThanOrEqual(LABEL_GAP);
        // In the order of the bars, each under its own bar's day.
        const order = labels.map((l) => texts.indexOf(l.text));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(order.at(-1)).toBe(n - 1);
      }
    }
  });

  it('carry the year on the first label and the first of the new year across New Year', () => {
    // 90 days from 15 November 2026 to 12 February 2027.
    const days = daysFrom('2026-11-15', 90);
    const labels = dateLabels(
      render(
        days.map((d) => formatIsoDayMonth(d, 'en', 'US')),
        days,
      ),
    );
    const texts = labels.map((l) => l.text);
    expect(texts[0]).toBe('Nov 15, 2026');
    const firstOf2027 = texts.findIndex((t) => /^(Jan|Feb)/.test(t));
    expect(texts[firstOf2027]).toMatch(/^Jan \d+, 2027$/);
    expect(texts.filter((t) => /20\d\d/.test(t))).toEqual([texts[0], texts[firstOf2027]]);
    expect(texts.at(-1)).toBe('Feb 12');
    expect(leastGap(labels)).toBeGreaterThanOrEqual(LABEL_GAP);
  });

  it('carry no year on a range within one year', () => {
    const days = daysFrom('2026-08-29', 90);
    const texts = dateLabels(
      render(
        days.map((d) => formatIsoDayMonth(d, 'en', 'US')),
        days,
      ),
    ).map((l) => l.text);
    expect(texts[0]).toBe('Aug 29');
    expect(texts.at(-1)).toBe('Nov 26');
    expect(texts.some((t) => /20\d\d/.test(t))).toBe(false);
  });

  it('write the year in the language’s own order (Arabic)', () => {
    const days = daysFrom('2026-12-20', 30);
    const texts = dateLabels(
      render(
        days.map((d) => formatIsoDayMonth(d, 'ar', null)),
        days,
        'ar',
      ),
    ).map((l) => l.text);
    expect(texts[0]).toMatch(/^20 ديسمبر 2026$/);
    expect(texts.find((t) => t.includes('يناير'))).toMatch(/^\d+ يناير 2027$/);
  });
});

describe('a date left out as not a valid day', () => {
  it('is marked apart from a date without data, and says so', () => {
    const html = renderToStaticMarkup(
      <DayBars
        title="Time in range per day"
        data={[
          { label: '1 Nov', value: 70 },
          { label: '2 Nov', value: null },
          { label: '3 Nov', value: null, leftOut: true },
        ]}
        format={(v) => `${v} %`}
        noData="No data"
        leftOut="Incomplete day"
        max={100}
      />,
    );
    expect(html).toContain('<title>2 Nov: No data</title>');
    expect(html).toContain('<title>3 Nov: Incomplete day</title>');
    expect(html.match(/svg-chart__nodata--left-out/g)).toHaveLength(1);
    expect(html.match(/class="svg-chart__nodata"/g)).toHaveLength(1);
  });
});
