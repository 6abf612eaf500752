import { describe, expect, it } from 'vitest';
import type { PumpStatus, SensorStatus } from '@cgm/contract';
import {
  dataFreshness,
  glucosePrefs,
  glucoseView,
  pumpView,
  rangeTone,
  sensorView,
  splitDuration,
} from './status-view';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const HOUR = 60 * MIN;

function sensor(over: Partial<SensorStatus> = {}): SensorStatus {
  return {
    status: 'monitoring',
    serial: 'TX1',
    deviceType: 'CGM',
    updateTime: NOW - 3 * MIN,
    glucose: 120,
    glucoseTime: NOW - 3 * MIN,
    glucoseRate: 4,
    quality: null,
    displayCode: null,
    batteryPercent: 85,
    sensorLifetimeTotalCount: 100,
    sequence: 1,
    sessionStart: NOW - 5 * 24 * HOUR,
    expiresAt: NOW + 9 * 24 * HOUR,
    lastCalibration: NOW - 10 * HOUR,
    stale: false,
    ...over,
  };
}

const NO_DELIVERY_FIELDS = {
  basalDeliveried: null, basalDeliveriedTime: null, bolusType: null, bolusSet: null,
  bolusDeliveried: null, extendBolusSet: null, extendBolusDeliveried: null, extendBolusDuration: null,
  wizardType: null, wizardGlucose: null, wizardCorrSet: null, wizardCarb: null, wizardCarbSet: null,
  wizardIob: null, adjustmentType: null, remainingDose: null, remainingTime: null,
}; // prettier-ignore

function pump(over: Partial<PumpStatus> = {}): PumpStatus {
  return {
    state: 40,
    serial: 'PB1',
    pdmSerial: 'PDM1',
    basalType: 1,
    basalRate: 0.824,
    AutoModeEnabledNew: false,
    iob: 1.234,
    reservoir: 118.62,
    batteryPercent: 35,
    patchState: 'deliveringBasal',
    mode: 'standard',
    suspendTime: null,
    ...NO_DELIVERY_FIELDS,
    lastBolus: { time: NOW - 2 * HOUR, code: 'CCW', delivered: 4.33 },
    tempBasal: null,
    updateTime: NOW - MIN,
    patchStart: NOW - 24 * HOUR,
    expiresAt: NOW + 48 * HOUR,
    stale: false,
    ...over,
  };
}

const mg = glucosePrefs({ unit: 'mg/dL' }, null);
const mmol = glucosePrefs({ unit: 'mmol/L' }, null);

describe('glucosePrefs', () => {
  it('takes the patient’s unit and targets', () => {
    expect(glucosePrefs({ unit: 'mg/dL', target_low: 80, target_high: 160 }, 'GB')).toEqual({
      unit: 'mg/dL',
      targetLow: 80,
      targetHigh: 160,
    });
  });
  it('falls back to the country default unit and 70–180', () => {
    expect(glucosePrefs(null, 'DE')).toEqual({ unit: 'mg/dL', targetLow: 70, targetHigh: 180 });
    expect(glucosePrefs(undefined, 'GB').unit).toBe('mmol/L');
    expect(glucosePrefs({ unit: 'bad' }, null).unit).toBe('mmol/L');
  });
  it('ignores a target range that is not a range', () => {
    expect(glucosePrefs({ target_low: 200, target_high: 100 }, 'FR')).toMatchObject({ targetLow: 70 });
  });
});

describe('glucoseView', () => {
  it('shows a reading in mg/dL without decimals, with trend, age and range', () => {
    const v = glucoseView(sensor({ glucose: 123.4 }), mg, NOW);
    expect(v).toMatchObject({ kind: 'value', value: 123, decimals: 0, ageMs: 3 * MIN, tone: 'inTarget' });
    expect(v.trend?.direction).toBe('Flat');
  });
  it('shows one decimal in mmol/L', () => {
    expect(glucoseView(sensor({ glucose: 100 }), mmol, NOW)).toMatchObject({ value: 5.6, decimals: 1 });
  });
  it('colours by the targets', () => {
    expect(glucoseView(sensor({ glucose: 69 }), mg, NOW).tone).toBe('low');
    expect(glucoseView(sensor({ glucose: 181 }), mg, NOW).tone).toBe('high');
    const own = glucosePrefs({ unit: 'mg/dL', target_low: 90, target_high: 140 }, null);
    expect(glucoseView(sensor({ glucose: 150 }), own, NOW).tone).toBe('high');
  });
  it('says High above 400 and Low at 40 or below', () => {
    expect(glucoseView(sensor({ glucose: 401 }), mmol, NOW)).toMatchObject({ kind: 'high', value: null });
    expect(glucoseView(sensor({ glucose: 40 }), mg, NOW)).toMatchObject({ kind: 'low', tone: 'low' });
  });
  it('raises C and CX to 2.2 mmol/L, flagged and not coloured as a low', () => {
    const v = glucoseView(sensor({ glucose: 30, quality: 'CX' }), mmol, NOW);
    expect(v).toMatchObject({ kind: 'value', value: 2.2, flagKey: 'sgFlag.cx', tone: 'neutral' });
    // No arrow beside a calibration state, whatever rate the sensor sent.
    expect(glucoseView(sensor({ glucose: 30, quality: 'C', glucoseRate: 7 }), mmol, NOW).trend).toBeNull();
  });
  it('shows a display code instead of a value', () => {
    const v = glucoseView(sensor({ glucose: null, displayCode: 'CE1' }), mg, NOW);
    expect(v).toMatchObject({ kind: 'code', codeKey: 'sgCode.ce1' });
  });
  it("shows '--' for a reading older than 3600 s, and for none", () => {
    expect(glucoseView(sensor({ glucoseTime: NOW - 3601_000 }), mg, NOW)).toMatchObject({
      kind: 'stale',
      value: null,
    });
    expect(glucoseView(sensor({ glucoseTime: NOW - 3600_000 }), mg, NOW).kind).toBe('value');
    expect(glucoseView(null, mg, NOW).kind).toBe('none');
    expect(glucoseView(sensor({ glucose: null }), mg, NOW).kind).toBe('none');
  });
  it('greys a reading more than 10 minutes old: value kept, no arrow, no range colour', () => {
    const fresh = glucoseView(sensor({ glucoseTime: NOW - 10 * MIN, glucose: 150 }), mg, NOW);
    expect(fresh).toMatchObject({ old: false, tone: 'inTarget' });
    expect(fresh.trend).not.toBeNull();
    const old = glucoseView(sensor({ glucoseTime: NOW - 30 * MIN, glucose: 150 }), mg, NOW);
    expect(old).toMatchObject({ kind: 'value', value: 150, old: true, tone: 'neutral', trend: null });
    expect(old.ageMs).toBe(30 * MIN);
    const code = glucoseView(
      sensor({ glucoseTime: NOW - 11 * MIN, glucose: null, displayCode: 'CE1' }),
      mg,
      NOW,
    );
    expect(code).toMatchObject({ kind: 'code', old: true });
  });
  it('has no arrow when the rate gives no trend', () => {
    expect(glucoseView(sensor({ glucoseRate: 8 }), mg, NOW).trend).toMatchObject({ arrow: '' });
    expect(glucoseView(sensor({ glucoseRate: 0 }), mg, NOW).trend).toBeNull();
  });
});

describe('dataFreshness (the Live badge)', () => {
  it('is fresh while the newest of the sensor and the pump is at most 10 minutes old', () => {
    expect(dataFreshness(sensor({ glucoseTime: NOW - 30 * MIN }), pump({ updateTime: NOW - MIN }), NOW)).toBe(
      'fresh',
    );
    expect(dataFreshness(sensor({ glucoseTime: NOW - 30 * MIN }), null, NOW)).toBe('old');
    expect(
      dataFreshness(sensor({ glucoseTime: NOW - 32 * HOUR }), pump({ updateTime: NOW - 32 * HOUR }), NOW),
    ).toBe('stale');
    expect(dataFreshness(null, null, NOW)).toBe('stale');
  });
});

describe('rangeTone', () => {
  it('is neutral without a value', () => expect(rangeTone(null, mg)).toBe('neutral'));
  it('includes both bounds in the target', () => {
    expect(rangeTone(70, mg)).toBe('inTarget');
    expect(rangeTone(180, mg)).toBe('inTarget');
  });
});

describe('sensorView', () => {
  it('translates the state, the battery level and the life left', () => {
    const v = sensorView(sensor(), NOW);
    expect(v).toMatchObject({
      stale: false,
      stateKey: 'device.sensorState.monitoring',
      battery: { percent: 85, level: 4 },
      lifeLeftMs: 9 * 24 * HOUR,
      expiry: null,
    });
  });
  it('warns at 6 h, 2 h and 30 min before expiry, and when expired', () => {
    const at = (left: number) => sensorView(sensor({ expiresAt: NOW + left }), NOW).expiry;
    expect(at(7 * HOUR)).toBeNull();
    expect(at(5 * HOUR)).toEqual({ kind: 'expiring', thresholdMinutes: 360 });
    expect(at(90 * MIN)).toEqual({ kind: 'expiring', thresholdMinutes: 120 });
    expect(at(20 * MIN)).toEqual({ kind: 'expiring', thresholdMinutes: 30 });
    expect(at(-MIN)).toEqual({ kind: 'expired' });
  });
  it('keeps an unknown state as sent', () => {
    expect(sensorView(sensor({ status: 'odd' }), NOW)).toMatchObject({ stateKey: null, state: 'odd' });
  });
  it("shows '--' for everything live when stale", () => {
    const v = sensorView(sensor({ glucoseTime: NOW - 2 * HOUR, updateTime: NOW - 2 * HOUR }), NOW);
    expect(v).toMatchObject({ stale: true, stateKey: null, battery: null, lifeLeftMs: null, expiry: null });
    expect(v.serial).toBe('TX1');
  });
});

describe('pumpView', () => {
  it('rounds insulin to 0.05 U and names state, mode and patch state', () => {
    const v = pumpView(pump(), NOW);
    expect(v).toMatchObject({
      category: 'delivering',
      autoMode: false,
      stateKey: 'pumpState.delivering',
      modeKey: 'device.pumpMode.standard',
      patchStateKey: 'device.patchState.deliveringBasal',
      basalRate: 0.8,
      iob: 1.25,
      reservoir: 118.6,
      battery: { percent: 35, level: 2 },
      lastBolus: { amount: 4.35, codeKey: 'bolus.CCW' },
      lifeLeftMs: 48 * HOUR,
      expiry: null,
    });
  });
  it('shows auto mode for basalType 30 or AutoModeEnabledNew', () => {
    expect(pumpView(pump({ basalType: 30 }), NOW)).toMatchObject({
      autoMode: true,
      stateKey: 'pumpState.autoMode',
      modeKey: 'device.pumpMode.auto',
    });
    expect(pumpView(pump({ AutoModeEnabledNew: true }), NOW).autoMode).toBe(true);
  });
  it('shows a suspended pump with no basal and the time it stopped', () => {
    const v = pumpView(pump({ state: 66, suspendTime: NOW - 20 * MIN, patchState: 'suspendedLow' }), NOW);
    expect(v).toMatchObject({ category: 'suspended', basalRate: 0, suspendedSince: NOW - 20 * MIN });
    expect(pumpView(pump({ state: 128 }), NOW)).toMatchObject({
      category: 'stopped',
      stateKey: 'pumpState.stopped',
    });
  });
  it('shows a temp basal only until it ends', () => {
    const temp = { code: 'BART', rate: 0.42, endsAt: NOW + 30 * MIN };
    expect(pumpView(pump({ tempBasal: temp }), NOW).tempBasal).toEqual({ ...temp, rate: 0.4 });
    expect(pumpView(pump({ tempBasal: { ...temp, endsAt: NOW - 1 } }), NOW).tempBasal).toBeNull();
  });
  it('warns 1 h before the patch expires', () => {
    expect(pumpView(pump({ expiresAt: NOW + 61 * MIN }), NOW).expiry).toBeNull();
    expect(pumpView(pump({ expiresAt: NOW + 59 * MIN }), NOW).expiry).toEqual({
      kind: 'expiring',
      thresholdMinutes: 60,
    });
  });
  it("shows '--' for stale pump data but keeps the serials and the last bolus", () => {
    const v = pumpView(pump({ updateTime: NOW - 3601_000 }), NOW);
    expect(v).toMatchObject({
      stale: true,
      stateKey: null,
      basalRate: null,
      iob: null,
      reservoir: null,
      battery: null,
      expiry: null,
      serial: 'PB1',
      pdmSerial: 'PDM1',
    });
    expect(v.lastBolus?.amount).toBe(4.35);
  });
});

describe('splitDuration', () => {
  it('splits into days, hours and minutes', () => {
    expect(splitDuration(9 * 24 * HOUR + 4 * HOUR + 59 * MIN + 59_000)).toEqual({
      days: 9,
      hours: 4,
      minutes: 59,
    });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
