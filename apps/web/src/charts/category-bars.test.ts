import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { barPercent, CategoryBars } from './category-bars';

describe('category bars', () => {
  it('size each bar against the largest count', () => {
    expect(barPercent(16, 16)).toBe(100);
    expect(barPercent(4, 16)).toBe(25);
    expect(barPercent(0, 0)).toBe(0);
  });

  it('print every name and count as text beside its bar', () => {
    const html = renderToStaticMarkup(
      createElement(CategoryBars, {
        title: 'Most frequent alarms',
        data: [
          { label: 'Low glucose predicted', value: 16 },
          { label: 'Rapid fall', value: 4 },
        ],
        format: (v: number) => `${v}×`,
      }),
    );
    expect(html).toContain('aria-label="Most frequent alarms"');
    expect(html).toContain('>Low glucose predicted<');
    expect(html).toContain('>16×<');
    expect(html).toContain('inline-size:25%');
  });
});
