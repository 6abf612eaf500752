// Covered time, valid days and sensor wear (CLINICAL.md "Sampling interval and coverage", "valid
// day", "Sensor wear"; spec §9 "Valid day needs over 84600 s of data"). Each reading stands for its
// source's sampling interval, so a 5-minute or a 1-minute source is measured as truly as the
// portal's 2-minute sensor; no rule here counts readings as if they were 2 minutes apart.

import type { PreparedReadings, Readings } from './readings';
import {
  dayNumberToKey,
  localDayNumber,
  MS_PER_MINUTE,
  prepareReadings,
  readingIntervalMin,
  SAMPLING_INTERVAL_MIN,
} from './readings';

export const VALID_DAY_MIN_SECONDS = 84_600;
export const SECONDS_PER_DAY = 86_400;

export interface DayCoverage {
  /** Local date YYYY-MM-DD. */
  day: string;
  count: number;
  /** Covered time: Σ of the readings' intervals, capped at the local day's length and at 86400. */
  seconds: number;
  /** More than 84600 s of data. */
  valid: boolean;
}

export interface CoverageOptions {
  from?: number;
  to?: number;
  /** Interval in minutes of a reading that carries none; the portal's sensor reads every 2. */
  intervalMin?: number;
}

/** Σ of the readings' intervals in ms (readings without one count `defaultMin`). */
export function intervalSumMs(p: PreparedReadings, defaultMin: number = SAMPLING_INTERVAL_MIN): number {
  let minutes = 0;
  if (p.intervals === undefined) minutes = p.n * defaultMin;
  else for (let i = 0; i < p.n; i++) minutes += readingIntervalMin(p, i, defaultMin);
  return minutes * MS_PER_MINUTE;
}

/**
 * Covered time of the period [from, to) in seconds: Σ over its readings (duplicates removed) of
 * each one's interval, capped at the period's length. 0 for an empty or reversed period.
 */
export function coveredSeconds(
  readings: Readings,
  from: number,
  to: number,
  intervalMin: number = SAMPLING_INTERVAL_MIN,
): number {
  if (!(to > from)) return 0;
  const covered = intervalSumMs(prepareReadings(readings, from, to), intervalMin);
  return Math.min(covered, to - from) / 1000;
}

interface DayTally {
  count: number;
  minutes: number;
  firstOffset: number;
  lastOffset: number;
}

/**
 * Coverage of each local day that has readings, in calendar order. A day runs from local midnight
 * at its first reading's offset to the next at its last reading's (23 or 25 hours on a
 * daylight-saving change), and its covered time is capped at that length, then at 86400 s.
 */
export function validDays(readings: Readings, options: CoverageOptions = {}): DayCoverage[] {
  const defaultMin = options.intervalMin ?? SAMPLING_INTERVAL_MIN;
  const p = prepareReadings(readings, options.from, options.to);
  const days = new Map<number, DayTally>();
  for (let i = 0; i < p.n; i++) {
    const offset = p.offsets[i]!;
    const day = localDayNumber(p.times[i]!, offset);
    const minutes = readingIntervalMin(p, i, defaultMin);
    const tally = days.get(day);
    if (tally === undefined) days.set(day, { count: 1, minutes, firstOffset: offset, lastOffset: offset });
    else {
      tally.count++;
      tally.minutes += minutes;
      tally.lastOffset = offset; // readings are in time order: the last seen is the latest
    }
  }
  return [...days.keys()]
    .sort((a, b) => a - b)
    .map((d) => {
      const t = days.get(d)!;
      const length = SECONDS_PER_DAY + (t.firstOffset - t.lastOffset) * 60;
      const seconds = Math.min(SECONDS_PER_DAY, length, t.minutes * 60);
      return { day: dayNumberToKey(d), count: t.count, seconds, valid: seconds > VALID_DAY_MIN_SECONDS };
    });
}

export function validDayCount(readings: Readings, options: CoverageOptions = {}): number {
  return validDays(readings, options).filter((d) => d.valid).length;
}

/**
 * Sensor wear, % of the period with data: covered time ÷ period length × 100, capped at 100
 * (CLINICAL.md "Sensor wear"); for the portal's 2-minute sensor, readings × 2 min ÷ period.
 * `intervalMin` is the interval of readings that carry none. Null for an empty or reversed period.
 */
export function sensorWear(
  readings: Readings,
  from: number,
  to: number,
  intervalMin: number = SAMPLING_INTERVAL_MIN,
): number | null {
  if (!(to > from)) return null;
  const covered = intervalSumMs(prepareReadings(readings, from, to), intervalMin);
  return Math.min(100, (covered / (to - from)) * 100);
}
