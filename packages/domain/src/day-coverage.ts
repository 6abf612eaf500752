// Coverage of a day from its reading count alone (CLINICAL.md "valid day"; spec §9 "Valid day
// needs over 84600 s of data"): the same rule as validDays, for a count the database computed,
// e.g. the data map of a year that should not carry every reading to the server.

import type { DayCoverage } from './days';
import { SECONDS_PER_DAY, VALID_DAY_MIN_SECONDS } from './days';
import { SAMPLING_INTERVAL_MIN } from './readings';

export function coverageOfCount(
  day: string,
  count: number,
  intervalMin: number = SAMPLING_INTERVAL_MIN,
): DayCoverage {
  const seconds = Math.min(SECONDS_PER_DAY, count * intervalMin * 60);
  return { day, count, seconds, valid: seconds > VALID_DAY_MIN_SECONDS };
}
