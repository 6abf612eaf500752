// Area under the curve above or below a limit (CLINICAL.md "Area under the curve"): the exact
// integral of max(0, g(t) − T) (or max(0, T − g(t))) with g linear between consecutive readings at
// most 15 minutes apart; no area across longer gaps. Reported per day of data.

import { MS_PER_HOUR, MS_PER_MINUTE } from './readings';

export const AUC_MAX_GAP_MS = 15 * MS_PER_MINUTE;

/**
 * Integral over one interval of length `hours` of the positive part of a linear function going
 * from a to b: the trapezium when both are above zero, the triangle above zero when it crosses.
 */
export function positivePartArea(a: number, b: number, hours: number): number {
  if (a >= 0 && b >= 0) return ((a + b) / 2) * hours;
  if (a <= 0 && b <= 0) return 0;
  const top = a > 0 ? a : b;
  // The line crosses zero at the fraction top / (|a| + |b|) of the interval from the positive end.
  return (top * top * hours) / (2 * (Math.abs(a) + Math.abs(b)));
}

export interface AucResult {
  /** mg/dL·h per day of data, or null when no interval is bridged. */
  abovePerDay: number | null;
  belowPerDay: number | null;
  /** Summed hours of bridged intervals. */
  coveredHours: number;
}

/** AUC of time-ordered, de-duplicated readings (see readings.ts prepareReadings). */
export function areaUnderCurve(
  times: Float64Array,
  values: Float64Array,
  n: number,
  above: number,
  below: number,
): AucResult {
  let areaAbove = 0;
  let areaBelow = 0;
  let covered = 0;
  for (let i = 1; i < n; i++) {
    const dt = times[i]! - times[i - 1]!;
    if (dt > AUC_MAX_GAP_MS) continue;
    const hours = dt / MS_PER_HOUR;
    covered += hours;
    const g0 = values[i - 1]!;
    const g1 = values[i]!;
    areaAbove += positivePartArea(g0 - above, g1 - above, hours);
    areaBelow += positivePartArea(below - g0, below - g1, hours);
  }
  if (covered === 0) return { abovePerDay: null, belowPerDay: null, coveredHours: 0 };
  const days = covered / 24;
  return { abovePerDay: areaAbove / days, belowPerDay: areaBelow / days, coveredHours: covered };
}
