// Sensor readings as the statistics see them (CLINICAL.md "Readings used in statistics"): in
// mg/dL, inside the period (start inclusive, end exclusive), exact duplicates (same time) removed,
// in time order. Reports group by the patient's local day, from each reading's UTC offset.

import { PORTAL_SENSOR_INTERVAL_MIN } from './sampling';

export interface GlucoseReading {
  /** Epoch milliseconds, UTC. */
  time: number;
  /** Sensor glucose in mg/dL. */
  mgdl: number;
  /** The device's UTC offset in minutes at that reading (e.g. 60 for CET, 120 for CEST). */
  utcOffsetMin?: number;
  /**
   * Sampling interval of the reading's source in minutes (sampling.ts; CLINICAL.md "Sampling
   * interval and coverage"): the covered time it stands for and its weight in time in ranges.
   * Absent: the portal's sensor, 2 minutes.
   */
  intervalMin?: number;
}

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;
/**
 * The portal's sensor samples every 2 minutes (CLINICAL.md "Sampling interval and coverage"): the
 * interval of a reading that carries none.
 */
export const SAMPLING_INTERVAL_MIN = PORTAL_SENSOR_INTERVAL_MIN;

/** Readings ready for the statistics: parallel typed arrays, time-ordered, unique times. */
export interface PreparedReadings {
  n: number;
  times: Float64Array;
  values: Float64Array;
  /** UTC offset in minutes of each reading (0 when the reading has none). */
  offsets: Float64Array;
  /**
   * Sampling interval in minutes of each reading (GlucoseReading.intervalMin). Absent: every
   * reading 2 minutes. An entry that is not a positive finite number (NaN for a reading given
   * without one) takes the default: readingIntervalMin.
   */
  intervals?: Float64Array;
}

/**
 * The interval in minutes of reading i: its own when it has a positive finite one, else
 * `defaultMin` (the portal's 2 minutes unless a caller states another).
 */
export function readingIntervalMin(
  c: PreparedReadings,
  i: number,
  defaultMin: number = SAMPLING_INTERVAL_MIN,
): number {
  const own = c.intervals === undefined ? Number.NaN : c.intervals[i]!;
  return own > 0 && own < Infinity ? own : defaultMin;
}

/**
 * Readings as objects, or column-wise (a server reading a 90-day report packs them so: no 65,000
 * objects). Every function taking them applies the same rules through prepareReadings.
 */
export type Readings = readonly GlucoseReading[] | PreparedReadings;

/** True for readings given column-wise. */
export function isColumns(readings: Readings): readings is PreparedReadings {
  return !Array.isArray(readings);
}

/** Columns that prepareReadings would give back unchanged: kept, without a copy. */
function alreadyPrepared(c: PreparedReadings, from: number, to: number): boolean {
  const { n, times, values } = c;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    const g = values[i]!;
    if (!(t >= from && t < to) || !(t > last) || !(g > 0 && g < Infinity)) return false;
    last = t;
  }
  return true;
}

/** The i-th of n readings given column-wise, as an object (the rare unordered case). */
function columnsAsObjects(c: PreparedReadings): GlucoseReading[] {
  return Array.from({ length: c.n }, (_, i) => ({
    time: c.times[i]!,
    mgdl: c.values[i]!,
    utcOffsetMin: c.offsets[i]!,
    ...(c.intervals === undefined ? {} : { intervalMin: c.intervals[i]! }),
  }));
}

function isSortedByTime(readings: readonly GlucoseReading[]): boolean {
  for (let i = 1; i < readings.length; i++) {
    if (readings[i]!.time < readings[i - 1]!.time) return false;
  }
  return true;
}

/**
 * Keeps readings with from ≤ time < to, a finite time and a positive finite value (0 or less is
 * not a measurement), sorts them by time (stable) and keeps the first of equal times, with its
 * interval. The result has `intervals` only when some reading has one (NaN for those without).
 */
export function prepareReadings(
  input: Readings,
  from: number = -Infinity,
  to: number = Infinity,
): PreparedReadings {
  if (isColumns(input) && alreadyPrepared(input, from, to)) return input;
  const readings = isColumns(input) ? columnsAsObjects(input) : input;
  const total = readings.length;
  let order: number[] | null = null;
  if (!isSortedByTime(readings)) {
    order = Array.from({ length: total }, (_, i) => i);
    // Array.prototype.sort is stable, so among equal times the first given stays first.
    order.sort((a, b) => readings[a]!.time - readings[b]!.time);
  }
  const times = new Float64Array(total);
  const values = new Float64Array(total);
  const offsets = new Float64Array(total);
  const intervals = readings.some((r) => r.intervalMin !== undefined) ? new Float64Array(total) : null;
  let n = 0;
  let last = Number.NaN;
  for (let k = 0; k < total; k++) {
    const r = readings[order === null ? k : order[k]!]!;
    const t = r.time;
    const g = r.mgdl;
    if (!(t >= from && t < to) || t === last || !(g > 0 && g < Infinity)) continue;
    times[n] = t;
    values[n] = g;
    offsets[n] = r.utcOffsetMin ?? 0;
    if (intervals !== null) intervals[n] = r.intervalMin ?? Number.NaN;
    last = t;
    n++;
  }
  return intervals === null ? { n, times, values, offsets } : { n, times, values, offsets, intervals };
}

/** Days since 1970-01-01 to a civil date (Hinnant's algorithm: exact, no Date object). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Local days since the epoch of a UTC time seen at a UTC offset. */
export function localDayNumber(timeMs: number, utcOffsetMin: number = 0): number {
  return Math.floor((timeMs + utcOffsetMin * MS_PER_MINUTE) / MS_PER_DAY);
}

/** The patient's local date `YYYY-MM-DD` of a UTC time seen at a UTC offset. */
export function localDayKey(timeMs: number, utcOffsetMin: number = 0): string {
  return dayNumberToKey(localDayNumber(timeMs, utcOffsetMin));
}

export function dayNumberToKey(dayNumber: number): string {
  const [y, m, d] = civilFromDays(dayNumber);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Minutes since local midnight, fractional (0 ≤ result < 1440). */
export function localMinuteOfDay(timeMs: number, utcOffsetMin: number = 0): number {
  const local = timeMs + utcOffsetMin * MS_PER_MINUTE;
  const ms = local - Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
  return ms / MS_PER_MINUTE;
}
