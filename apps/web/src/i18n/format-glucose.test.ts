import { describe, expect, it } from 'vitest';
import {
  ENGLISH_GLUCOSE_WORDS as W,
  formatGlucoseLimit,
  formatGlucoseNumber,
  formatGlucoseShown,
} from './format-glucose';

const words = { high: 'Hoch', low: 'Niedrig' };

describe('formatGlucoseShown (the display rule)', () => {
  it('shows Low at or below 40 mg/dL and a number just above it', () => {
    expect(formatGlucoseShown(40, 'mg/dL', 'en', W)).toBe('Low');
    expect(formatGlucoseShown(12, 'mg/dL', 'en', W)).toBe('Low');
    expect(formatGlucoseShown(40.1, 'mg/dL', 'en', W)).toBe('40');
    expect(formatGlucoseShown(40, 'mmol/L', 'en', W)).toBe('Low');
    expect(formatGlucoseShown(40.1, 'mmol/L', 'en', W)).toBe('2.2');
  });

  it('shows High above 400 mg/dL and the number at 400', () => {
    expect(formatGlucoseShown(400, 'mg/dL', 'en', W)).toBe('400');
    expect(formatGlucoseShown(400.1, 'mg/dL', 'en', W)).toBe('High');
    expect(formatGlucoseShown(400, 'mmol/L', 'en', W)).toBe('22.2');
    expect(formatGlucoseShown(400.1, 'mmol/L', 'en', W)).toBe('High');
  });

  it('clamps mmol/L to 2.2–22.2 with one decimal, mg/dL without decimals', () => {
    // 40.4 mg/dL is 2.24 mmol/L, 399.9 is 22.22: both stay inside the range once rounded.
    expect(formatGlucoseShown(40.4, 'mmol/L', 'en', W)).toBe('2.2');
    expect(formatGlucoseShown(399.9, 'mmol/L', 'en', W)).toBe('22.2');
    expect(formatGlucoseShown(126, 'mmol/L', 'en', W)).toBe('7.0');
    expect(formatGlucoseShown(101.4, 'mg/dL', 'en', W)).toBe('101');
  });

  it('translates the words and writes numbers in the language', () => {
    expect(formatGlucoseShown(30, 'mmol/L', 'de', words)).toBe('Niedrig');
    expect(formatGlucoseShown(500, 'mmol/L', 'de', words)).toBe('Hoch');
    expect(formatGlucoseShown(250, 'mmol/L', 'de', words)).toBe('13,9');
  });

  it('shows C/CX readings as the floor, not as Low', () => {
    expect(formatGlucoseShown(30, 'mmol/L', 'en', W, 'CX')).toBe('2.2');
    expect(formatGlucoseShown(180, 'mg/dL', 'en', W, 'C')).toBe('40');
  });

  it('shows -- without a value', () => {
    expect(formatGlucoseShown(null, 'mg/dL', 'en', W)).toBe('--');
    expect(formatGlucoseShown(undefined, 'mmol/L', 'en', W)).toBe('--');
  });
});

describe('formatGlucoseLimit and formatGlucoseNumber', () => {
  it('convert limits and spreads without the display rule', () => {
    expect(formatGlucoseLimit(25, 'mg/dL', 'en')).toBe('25');
    expect(formatGlucoseLimit(30.6, 'mmol/L', 'en')).toBe('1.7');
    expect(formatGlucoseLimit(180, 'mmol/L', 'de')).toBe('10,0');
    expect(formatGlucoseLimit(null, 'mmol/L', 'en')).toBe('--');
  });
  it('write plotted values with the unit decimals', () => {
    expect(formatGlucoseNumber(5, 'mmol/L', 'en')).toBe('5.0');
    expect(formatGlucoseNumber(100, 'mg/dL', 'en')).toBe('100');
  });
});
