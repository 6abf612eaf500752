import { describe, expect, it } from 'vitest';
import { basalSchedule, pdmSettings } from '@cgm/contract';
import { pdmSettingsOf } from './pdm-settings';
import { randomProfile } from './random-profile';

describe('pdmSettingsOf', () => {
  it('gives settings the contract accepts, for many patients', () => {
    for (let seed = 0; seed < 60; seed++) {
      const parsed = pdmSettings.safeParse(pdmSettingsOf(randomProfile(seed)));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it('matches the profile: patterns, ratios, targets, auto mode', () => {
    const profile = randomProfile(4);
    const s = pdmSettingsOf(profile);
    expect(s.pdm_serial).toBe(profile.serials.pdm);
    expect(Object.keys(s.basal.patterns).sort()).toEqual(
      ['exercise', 'holiday', 'programA', 'programB', 'programC', 'programD', 'sick', 'standard'].sort(),
    );
    expect(s.basal.patterns.standard).toEqual(
      profile.basalPatterns.standard.map((x) => ({ start_min: x.startMin, rate: x.value })),
    );
    expect(s.bolus.ic_ratios.map((r) => r.grams_per_unit)).toEqual(profile.carbRatio.map((r) => r.value));
    expect(s.auto_mode).toEqual({ enabled: profile.therapy === 'auto', target_mgdl: profile.target });
    expect(s.expiration_alerts.sensor.minutes_before).toEqual([360, 120, 30]);
    expect(s.expiration_alerts.patch.minutes_before).toEqual([60]);
    expect(s.basal.max_basal_rate).toBeGreaterThanOrEqual(
      Math.max(...profile.basalPatterns.sick.map((x) => x.value)),
    );
  });

  it('is the same for the same profile', () => {
    expect(pdmSettingsOf(randomProfile(9))).toEqual(pdmSettingsOf(randomProfile(9)));
  });
});

describe('basal schedule schema', () => {
  it('needs a first segment at 00:00 and increasing starts', () => {
    expect(
      basalSchedule.safeParse([
        { start_min: 0, rate: 0.8 },
        { start_min: 360, rate: 1 },
      ]).success,
    ).toBe(true);
    expect(basalSchedule.safeParse([{ start_min: 60, rate: 0.8 }]).success).toBe(false);
    expect(
      basalSchedule.safeParse([
        { start_min: 0, rate: 0.8 },
        { start_min: 0, rate: 1 },
      ]).success,
    ).toBe(false);
    expect(basalSchedule.safeParse([]).success).toBe(false);
    expect(basalSchedule.safeParse([{ start_min: 0, rate: -1 }]).success).toBe(false);
  });
});
