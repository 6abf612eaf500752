import { describe, expect, it } from 'vitest';
import { CHART_THEME_VARS, readChartTheme } from './theme';

describe('readChartTheme', () => {
  it('reads each custom property, trimmed', () => {
    const theme = readChartTheme((p) => (p === '--chart-sg' ? '  #123456 ' : ''));
    expect(theme.sg).toBe('#123456');
  });
  it('falls back where a property is not set', () => {
    const theme = readChartTheme(() => '');
    expect(theme.basal).toBe(CHART_THEME_VARS.basal[1]);
    expect(Object.keys(theme)).toEqual(Object.keys(CHART_THEME_VARS));
  });
});
