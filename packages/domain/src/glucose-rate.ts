// The rate of change of sensor glucose (mg/dL per minute), for the follower alerts "rising fast",
// "falling fast" and "predicted urgent low" (issue 16). Pure: readings and the time are passed in.

import { breaksGlucoseLine, isInvalidReading } from './glucose-line';

/** The rate is the least-squares slope of the valid readings of the last 15 minutes. */
export const RATE_WINDOW_MS = 15 * 60_000;
/** Fewer than 3 readings, or less than 5 minutes of them, give no rate (one noisy pair is not a trend). */
export const RATE_MIN_READINGS = 3;
export const RATE_MIN_SPAN_MS = 5 * 60_000;

export interface RateReading {
  time: number;
  mgdl: number | null;
  flag?: string | null;
}

/**
 * mg/dL per minute over the valid readings (C/CX and display codes left out) of the 15 minutes up
 * to the newest one, not reaching back across a break of the glucose line; null when there are too
 * few. `readings` in any order.
 */
export function glucoseRateOfChange(readings: readonly RateReading[]): number | null {
  const valid = readings
    .filter((r) => r.mgdl !== null && Number.isFinite(r.mgdl) && !isInvalidReading(r.flag))
    .sort((a, b) => a.time - b.time);
  if (valid.length === 0) return null;
  const newest = valid[valid.length - 1]!.time;
  const used: RateReading[] = [valid[valid.length - 1]!];
  for (let i = valid.length - 2; i >= 0; i--) {
    const r = valid[i]!;
    if (newest - r.time > RATE_WINDOW_MS || breaksGlucoseLine(used[0]!.time - r.time)) break;
    used.unshift(r);
  }
  if (used.length < RATE_MIN_READINGS || newest - used[0]!.time < RATE_MIN_SPAN_MS) return null;
  const xs = used.map((r) => (r.time - newest) / 60_000);
  const ys = used.map((r) => r.mgdl!);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}
