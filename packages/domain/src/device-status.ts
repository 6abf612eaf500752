// Live monitor rules (spec §4 "Staleness", §9 "Timing", "Alerts", "Battery icon thresholds",
// "Basal axis maxima steps"). Times are passed in; nothing here reads the clock.

/** Sensor or pump data older than 3600 s shows as "--" (spec §4, §9). */
export const STALE_AFTER_SECONDS = 3600;

export function isStale(updateTimeMs: number | null | undefined, nowMs: number): boolean {
  if (updateTimeMs === null || updateTimeMs === undefined || !Number.isFinite(updateTimeMs)) return true;
  return nowMs - updateTimeMs > STALE_AFTER_SECONDS * 1000;
}

/**
 * A reading older than 10 minutes is no longer "current": the monitor greys its value, drops the
 * trend arrow and says how long there has been no reading, and the screen stops calling itself live
 * (issue 16). Older than 3600 s it is stale and shows as "--" (above).
 */
export const FRESH_FOR_MINUTES = 10;

export type Freshness = 'fresh' | 'old' | 'stale';

export function freshnessOf(timeMs: number | null | undefined, nowMs: number): Freshness {
  if (isStale(timeMs, nowMs)) return 'stale';
  return nowMs - timeMs! > FRESH_FOR_MINUTES * 60_000 ? 'old' : 'fresh';
}

/** Battery icon thresholds (spec §9), as fractions of a full battery, highest first. */
export const BATTERY_THRESHOLDS: readonly number[] = [0.8, 0.4, 0.2, 0.1];

/**
 * Bars of the battery icon for batteryPercent 0–100: 4 at 80% or more, 3 from 40%, 2 from 20%,
 * 1 from 10%, 0 below (the empty, warning icon).
 */
export function batteryIconLevel(percent: number): 0 | 1 | 2 | 3 | 4 {
  const fraction = percent / 100;
  const index = BATTERY_THRESHOLDS.findIndex((t) => fraction >= t);
  return (index < 0 ? 0 : BATTERY_THRESHOLDS.length - index) as 0 | 1 | 2 | 3 | 4;
}

/** Sensor expiry alerts at 6 h, 2 h and 30 min before the end; patch expiry at 1 h (spec §9). */
export const SENSOR_EXPIRY_ALERT_MINUTES: readonly number[] = [360, 120, 30];
export const PATCH_EXPIRY_ALERT_MINUTES: readonly number[] = [60];

export type ExpiryAlert = { kind: 'expired' } | { kind: 'expiring'; thresholdMinutes: number } | null;

function expiryAlert(expiresAtMs: number, nowMs: number, thresholds: readonly number[]): ExpiryAlert {
  const left = (expiresAtMs - nowMs) / 60_000;
  if (left <= 0) return { kind: 'expired' };
  // The tightest threshold already reached: 25 min left is the 30-minute alert, not the 6-hour one.
  let reached: number | null = null;
  for (const t of thresholds) if (left <= t && (reached === null || t < reached)) reached = t;
  return reached === null ? null : { kind: 'expiring', thresholdMinutes: reached };
}

export function sensorExpiryAlert(expiresAtMs: number, nowMs: number): ExpiryAlert {
  return expiryAlert(expiresAtMs, nowMs, SENSOR_EXPIRY_ALERT_MINUTES);
}

export function patchExpiryAlert(expiresAtMs: number, nowMs: number): ExpiryAlert {
  return expiryAlert(expiresAtMs, nowMs, PATCH_EXPIRY_ALERT_MINUTES);
}

/** Basal axis maxima steps in U/h (spec §9). */
export const BASAL_AXIS_MAXIMA: readonly number[] = [1, 2, 5, 10, 15, 20, 25];

/** The smallest step at or above the highest rate; beyond 25, the next multiple of 5. */
export function basalAxisMax(maxRate: number): number {
  if (!Number.isFinite(maxRate) || maxRate <= 0) return BASAL_AXIS_MAXIMA[0]!;
  return BASAL_AXIS_MAXIMA.find((m) => m >= maxRate) ?? Math.ceil(maxRate / 5) * 5;
}
