import { freshnessOf } from './device-status';
import { isLowQualityFlag, trendOfRate, type Trend } from './sg-flags';

/**
 * The trend arrow shown beside a live reading, the same on the monitor, the carer's card, the
 * patient list and the overview: none without a trend (rate 0); none beside a reading flagged C
 * or CX, a calibration state and not a measurement (CLINICAL.md), whose direction says nothing;
 * none once the reading is over 10 minutes old, when a trend says nothing about now (issue 16).
 */
export function shownTrend(
  rate: number | null | undefined,
  flag: unknown,
  timeMs: number,
  nowMs: number,
): Trend | null {
  if (typeof flag === 'string' && isLowQualityFlag(flag)) return null;
  if (freshnessOf(timeMs, nowMs) !== 'fresh') return null;
  const trend = trendOfRate(rate);
  return trend.rate === 0 ? null : trend;
}
