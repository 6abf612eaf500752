import { describe, expect, it } from 'vitest';
import type { PdmSettings } from '@cgm/contract';
import { pdmSettingsOf } from './pdm-settings';
import { randomProfile } from './random-profile';
import { wizard } from './wizard';

function settings(): PdmSettings {
  const s = pdmSettingsOf(randomProfile(1));
  s.bolus.ic_ratios = [{ start_min: 0, grams_per_unit: 10 }];
  s.bolus.insulin_sensitivity = [{ start_min: 0, mgdl_per_unit: 50 }];
  s.bolus.bg_target = [{ start_min: 0, low_mgdl: 100, high_mgdl: 120 }];
  s.bolus.max_bolus = 20;
  return s;
}

describe('bolus wizard', () => {
  it('gives carbohydrate only (CAW) when glucose is in the target range', () => {
    const w = wizard(settings(), { minuteOfDay: 720, carbs: 60, bg: 110, iob: 0 });
    expect(w.code).toBe('CAW');
    expect(w.suggest).toBe(6);
    expect(w.details).toMatchObject({ carb: 60, carb_bolus: 6, corr_bolus: 0, bg: 110, suggest: 6 });
  });

  it('adds a correction above the range, less insulin on board (CCW)', () => {
    const w = wizard(settings(), { minuteOfDay: 720, carbs: 60, bg: 220, iob: 0.5 });
    expect(w.code).toBe('CCW');
    expect(w.details.corr_bolus).toBe(2);
    expect(w.suggest).toBe(7.5);
  });

  it('corrects alone (CRW), and not at all when insulin on board covers it', () => {
    expect(wizard(settings(), { minuteOfDay: 0, carbs: 0, bg: 270, iob: 0 })).toMatchObject({
      code: 'CRW',
      suggest: 3,
    });
    expect(wizard(settings(), { minuteOfDay: 0, carbs: 0, bg: 270, iob: 4 }).suggest).toBe(0);
  });

  it('takes off a negative correction below the range and never exceeds the maximum bolus', () => {
    expect(wizard(settings(), { minuteOfDay: 0, carbs: 30, bg: 75, iob: 0 }).suggest).toBe(2.5);
    expect(wizard(settings(), { minuteOfDay: 0, carbs: 400, bg: null, iob: 0 }).suggest).toBe(20);
  });
});
