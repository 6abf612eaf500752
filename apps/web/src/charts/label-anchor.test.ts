import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { labelAnchor, LineChart } from './svg-charts';

describe('axis labels of a line chart', () => {
  it('are centred, the last one ending at the right end', () => {
    expect(labelAnchor(44, 632)).toBe('middle');
    expect(labelAnchor(300, 632)).toBe('middle');
    expect(labelAnchor(632, 632)).toBe('end');
  });

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
