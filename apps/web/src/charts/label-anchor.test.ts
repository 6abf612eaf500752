import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart } from './svg-charts';

describe('axis labels of a line chart', () => {
  it('keep the last day inside the drawing', () => {
    const labels = Array.from({ length: 14 }, (_, i) => `Nov ${12 + i}`);
    const html = renderToStaticMarkup(
      createElement(LineChart, {
        title: 'Average glucose per day',
        labels,
        series: [{ name: 'Average', values: labels.map(() => 8), tone: 'primary' }],
      }),
    );
    expect(html).toMatch(/text-anchor="end"[^>]*>Nov 25</);
    expect(html).toMatch(/text-anchor="middle"[^>]*>Nov 12</);
  });
});

describe('chart direction', () => {
  // In an Arabic page the inherited right-to-left direction turned the "end" anchors round: the
  // axis numbers ran under the bars and the last day's label past the right edge.
  it('draws the small charts left to right in every language', () => {
    const labels = ['13 Nov', '14 Nov'];
    const line = renderToStaticMarkup(
      createElement(LineChart, {
        title: 'Average glucose per day',
        labels,
        series: [{ name: 'Average', values: [8, 9], tone: 'primary' }],
      }),
    );
    const bars = renderToStaticMarkup(
      createElement(BarChart, { title: 'Readings', data: labels.map((label) => ({ label, value: 3 })) }),
    );
    expect(line).toMatch(/<svg class="svg-chart"[^>]*direction="ltr"/);
    expect(bars).toMatch(/<svg class="svg-chart"[^>]*direction="ltr"/);
  });

  // Inside the left-to-right chart an Arabic date with its year, "1 ديسمبر 2025", was drawn as
  // 1, 2025, ديسمبر: read right to left, "ديسمبر 2025 1". Each label takes its own script's direction.
  it('lays out each axis label in the direction of its own script', () => {
    const css = readFileSync(new URL('./svg-charts.css', import.meta.url), 'utf8');
    const axisRule = /\.svg-chart__axis \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(axisRule).toMatch(/unicode-bidi: plaintext;/);
  });
});
