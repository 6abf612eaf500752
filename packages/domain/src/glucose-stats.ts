// Statistics of a period (CLINICAL.md "Readings used in statistics"; spec §3 "Statistics", §9).
// One pass over time-ordered readings for the sums, counts and risk, one for the area, and the
// quartiles by a linear-time route (counting sort for whole mg/dL, else quickselect).

import { areaUnderCurve } from './auc';
import type { GriZone } from './glycemic-indices';
import {
  estimatedA1c,
  glucoseManagementIndicator,
  glycemiaRiskIndex,
  griZone,
  hasSufficientReadings,
  kovatchevFFast,
} from './glycemic-indices';
import { quantilesOf } from './select';
import {
  DEFAULT_AUC_ABOVE,
  DEFAULT_AUC_BELOW,
  DEFAULT_TARGET_HIGH,
  DEFAULT_TARGET_LOW,
  HIGH_ABOVE,
  LOW_BELOW,
  VERY_HIGH_ABOVE,
  VERY_LOW_BELOW,
} from './ranges';
import type { Readings } from './readings';
import { MS_PER_DAY, MS_PER_MINUTE, prepareReadings, SAMPLING_INTERVAL_MIN } from './readings';

export interface GlucoseStatsOptions {
  /** Epoch ms; the period is [from, to). Default: the readings' span (first to last + 2 min). */
  from?: number;
  to?: number;
  /** The user's target range in mg/dL (settings target_low/target_high); default 70 and 180. */
  targetLow?: number;
  targetHigh?: number;
  /** AUC limits in mg/dL; default 198 and 93.6 (11.0 and 5.2 mmol/L, spec §9). */
  aucAbove?: number;
  aucBelow?: number;
  /**
   * Length of the period in days for the sufficiency rule, when the period is not one span: a
   * report on valid days only leaves gaps, and its period is the number of days kept.
   */
  periodDays?: number;
}

export interface TimeInRanges {
  veryLow: number;
  low: number;
  inRange: number;
  high: number;
  veryHigh: number;
}

/** With no readings, count is 0 and every figure null; no figure is ever NaN. */
export interface GlucoseStats {
  count: number;
  mean: number | null;
  /** Sample SD (n − 1); null with fewer than 2 readings. */
  sd: number | null;
  /** 100·sd/mean, %. */
  cv: number | null;
  min: number | null;
  max: number | null;
  median: number | null;
  q1: number | null;
  q3: number | null;
  iqr: number | null;
  /** Percent of readings per consensus band. */
  timeInRanges: TimeInRanges | null;
  /** Percent of readings within the user's target range, bounds included. */
  inTarget: number | null;
  /** mg/dL·h per day of data; null when no two readings are 15 minutes or less apart. */
  aucAbove: number | null;
  aucBelow: number | null;
  /** Null unless the period has more than 576 readings per day (spec §9). */
  eA1c: number | null;
  gmi: number | null;
  gri: number | null;
  griZone: GriZone | null;
  lbgi: number | null;
  hbgi: number | null;
  /** Length of the period in days, which the sufficiency rule uses. */
  days: number;
  /** Whether eA1c and GMI are shown (count > 576 × days). */
  sufficient: boolean;
}

function emptyStats(days: number): GlucoseStats {
  return {
    count: 0, mean: null, sd: null, cv: null, min: null, max: null, median: null, q1: null, q3: null,
    iqr: null, timeInRanges: null, inTarget: null, aucAbove: null, aucBelow: null, eA1c: null,
    gmi: null, gri: null, griZone: null, lbgi: null, hbgi: null, days, sufficient: false,
  }; // prettier-ignore
}

export function glucoseStats(readings: Readings, options: GlucoseStatsOptions = {}): GlucoseStats {
  const { n, times, values } = prepareReadings(readings, options.from, options.to);
  const spanFrom = options.from ?? (n > 0 ? times[0]! : 0);
  const spanTo = options.to ?? (n > 0 ? times[n - 1]! + SAMPLING_INTERVAL_MIN * MS_PER_MINUTE : 0);
  const days = options.periodDays ?? Math.max(0, spanTo - spanFrom) / MS_PER_DAY;
  if (n === 0) return emptyStats(days);

  const targetLow = options.targetLow ?? DEFAULT_TARGET_LOW;
  const targetHigh = options.targetHigh ?? DEFAULT_TARGET_HIGH;
  // Sums shifted by the first value keep the variance exact for values far from zero.
  const shift = values[0]!;
  let sum = 0;
  let sumSq = 0;
  let min = Infinity;
  let max = -Infinity;
  let veryLow = 0;
  let low = 0;
  let high = 0;
  let veryHigh = 0;
  let inTarget = 0;
  let lowRisk = 0;
  let highRisk = 0;
  for (let i = 0; i < n; i++) {
    const g = values[i]!;
    const d = g - shift;
    sum += d;
    sumSq += d * d;
    if (g < min) min = g;
    if (g > max) max = g;
    if (g < LOW_BELOW) {
      if (g < VERY_LOW_BELOW) veryLow++;
      else low++;
    } else if (g > HIGH_ABOVE) {
      if (g > VERY_HIGH_ABOVE) veryHigh++;
      else high++;
    }
    if (g >= targetLow && g <= targetHigh) inTarget++;
    const f = kovatchevFFast(g);
    if (f < 0) lowRisk += 10 * f * f;
    else highRisk += 10 * f * f;
  }
  const mean = shift + sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) : null;
  const sd = variance === null ? null : Math.sqrt(variance);

  const [q1, median, q3] = quantilesOf(values, n, [0.25, 0.5, 0.75]) as [number, number, number];
  const pct = 100 / n;
  const timeInRanges: TimeInRanges = {
    veryLow: veryLow * pct,
    low: low * pct,
    inRange: (n - veryLow - low - high - veryHigh) * pct,
    high: high * pct,
    veryHigh: veryHigh * pct,
  };
  const gri = glycemiaRiskIndex(timeInRanges);
  const auc = areaUnderCurve(
    times,
    values,
    n,
    options.aucAbove ?? DEFAULT_AUC_ABOVE,
    options.aucBelow ?? DEFAULT_AUC_BELOW,
  );
  const sufficient = hasSufficientReadings(n, days);
  return {
    count: n,
    mean,
    sd,
    cv: sd === null || mean === 0 ? null : (100 * sd) / mean,
    min,
    max,
    median,
    q1,
    q3,
    iqr: q3 - q1,
    timeInRanges,
    inTarget: inTarget * pct,
    aucAbove: auc.abovePerDay,
    aucBelow: auc.belowPerDay,
    eA1c: sufficient ? estimatedA1c(mean) : null,
    gmi: sufficient ? glucoseManagementIndicator(mean) : null,
    gri,
    griZone: griZone(gri),
    lbgi: lowRisk / n,
    hbgi: highRisk / n,
    days,
    sufficient,
  };
}
