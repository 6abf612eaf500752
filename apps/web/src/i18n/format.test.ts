import { describe, expect, it } from 'vitest';
import {
  countryName,
  decimalSeparator,
  formatIsoDate,
  formatIsoDayMonth,
  formatIsoDayMonthYear,
  formatIsoMonth,
  formatNumber,
} from './format';

describe('format', () => {
  it('formats numbers per language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });
  it('knows the decimal sign of a language', () => {
    expect(decimalSeparator('en')).toBe('.');
    expect(decimalSeparator('fr')).toBe(',');
    expect(decimalSeparator('de')).toBe(',');
    expect(decimalSeparator('ar-SA')).toBe('.');
  });
  it('formats a calendar date without shifting it', () => {
    expect(formatIsoDate('2026-11-21', 'en', 'long', null)).toBe('November 21, 2026');
    expect(formatIsoDate('not a date', 'en')).toBe('not a date');
  });
  it('writes a calendar date the way the chosen country does', () => {
    expect(formatIsoDate('2026-11-21', 'en', 'long', 'GB')).toBe('21 November 2026');
    expect(formatIsoDate('2026-11-21', 'en', 'medium', 'US')).toBe('Nov 21, 2026');
  });
  it('writes a month of the year short, in the language', () => {
    expect(formatIsoMonth('2026-11', 'en', 'GB')).toBe('Nov 2026');
    expect(formatIsoMonth('2025-12', 'fr', 'FR')).toBe('déc. 2025');
    expect(formatIsoMonth('2026-13', 'en')).toBe('2026-13');
  });
  it('writes a day of a chart axis as day and short month, without the year in any language', () => {
    expect(formatIsoDayMonth('2026-11-12', 'en', 'US')).toBe('Nov 12');
    expect(formatIsoDayMonth('2026-11-12', 'ar', null)).toBe('12 نوفمبر');
    expect(formatIsoDayMonth('2026-11-12', 'de', 'DE')).toBe('12. Nov.');
    expect(formatIsoDayMonth('not a date', 'en')).toBe('not a date');
  });
  it('writes the day that opens a year on a chart axis with its year, in the language’s order', () => {
    expect(formatIsoDayMonthYear('2027-01-03', 'en', 'US')).toBe('Jan 3, 2027');
    expect(formatIsoDayMonthYear('2027-01-03', 'en', 'GB')).toBe('3 Jan 2027');
    expect(formatIsoDayMonthYear('2027-01-03', 'de', 'DE')).toBe('3. Jan. 2027');
    expect(formatIsoDayMonthYear('2027-01-03', 'ar', null)).toBe('3 يناير 2027');
    expect(formatIsoDayMonthYear('2027-01-03', 'zh-CN', null)).toBe('2027年1月3日');
    expect(formatIsoDayMonthYear('not a date', 'en')).toBe('not a date');
  });
  it('names countries in the language', () => {
    expect(countryName('DE', 'de', 'Germany')).toBe('Deutschland');
    expect(countryName('DE', 'en', 'Germany')).toBe('Germany');
  });
});
