// Coverage of a day from figures the database computed (CLINICAL.md "valid day", "Sampling
// interval and coverage"; spec §9 "Valid day needs over 84600 s of data"): the same rule as
// validDays, e.g. for the data map of a year that should not carry every reading to the server.

import type { DayCoverage } from './days';
import { SECONDS_PER_DAY, VALID_DAY_MIN_SECONDS } from './days';
import { SAMPLING_INTERVAL_MIN } from './readings';

/**
 * From the day's reading count of one source with one interval (the portal's sensor by default).
 * A day mixing sources needs coverageOfSeconds with Σ count × interval over its sources.
 */
export function coverageOfCount(
  day: string,
  count: number,
  intervalMin: number = SAMPLING_INTERVAL_MIN,
): DayCoverage {
  return coverageOfSeconds(day, count, count * intervalMin * 60);
}

/**
 * From the day's reading count and covered seconds (Σ over its readings of each one's interval),
 * capped at the local day's length (23 or 25 hours on a daylight-saving change) and at 86400 s.
 */
export function coverageOfSeconds(
  day: string,
  count: number,
  seconds: number,
  dayLengthSeconds: number = SECONDS_PER_DAY,
): DayCoverage {
  const capped = Math.min(SECONDS_PER_DAY, dayLengthSeconds, seconds);
  return { day, count, seconds: capped, valid: capped > VALID_DAY_MIN_SECONDS };
}
