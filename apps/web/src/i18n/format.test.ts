import { describe, expect, it } from 'vitest';
import { countryName, formatIsoDate, formatNumber } from './format';

describe('format', () => {
  it('formats numbers per language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });
  it('formats a calendar date without shifting it', () => {
    expect(formatIsoDate('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatIsoDate('not a date', 'en')).toBe('not a date');
  });
  it('names countries in the language', () => {
    expect(countryName('DE', 'de', 'Germany')).toBe('Deutschland');
    expect(countryName('DE', 'en', 'Germany')).toBe('Germany');
  });
});
