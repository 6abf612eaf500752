// Daily profile (AGP) and segment view (CLINICAL.md "Daily profile (AGP) and segment view"; spec
// §9 "Report bins"): readings placed by local time of day into bins starting at 00:00, per bin the
// count and type 7 percentiles; an empty bin has null percentiles, never zero.

import { quantileOfRange } from './quantile';
import { orderByValue } from './sort';
import type { Readings } from './readings';
import { MS_PER_DAY, MS_PER_MINUTE, prepareReadings } from './readings';

/** 144 ten-minute bins (daily profile) or 48 half-hour bins (segment view). */
export const PROFILE_BIN_MINUTES = 10;
export const SEGMENT_BIN_MINUTES = 30;
/** The portal's percentiles (spec §9). */
export const PROFILE_PERCENTILES: readonly number[] = [10, 25, 50, 75, 90];
/** The AGP report convention (Battelino 2019), which the report may offer instead. */
export const AGP_PERCENTILES: readonly number[] = [5, 25, 50, 75, 95];

export interface DailyProfileOptions {
  /** Minutes per bin; must divide 1440. 10 (default, 144 bins) or 30 (48 bins). */
  binMinutes?: number;
  /** Percentiles 0–100; default [10, 25, 50, 75, 90]. */
  percentiles?: readonly number[];
  /** Epoch ms period [from, to); default: all readings. */
  from?: number;
  to?: number;
}

export interface ProfileBin {
  startMinute: number;
  count: number;
  percentiles: Record<number, number | null>;
}

/** The same bins column-wise: bin b starts at startMinute[b]; percentiles.get(p)[b] (null: empty bin). */
export interface DailyProfileColumns {
  binMinutes: number;
  startMinute: number[];
  count: number[];
  percentiles: Map<number, Array<number | null>>;
}

export function dailyProfile(readings: Readings, options: DailyProfileOptions = {}): ProfileBin[] {
  const columns = dailyProfileColumns(readings, options);
  return columns.startMinute.map((startMinute, b) => {
    const row: Record<number, number | null> = {};
    for (const [p, column] of columns.percentiles) row[p] = column[b]!;
    return { startMinute, count: columns.count[b]!, percentiles: row };
  });
}

/**
 * dailyProfile column-wise: one array per percentile instead of an object per bin, for reports
 * that draw many profiles (a daily median curve per date of 90 days).
 */
export function dailyProfileColumns(
  readings: Readings,
  options: DailyProfileOptions = {},
): DailyProfileColumns {
  const binMinutes = options.binMinutes ?? PROFILE_BIN_MINUTES;
  if (!Number.isInteger(binMinutes) || binMinutes <= 0 || 1440 % binMinutes !== 0) {
    throw new RangeError(`binMinutes must divide 1440, got ${binMinutes}`);
  }
  const percentiles = options.percentiles ?? PROFILE_PERCENTILES;
  for (const p of percentiles) {
    if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be in [0, 100], got ${p}`);
  }
  const binCount = 1440 / binMinutes;
  const binMs = binMinutes * MS_PER_MINUTE;
  const { n, times, values, offsets } = prepareReadings(readings, options.from, options.to);

  // Bin of each reading by local time of day (UTC time plus the reading's own offset).
  const binOf = new Uint16Array(n);
  const counts = new Uint32Array(binCount);
  for (let i = 0; i < n; i++) {
    const local = times[i]! + offsets[i]! * MS_PER_MINUTE;
    const msOfDay = local - Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
    const bin = Math.floor(msOfDay / binMs);
    binOf[i] = bin;
    counts[bin]!++;
  }
  const starts = new Uint32Array(binCount + 1);
  for (let b = 0; b < binCount; b++) starts[b + 1] = starts[b]! + counts[b]!;
  const fill = starts.slice(0, binCount);
  const grouped = new Float64Array(n);

  // Radix order for whole mg/dL: readings by value first, then distributed to their bins in that
  // order, so each bin's slice comes out sorted. Other values: distribute, then sort each slice.
  const byValue = orderByValue(values, n);
  for (let k = 0; k < n; k++) {
    const i = byValue === null ? k : byValue[k]!;
    grouped[fill[binOf[i]!]!++] = values[i]!;
  }
  if (byValue === null) {
    for (let b = 0; b < binCount; b++) grouped.subarray(starts[b]!, starts[b + 1]!).sort();
  }

  const out: DailyProfileColumns = {
    binMinutes,
    startMinute: Array.from({ length: binCount }, (_, b) => b * binMinutes),
    count: Array.from({ length: binCount }, (_, b) => starts[b + 1]! - starts[b]!),
    percentiles: new Map(),
  };
  for (const p of percentiles) {
    const column: Array<number | null> = new Array(binCount);
    for (let b = 0; b < binCount; b++) {
      const start = starts[b]!;
      const end = starts[b + 1]!;
      column[b] = end > start ? quantileOfRange(grouped, start, end, p / 100) : null;
    }
    out.percentiles.set(p, column);
  }
  return out;
}

/** The 48-bin segment view (spec §9): the same rules with 30-minute bins. */
export function segmentProfile(
  readings: Readings,
  options: Omit<DailyProfileOptions, 'binMinutes'> = {},
): ProfileBin[] {
  return dailyProfile(readings, { ...options, binMinutes: SEGMENT_BIN_MINUTES });
}
