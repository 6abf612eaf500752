// The length and covered time of a statistics period and the eA1c/GMI rules on them (CLINICAL.md
// "eA1c", "GMI", "Sampling interval and coverage"): covered time is Σ of the readings' sampling
// intervals, never a count that assumes the portal's 2 minutes.

import { intervalSumMs } from './days';
import type { EA1cWithheld, GmiWithheld } from './glycemic-indices';
import { eA1cWithheldReason, gmiWithheldReason } from './glycemic-indices';
import type { Readings } from './readings';
import { MS_PER_DAY, MS_PER_MINUTE, prepareReadings, readingIntervalMin } from './readings';

export interface PeriodOptions {
  /** Epoch ms; the period is [from, to). Default: first reading to last + its interval. */
  from?: number;
  to?: number;
  /** Length in days when the period is not one span (a report on valid days only). */
  periodDays?: number;
}

export interface PeriodCoverage {
  /** Length of the period in days, which coverage and the eA1c/GMI rules use. */
  days: number;
  /** Σ of the readings' sampling intervals in seconds, capped at the period's length. */
  coveredSeconds: number;
  /** Covered time ÷ period × 100 (≤ 100); null for a period of no length. */
  coveragePct: number | null;
  /** Why eA1c is withheld (covered time not above 80 %), or null when it is shown. */
  eA1cWithheld: EA1cWithheld | null;
  /** Why GMI is withheld (under 14 days; covered time under 70 %), or null when it is shown. */
  gmiWithheld: GmiWithheld | null;
}

export function periodCoverage(readings: Readings, options: PeriodOptions = {}): PeriodCoverage {
  const p = prepareReadings(readings, options.from, options.to);
  const { n, times } = p;
  const spanFrom = options.from ?? (n > 0 ? times[0]! : 0);
  // The last reading covers its own interval: the default period ends there.
  const spanTo = options.to ?? (n > 0 ? times[n - 1]! + readingIntervalMin(p, n - 1) * MS_PER_MINUTE : 0);
  const periodMs =
    options.periodDays !== undefined ? options.periodDays * MS_PER_DAY : Math.max(0, spanTo - spanFrom);
  const coveredMs = Math.min(intervalSumMs(p), periodMs);
  return {
    days: options.periodDays ?? periodMs / MS_PER_DAY,
    coveredSeconds: coveredMs / 1000,
    coveragePct: periodMs > 0 ? (coveredMs / periodMs) * 100 : null,
    eA1cWithheld: eA1cWithheldReason(coveredMs / 1000, periodMs / 1000),
    gmiWithheld: gmiWithheldReason(coveredMs / 1000, periodMs / 1000),
  };
}
