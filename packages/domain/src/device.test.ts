import { describe, it, expect } from 'vitest';
import {
  pumpModeOfBasalCode,
  pumpStateCategory,
  pumpStateView,
  PUMP_MODES,
  SENSOR_STATES,
  PATCH_STATES,
} from './device-states';
import {
  basalAxisMax,
  batteryIconLevel,
  freshnessOf,
  isStale,
  patchExpiryAlert,
  sensorExpiryAlert,
  STALE_AFTER_SECONDS,
} from './device-status';
import { displayGlucose } from './units';
import { isLowQualityFlag, rateOfDirection, SG_DISPLAY_CODES, SG_FLAGS, trendOfRate } from './sg-flags';

describe('pump state ranges (spec §4)', () => {
  it.each([
    [0, 'idle'],
    [6, 'idle'],
    [7, 'unknown'],
    [31, 'unknown'],
    [32, 'delivering'],
    [47, 'delivering'],
    [48, 'unknown'],
    [64, 'suspended'],
    [79, 'suspended'],
    [96, 'other'],
    [103, 'other'],
    [104, 'unknown'],
    [128, 'stopped'],
    [-1, 'unknown'],
  ])('state %d → %s', (state, category) => expect(pumpStateCategory(state)).toBe(category));

  it('shows auto mode while delivering when basalType is 30 or AutoModeEnabledNew is set', () => {
    expect(pumpStateView(40, 30).autoMode).toBe(true);
    expect(pumpStateView(40, '30').autoMode).toBe(true);
    expect(pumpStateView(40, 1, 1).autoMode).toBe(true);
    expect(pumpStateView(40, 1, false)).toEqual({
      category: 'delivering',
      autoMode: false,
      labelKey: 'pumpState.delivering',
    });
    expect(pumpStateView(70, 30).autoMode).toBe(false);
  });
});

describe('sensor and patch states, pump modes (spec §4)', () => {
  it('has the twelve sensor states and the patch states with each suspend reason', () => {
    expect(SENSOR_STATES).toHaveLength(12);
    expect(PATCH_STATES.filter((s) => s.startsWith('suspended'))).toHaveLength(7);
    expect(PATCH_STATES).toContain('magnetNotCalibrated');
  });

  it('maps modes to basal codes and back', () => {
    expect(PUMP_MODES.map((m) => m.mode)).toEqual([
      'standard', 'exercise', 'holiday', 'sick', 'programA', 'programB', 'programC', 'programD', 'auto',
    ]); // prettier-ignore
    expect(pumpModeOfBasalCode('BAPB')).toBe('programB');
    expect(pumpModeOfBasalCode('BAAMDinner')).toBe('auto');
    expect(pumpModeOfBasalCode('BAAME')).toBeUndefined();
  });
});

describe('staleness (spec §4, §9: older than 3600 s shows "--")', () => {
  const now = Date.UTC(2024, 0, 1, 12);
  it.each([
    [now - 3600_000, false],
    [now - 3600_001, true],
    [now, false],
    [null, true],
  ])('updated %s → stale %s', (t, stale) => expect(isStale(t, now)).toBe(stale));
  it('uses 3600 s', () => expect(STALE_AFTER_SECONDS).toBe(3600));
});

describe('freshness (issue 16: no longer current after 10 min, stale after 3600 s)', () => {
  const now = Date.UTC(2024, 0, 1, 12);
  const MIN = 60_000;
  it.each([
    [now, 'fresh'],
    [now - 10 * MIN, 'fresh'],
    [now - 10 * MIN - 1, 'old'],
    [now - 30 * MIN, 'old'],
    [now - 3600_000, 'old'],
    [now - 3600_001, 'stale'],
    [now - 32 * 60 * MIN, 'stale'],
    [null, 'stale'],
  ])('reading at %s → %s', (t, expected) => expect(freshnessOf(t, now)).toBe(expected));
});

describe('battery icon (spec §9 thresholds 0.8, 0.4, 0.2, 0.1)', () => {
  it.each([
    [100, 4],
    [80, 4],
    [79, 3],
    [40, 3],
    [39, 2],
    [20, 2],
    [19, 1],
    [10, 1],
    [9, 0],
    [0, 0],
  ])('%d %% → %d bars', (p, level) => expect(batteryIconLevel(p)).toBe(level));
});

describe('expiry alerts (spec §9: sensor 6 h, 2 h, 30 min; patch 1 h)', () => {
  const now = 0;
  const min = 60_000;
  it.each([
    [361, null],
    [360, 360],
    [121, 360],
    [120, 120],
    [31, 120],
    [30, 30],
    [1, 30],
  ])('sensor with %d min left → %s', (left, threshold) => {
    const alert = sensorExpiryAlert(now + left * min, now);
    expect(alert).toEqual(threshold === null ? null : { kind: 'expiring', thresholdMinutes: threshold });
  });

  it('reports expired at or after the end, and the patch at 1 h', () => {
    expect(sensorExpiryAlert(now, now)).toEqual({ kind: 'expired' });
    expect(patchExpiryAlert(now + 61 * min, now)).toBeNull();
    expect(patchExpiryAlert(now + 60 * min, now)).toEqual({ kind: 'expiring', thresholdMinutes: 60 });
  });
});

describe('basal axis maxima (spec §9 steps 1, 2, 5, 10, 15, 20, 25)', () => {
  it.each([
    [0, 1],
    [0.8, 1],
    [1, 1],
    [1.05, 2],
    [4.9, 5],
    [11, 15],
    [25, 25],
    [26, 30],
  ])('highest rate %f → axis %d', (rate, max) => expect(basalAxisMax(rate)).toBe(max));
});

describe('SG flags, display codes and trend arrows (spec §3, §5)', () => {
  it('treats C and CX as low quality, shown as 2.2 mmol/L; NC and DE not', () => {
    expect(Object.keys(SG_FLAGS)).toEqual(['C', 'CX', 'NC', 'DE']);
    expect(['C', 'CX', 'NC', 'DE', 'X'].map(isLowQualityFlag)).toEqual([true, true, false, false, false]);
    expect(displayGlucose(180, 'mmol/L', 'C').value).toBe(2.2);
    expect(Object.keys(SG_DISPLAY_CODES)).toEqual(['CE0', 'CE1', 'H']);
  });

  it.each([
    [0, 'NONE'],
    [1, 'DoubleUp'],
    [4, 'Flat'],
    [7, 'DoubleDown'],
    [8, 'NOT COMPUTABLE'],
    [9, 'NONE'],
    [2.5, 'NONE'],
  ])('glucoseRate %s → %s (Nightscout trend numbers)', (rate, direction) => {
    expect(trendOfRate(rate).direction).toBe(direction);
  });

  it('reads Nightscout direction names back to rates', () => {
    expect(rateOfDirection('FortyFiveDown')).toBe(5);
    expect(rateOfDirection('TripleUp')).toBe(0);
  });
});
