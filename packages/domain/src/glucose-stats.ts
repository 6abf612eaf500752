// Statistics of a period (CLINICAL.md "Readings used in statistics"; spec §3 "Statistics", §9).
// One pass over time-ordered readings for the sums, counts and risk, one for the area, and the
// quartiles by a linear-time route (counting sort for whole mg/dL, else quickselect). Time in
// ranges weights each reading by its source's sampling interval and eA1c/GMI rest on covered time
// (CLINICAL.md "Sampling interval and coverage"); mean, SD, percentiles and risk stay count-based.

import { areaUnderCurve } from './auc';
import type { GriZone } from './glycemic-indices';
import {
  estimatedA1c,
  glucoseManagementIndicator,
  glycemiaRiskIndex,
  griZone,
  kovatchevFFast,
} from './glycemic-indices';
import type { PeriodCoverage } from './period-coverage';
import { periodCoverage } from './period-coverage';
import { quantilesOf } from './select';
import {
  DEFAULT_AUC_ABOVE,
  DEFAULT_AUC_BELOW,
  DEFAULT_TARGET_HIGH,
  DEFAULT_TARGET_LOW,
  HIGH_ABOVE,
  LOW_BELOW,
  PREGNANCY_HIGH_ABOVE,
  PREGNANCY_LOW_BELOW,
  VERY_HIGH_ABOVE,
  VERY_LOW_BELOW,
} from './ranges';
import type { PreparedReadings, Readings } from './readings';
import { prepareReadings, readingIntervalMin } from './readings';

export interface GlucoseStatsOptions {
  /** Epoch ms; the period is [from, to). Default: the readings' span (first to last + its interval). */
  from?: number;
  to?: number;
  /** The user's target range in mg/dL (settings target_low/target_high); default 70 and 180. */
  targetLow?: number;
  targetHigh?: number;
  /** AUC limits in mg/dL; default 198 and 93.6 (11.0 and 5.2 mmol/L, spec §9). */
  aucAbove?: number;
  aucBelow?: number;
  /**
   * Length of the period in days for coverage and the eA1c/GMI rules, when the period is not one
   * span: a report on valid days only leaves gaps, and its period is the number of days kept.
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

/**
 * With no readings, count is 0 and every figure null; no figure is ever NaN. The period's length,
 * covered time and why eA1c or GMI is withheld come from PeriodCoverage.
 */
export interface GlucoseStats extends PeriodCoverage {
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
  /** Percent of time per consensus band: readings weighted by their interval (one source: share of readings). */
  timeInRanges: TimeInRanges | null;
  /**
   * The same with the pregnancy (type 1) limits of the consensus: low below 63, in range 63–140,
   * high above 140 mg/dL; very low (< 54) and very high (> 250) as above. Weighted the same way.
   */
  timeInPregnancyRanges: TimeInRanges | null;
  /** Percent of time within the user's target range, bounds included, weighted the same way. */
  inTarget: number | null;
  /** mg/dL·h per day of data; null when no two readings are 15 minutes or less apart. */
  aucAbove: number | null;
  aucBelow: number | null;
  /** Null unless covered time exceeds 80 % of the period (eA1cWithheld says why). */
  eA1c: number | null;
  /** Null unless the period is 14 days or more and covered at least 70 % (gmiWithheld says why). */
  gmi: number | null;
  /** From the interval-weighted band percentages. */
  gri: number | null;
  griZone: GriZone | null;
  lbgi: number | null;
  hbgi: number | null;
  /**
   * Whether eA1c is shown (eA1cWithheld === null). Before GMI had rules of its own, one flag
   * served both; callers reading it for GMI should read gmiWithheld.
   */
  sufficient: boolean;
}

function emptyStats(coverage: PeriodCoverage): GlucoseStats {
  return {
    count: 0, mean: null, sd: null, cv: null, min: null, max: null, median: null, q1: null, q3: null,
    iqr: null, timeInRanges: null, timeInPregnancyRanges: null, inTarget: null, aucAbove: null, aucBelow: null, eA1c: null,
    gmi: null, gri: null, griZone: null, lbgi: null, hbgi: null, ...coverage, sufficient: false,
  }; // prettier-ignore
}

/** Each reading's weight in time in ranges, or null when all are equal (then plain counts). */
function unequalWeights(p: PreparedReadings): Float64Array | null {
  if (p.intervals === undefined || p.n === 0) return null;
  // Plain loops (a 90-day dashboard asks this for the period and each of its days).
  const first = readingIntervalMin(p, 0);
  let i = 1;
  while (i < p.n && readingIntervalMin(p, i) === first) i++;
  if (i === p.n) return null;
  const w = new Float64Array(p.n);
  for (let k = 0; k < p.n; k++) w[k] = readingIntervalMin(p, k);
  return w;
}

export function glucoseStats(readings: Readings, options: GlucoseStatsOptions = {}): GlucoseStats {
  const prepared = prepareReadings(readings, options.from, options.to);
  const { n, times, values } = prepared;
  const coverage = periodCoverage(prepared, options);
  if (n === 0) return emptyStats(coverage);

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
  let belowPregnancyLow = 0;
  let abovePregnancyHigh = 0;
  let lowRisk = 0;
  let highRisk = 0;
  // One source (equal intervals): weight 1 each, so the bands are exactly the share of readings.
  const weights = unequalWeights(prepared);
  let totalWeight = 0;
  for (let i = 0; i < n; i++) {
    const g = values[i]!;
    const w = weights === null ? 1 : weights[i]!;
    totalWeight += w;
    const d = g - shift;
    sum += d;
    sumSq += d * d;
    if (g < min) min = g;
    if (g > max) max = g;
    if (g < LOW_BELOW) {
      if (g < VERY_LOW_BELOW) veryLow += w;
      else low += w;
    } else if (g > HIGH_ABOVE) {
      if (g > VERY_HIGH_ABOVE) veryHigh += w;
      else high += w;
    }
    if (g >= targetLow && g <= targetHigh) inTarget += w;
    if (g < PREGNANCY_LOW_BELOW) belowPregnancyLow += w;
    else if (g > PREGNANCY_HIGH_ABOVE) abovePregnancyHigh += w;
    const f = kovatchevFFast(g);
    if (f < 0) lowRisk += 10 * f * f;
    else highRisk += 10 * f * f;
  }
  const mean = shift + sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) : null;
  const sd = variance === null ? null : Math.sqrt(variance);

  const [q1, median, q3] = quantilesOf(values, n, [0.25, 0.5, 0.75]) as [number, number, number];
  const pct = 100 / totalWeight;
  const timeInRanges: TimeInRanges = {
    veryLow: veryLow * pct,
    low: low * pct,
    inRange: (totalWeight - veryLow - low - high - veryHigh) * pct,
    high: high * pct,
    veryHigh: veryHigh * pct,
  };
  const timeInPregnancyRanges: TimeInRanges = {
    veryLow: timeInRanges.veryLow,
    low: (belowPregnancyLow - veryLow) * pct,
    inRange: (totalWeight - belowPregnancyLow - abovePregnancyHigh) * pct,
    high: (abovePregnancyHigh - veryHigh) * pct,
    veryHigh: timeInRanges.veryHigh,
  };
  const gri = glycemiaRiskIndex(timeInRanges);
  const auc = areaUnderCurve(
    times,
    values,
    n,
    options.aucAbove ?? DEFAULT_AUC_ABOVE,
    options.aucBelow ?? DEFAULT_AUC_BELOW,
  );
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
    timeInPregnancyRanges,
    inTarget: inTarget * pct,
    aucAbove: auc.abovePerDay,
    aucBelow: auc.belowPerDay,
    eA1c: coverage.eA1cWithheld === null ? estimatedA1c(mean) : null,
    gmi: coverage.gmiWithheld === null ? glucoseManagementIndicator(mean) : null,
    gri,
    griZone: griZone(gri),
    lbgi: lowRisk / n,
    hbgi: highRisk / n,
    ...coverage,
    sufficient: coverage.eA1cWithheld === null,
  };
}
