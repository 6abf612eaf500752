import { describe, it, expect } from 'vitest';
import { clampLowThreshold, clampLowThresholds, isValidTargetRange } from './settings';
import { isSupportedBrowser } from './constants';
import { checkEvent, EVENT_TYPE_CODES, URINE_KETONE_VALUES } from './event-types';

describe('settings clamping (spec §5 "Settings in mg/dL: low thresholds clamped to 60–100")', () => {
  it.each([
    [50, 60],
    [60, 60],
    [80, 80],
    [100, 100],
    [120, 100],
  ])('%d → %d', (v, c) => expect(clampLowThreshold(v)).toBe(c));

  it('clamps only the named low keys', () => {
    expect(clampLowThresholds({ blos_low: 40, blos_high: 300, note: 'x' }, ['blos_low'])).toEqual({
      blos_low: 60,
      blos_high: 300,
      note: 'x',
    });
  });

  it('requires a target range inside 40–400 with low below high', () => {
    expect(isValidTargetRange(70, 180)).toBe(true);
    expect(isValidTargetRange(180, 70)).toBe(false);
    expect(isValidTargetRange(30, 180)).toBe(false);
  });
});

describe('events (spec §3 "Events")', () => {
  it('has the spec types', () => {
    expect(EVENT_TYPE_CODES).toEqual([
      'BG', 'CARB', 'INS', 'EXR', 'HBA1C', 'DOSE', 'URINEK', 'OTR',
      'AutoExercise', 'AutoBreakfast', 'AutoLunch', 'AutoDinner', 'AutoSnack',
    ]); // prettier-ignore
    expect(URINE_KETONE_VALUES).toEqual(['Negative', 'Macro', '+', '++', '+++', '++++']);
  });

  it.each([
    [{ type: 'BG', value: 120 }, []],
    [{ type: 'BG', value: 900 }, ['events.problem.valueOutOfRange']],
    [{ type: 'CARB' }, ['events.problem.valueRequired']],
    [{ type: 'EXR', value: 30, exerciseIntensity: 2 }, []],
    [{ type: 'EXR', value: 30, exerciseIntensity: 3 }, ['events.problem.intensityInvalid']],
    [{ type: 'URINEK', value: '++' }, []],
    [{ type: 'URINEK', value: '+++++' }, ['events.problem.valueInvalid']],
    [{ type: 'OTR', notes: 'x'.repeat(1001) }, ['validation.notesTooLong']],
    [{ type: 'AutoLunch' }, ['events.problem.typeInvalid']], // written by the pump, not by users
  ])('%j → %j', (event, problems) => expect(checkEvent(event)).toEqual(problems));
});

describe('browser minimums (spec §5 "Browser")', () => {
  it.each([
    ['chrome', '61.0.3163', true],
    ['chrome', '60.9', false],
    ['Firefox', '55.0', true],
    ['edge', '15.1', false],
    ['safari', '8.0.8', true],
    ['safari', '8.0.7', false],
    ['opera', '1.0', true],
  ])('%s %s → %s', (name, version, ok) => expect(isSupportedBrowser(name, version)).toBe(ok));
});
