// What will happen to a sensor over its 14 days, drawn when it is inserted: the signal-loss gaps
// (a few per sensor, from minutes to a couple of hours), night-time compression artefacts,
// calibration requests in the daytime and, rarely, an early failure. All times are whole minutes.

import { MS_PER_DAY, MS_PER_MINUTE } from '@cgm/domain';
import type { Rng } from './random';
import { minuteOfDay } from './segments';

export const WARM_UP_MIN = 120;

export interface SensorSession {
  start: number;
  expires: number;
  warmupEnd: number;
  failAt: number | null;
  /** Interstitial lag time constant, minutes. */
  lagMin: number;
  gaps: Array<{ start: number; end: number }>;
  artifacts: Array<{ start: number; end: number; depth: number }>;
  calibrationRequests: number[];
}

const minute = (t: number) => Math.floor(t / MS_PER_MINUTE) * MS_PER_MINUTE;

/** A time on day `day` of the session, moved to the local clock window [fromMin, toMin). */
function atLocalTime(
  rng: Rng,
  start: number,
  day: number,
  fromMin: number,
  toMin: number,
  utcOffsetMin: number,
): number {
  const base = start + day * MS_PER_DAY;
  const want = rng.uniform(fromMin, toMin);
  let shift = want - minuteOfDay(base, utcOffsetMin);
  if (shift < 0) shift += 1440;
  return minute(base + shift * MS_PER_MINUTE);
}

/**
 * `maxGapMin` shortens the signal-loss gaps after they are drawn, so the same random draws are
 * made and the sensor's other plans (artefacts, calibration requests, failure) stay as they were.
 */
export function planSession(
  rng: Rng,
  start: number,
  utcOffsetMin: number,
  maxGapMin = Number.POSITIVE_INFINITY,
): SensorSession {
  const warmupEnd = start + WARM_UP_MIN * MS_PER_MINUTE;
  const expires = start + 14 * MS_PER_DAY;
  const gaps: SensorSession['gaps'] = [];
  const gapCount = rng.weighted([1, 3, 3, 2, 1]);
  for (let i = 0; i < gapCount; i++) {
    const gStart = minute(rng.uniform(warmupEnd + 60 * MS_PER_MINUTE, expires - 180 * MS_PER_MINUTE));
    const minutes = Math.min(maxGapMin, Math.round(Math.exp(rng.uniform(Math.log(6), Math.log(150)))));
    gaps.push({ start: gStart, end: gStart + minutes * MS_PER_MINUTE });
  }
  const artifacts: SensorSession['artifacts'] = [];
  const artifactCount = rng.weighted([3, 3, 1]);
  for (let i = 0; i < artifactCount; i++) {
    const aStart = atLocalTime(rng, start, rng.int(1, 12), 60, 300, utcOffsetMin);
    artifacts.push({
      start: aStart,
      end: aStart + rng.int(15, 45) * MS_PER_MINUTE,
      depth: rng.uniform(20, 55),
    });
  }
  const calibrationRequests: number[] = [];
  const requestCount = rng.weighted([2, 3, 2, 1]);
  for (let i = 0; i < requestCount; i++) {
    calibrationRequests.push(atLocalTime(rng, start, rng.int(1, 12), 540, 1200, utcOffsetMin));
  }
  const failAt = rng.chance(0.04)
    ? minute(rng.uniform(start + 2 * MS_PER_DAY, start + 12 * MS_PER_DAY))
    : null;
  return {
    start,
    expires,
    warmupEnd,
    failAt,
    lagMin: rng.uniform(5, 10),
    gaps,
    artifacts,
    calibrationRequests,
  };
}
