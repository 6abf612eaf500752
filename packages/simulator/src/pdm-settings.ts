// The PDM settings a virtual patient wears (spec §3 "Device settings reviewed"), derived from the
// profile so the pump, the alarms and the settings review all agree.

import type { PdmSettings } from '@cgm/contract';
import { PATCH_EXPIRY_ALERT_MINUTES, SENSOR_EXPIRY_ALERT_MINUTES } from '@cgm/domain';
import { PATTERN_NAMES } from './codes';
import type { PatientProfile } from './profile';
import { Rng } from './random';
import type { Segment } from './segments';
import { roundStep } from './segments';

const basal = (segments: readonly Segment[]) =>
  segments.map((s) => ({ start_min: s.startMin, rate: s.value }));

export function pdmSettingsOf(profile: PatientProfile): PdmSettings {
  const r = new Rng(`settings:${profile.seed}`);
  const standard = profile.basalPatterns.standard;
  const maxRate = Math.max(...PATTERN_NAMES.flatMap((p) => profile.basalPatterns[p].map((s) => s.value)));
  const meanCarbRatio = profile.carbRatio.reduce((s, c) => s + c.value, 0) / profile.carbRatio.length;
  const maxBolus = Math.min(25, Math.max(8, roundStep(120 / meanCarbRatio, 1)));
  const tdd = (standard.reduce((s, c) => s + c.value, 0) / standard.length) * 24 * 2.2;
  const lowLimit = r.pick([65, 70, 70, 75]);
  const us = profile.utcOffsetMin === -300;
  return {
    pdm_serial: profile.serials.pdm,
    basal: {
      max_basal_rate: Math.max(2, roundStep(maxRate * 2, 0.5)),
      active_pattern: 'standard',
      patterns: Object.fromEntries(PATTERN_NAMES.map((p) => [p, basal(profile.basalPatterns[p])])) as Record<
        (typeof PATTERN_NAMES)[number],
        ReturnType<typeof basal>
      >,
    },
    bolus: {
      max_bolus: maxBolus,
      bolus_increment: 0.05,
      ic_ratios: profile.carbRatio.map((s) => ({ start_min: s.startMin, grams_per_unit: s.value })),
      insulin_sensitivity: profile.isf.map((s) => ({ start_min: s.startMin, mgdl_per_unit: s.value })),
      bg_target: profile.bgTarget.map((s) => ({ start_min: s.startMin, low_mgdl: s.low, high_mgdl: s.high })),
      active_insulin_time_h: profile.activeInsulinHours,
    },
    delivery_limits: {
      hourly_max_u: Math.max(10, roundStep(maxBolus * 1.5, 1)),
      daily_max_u: Math.max(40, roundStep(tdd * 2, 5)),
    },
    low_reservoir: { enabled: true, units: r.pick([10, 20, 20, 30]) },
    auto_off: { enabled: r.chance(0.3), hours: 12 },
    low_suspend: { enabled: profile.therapy === 'manual' || r.chance(0.5), mgdl: r.pick([55, 60, 60, 65]) },
    predictive_low_suspend: { enabled: profile.therapy === 'manual' ? r.chance(0.7) : true, mgdl: 70 },
    glucose_limits: {
      high: { enabled: true, mgdl: r.pick([220, 250, 250, 270]) },
      low: { enabled: true, mgdl: lowLimit },
    },
    predictive_alerts: { high: r.chance(0.4), low: true, minutes: r.pick([15, 20, 30]) },
    rate_alerts: {
      rise: { enabled: r.chance(0.4), mgdl_per_min: 3 },
      fall: { enabled: true, mgdl_per_min: r.pick([2, 3]) },
    },
    calibration_reminder: { enabled: true, hours: 12 },
    snooze: {
      once: { enabled: false, minutes: 30 },
      daily: { enabled: false, start_min: 22 * 60, end_min: 7 * 60 },
    },
    alert_delivery: r.pick(['sound', 'both', 'both', 'vibrate'] as const),
    reminders: [
      { kind: 'bg_check', enabled: r.chance(0.3), time_min: 7 * 60, label: 'Morning check' },
      { kind: 'patch_change', enabled: true, time_min: 19 * 60 },
      { kind: 'sensor_change', enabled: true, time_min: 19 * 60 },
    ],
    alarm_clock: r.chance(0.3)
      ? [{ enabled: true, time_min: profile.behaviour.wakeMin, label: 'Wake up' }]
      : [],
    expiration_alerts: {
      sensor: { enabled: true, minutes_before: [...SENSOR_EXPIRY_ALERT_MINUTES] },
      patch: { enabled: true, minutes_before: [...PATCH_EXPIRY_ALERT_MINUTES] },
    },
    display: {
      backlight_s: r.pick([15, 30, 30, 60]),
      time_format: us ? '12h' : '24h',
      weight_unit: us ? 'lb' : 'kg',
      height_unit: us ? 'in' : 'cm',
      pump_light: r.chance(0.7),
    },
    auto_mode: { enabled: profile.therapy === 'auto', target_mgdl: profile.target },
  };
}
