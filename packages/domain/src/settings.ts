// Glucose settings (spec §3 "Settings", §5 "Settings in mg/dL"): low thresholds before and after
// meals and at night are clamped to 60–100 mg/dL; the target range must be a range.

import { clamp } from './round';
import { DISPLAY_MAX_MGDL, DISPLAY_MIN_MGDL } from './units';

export const LOW_THRESHOLD_MIN_MGDL = 60;
export const LOW_THRESHOLD_MAX_MGDL = 100;

export function clampLowThreshold(mgdl: number): number {
  return clamp(mgdl, LOW_THRESHOLD_MIN_MGDL, LOW_THRESHOLD_MAX_MGDL);
}

/** A copy with each named low threshold clamped; other fields unchanged. */
export function clampLowThresholds<T extends Record<string, unknown>>(
  settings: T,
  lowKeys: readonly (keyof T)[],
): T {
  const out = { ...settings };
  for (const key of lowKeys) {
    const v = out[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = clampLowThreshold(v) as T[keyof T];
  }
  return out;
}

/** Target range: both within the display range 40–400 mg/dL and low below high. */
export function isValidTargetRange(lowMgdl: number, highMgdl: number): boolean {
  return (
    Number.isFinite(lowMgdl) &&
    Number.isFinite(highMgdl) &&
    lowMgdl >= DISPLAY_MIN_MGDL &&
    highMgdl <= DISPLAY_MAX_MGDL &&
    lowMgdl < highMgdl
  );
}
