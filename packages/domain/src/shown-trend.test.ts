import { describe, expect, it } from 'vitest';
import { shownTrend } from './shown-trend';

const now = Date.parse('2026-11-26T12:00:00Z');
const MIN = 60_000;

describe('shownTrend', () => {
  it('shows a fresh measured reading’s trend', () => {
    expect(shownTrend(7, null, now - 2 * MIN, now)?.direction).toBe('DoubleDown');
    expect(shownTrend(4, 'NC', now - 10 * MIN, now)?.direction).toBe('Flat');
  });

  it('shows none for no trend, a calibration state (C, CX), or a reading over 10 minutes old', () => {
    expect(shownTrend(0, null, now, now)).toBeNull();
    expect(shownTrend(null, null, now, now)).toBeNull();
    expect(shownTrend(7, 'C', now, now)).toBeNull();
    expect(shownTrend(7, 'CX', now, now)).toBeNull();
    expect(shownTrend(7, null, now - 11 * MIN, now)).toBeNull();
    expect(shownTrend(7, null, now - 2 * 3_600_000, now)).toBeNull();
  });
});
