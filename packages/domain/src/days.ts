// Valid days and sensor wear (CLINICAL.md "valid day", "Sensor wear"; spec §9 "Valid day needs
// over 84600 s of data").

import type { Readings } from './readings';
import {
  dayNumberToKey,
  localDayNumber,
  MS_PER_MINUTE,
  prepareReadings,
  SAMPLING_INTERVAL_MIN,
} from './readings';

export const VALID_DAY_MIN_SECONDS = 84_600;
export const SECONDS_PER_DAY = 86_400;

export interface DayCoverage {
  /** Local date YYYY-MM-DD. */
  day: string;
  count: number;
  /** readings × sampling interval, capped at 86400. */
  seconds: number;
  /** More than 84600 s of data. */
  valid: boolean;
}

export interface CoverageOptions {
  from?: number;
  to?: number;
  /** Sampling interval in minutes; the portal's sensor reads every 2. */
  intervalMin?: number;
}

/** Coverage of each local day that has readings, in calendar order. */
export function validDays(readings: Readings, options: CoverageOptions = {}): DayCoverage[] {
  const intervalSeconds = (options.intervalMin ?? SAMPLING_INTERVAL_MIN) * 60;
  const { n, times, offsets } = prepareReadings(readings, options.from, options.to);
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const day = localDayNumber(times[i]!, offsets[i]!);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.keys()]
    .sort((a, b) => a - b)
    .map((d) => {
      const count = counts.get(d)!;
      const seconds = Math.min(SECONDS_PER_DAY, count * intervalSeconds);
      return { day: dayNumberToKey(d), count, seconds, valid: seconds > VALID_DAY_MIN_SECONDS };
    });
}

export function validDayCount(readings: Readings, options: CoverageOptions = {}): number {
  return validDays(readings, options).filter((d) => d.valid).length;
}

/**
 * Sensor wear, % of the period with data: readings ÷ (period ÷ sampling interval) × 100, capped
 * at 100 (CLINICAL.md). Null for an empty or reversed period.
 */
export function sensorWear(
  readings: Readings,
  from: number,
  to: number,
  intervalMin: number = SAMPLING_INTERVAL_MIN,
): number | null {
  if (!(to > from)) return null;
  const { n } = prepareReadings(readings, from, to);
  const expected = (to - from) / (intervalMin * MS_PER_MINUTE);
  return Math.min(100, (n / expected) * 100);
}
