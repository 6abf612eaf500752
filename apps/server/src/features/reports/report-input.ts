import {
  dayNumberToKey,
  glucoseStats,
  insulinByLocalDay,
  isoToDayNumber,
  localDayNumber,
  localMidnight,
  summarizeInsulin,
  validDays,
  type BasalSegment,
  type BolusRecord,
  type DailyInsulin,
  type GlucoseStats,
  type InsulinSummary,
  type PreparedReadings,
} from '@cgm/domain';
import type { DayCoverageItem } from '@cgm/contract';
import type { GlucoseSeries } from './readings.repository';
import type { BasalColumns } from './packed';
import type { LocalRange, Thresholds } from './report-range';
import type { BolusRow } from './reports.repository';

/** The glucose of a report: readings of the range's local dates, and those its statistics use. */
export interface GlucoseInput {
  /**
   * Every reading whose local date (its own UTC offset) is in the range, time-ordered, column-wise
   * (no object per reading: the domain takes columns, and 90 days are 65,000 readings).
   */
  all: PreparedReadings;
  /** `all`, or only the readings of valid days when the report asks for valid days only. */
  used: PreparedReadings;
  /** Every local date of the range, with its reading count and validity (domain validDays). */
  coverage: DayCoverageItem[];
  valid: Set<string>;
  /** [fromMs, toMs): local midnight of the first date to local midnight after the last. */
  fromMs: number;
  toMs: number;
  /** The period length for the sufficiency rule when only valid days are used. */
  periodDays: number | undefined;
}

/** The readings i of `source` for which keep(i) holds, in order. */
function pick(
  n: number,
  source: {
    times: ArrayLike<number>;
    values: ArrayLike<number>;
    offsets: ArrayLike<number>;
    intervals?: ArrayLike<number>;
  },
  keep: (i: number) => boolean,
): PreparedReadings {
  const index = new Uint32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (keep(i)) index[k++] = i;
  const out: PreparedReadings = {
    n: k,
    times: new Float64Array(k),
    values: new Float64Array(k),
    offsets: new Float64Array(k),
    intervals: new Float64Array(k),
  };
  const intervals = out.intervals!;
  for (let j = 0; j < k; j++) {
    const i = index[j]!;
    out.times[j] = source.times[i]!;
    out.values[j] = source.values[i]!;
    out.offsets[j] = source.offsets[i]!;
    intervals[j] = source.intervals?.[i] ?? Number.NaN;
  }
  return out;
}

export function glucoseInput(
  series: GlucoseSeries,
  range: LocalRange,
  validOnly: boolean,
  fallbackOffset: number,
): GlucoseInput {
  const n = series.time.length;
  const source = {
    times: series.time,
    values: series.mgdl,
    offsets: series.utcOffsetMin,
    intervals: series.intervalMin,
  };
  const all = pick(n, source, (i) => {
    const day = localDayNumber(series.time[i]!, series.utcOffsetMin[i]!);
    return day >= range.startDay && day <= range.endDay;
  });
  const counted = new Map(validDays(all).map((d) => [d.day, d]));
  const coverage: DayCoverageItem[] = [];
  for (let d = range.startDay; d <= range.endDay; d++) {
    const day = dayNumberToKey(d);
    const c = counted.get(day);
    coverage.push({ day, count: c?.count ?? 0, valid: c?.valid ?? false });
  }
  const valid = new Set(coverage.filter((c) => c.valid).map((c) => c.day));
  const validDay = new Set([...valid].map(isoToDayNumber));
  const used = validOnly
    ? pick(all.n, all, (i) => validDay.has(localDayNumber(all.times[i]!, all.offsets[i]!)))
    : all;
  // The range's ends at the offsets in force there (a range may cross a daylight-saving change).
  const firstOffset = all.n > 0 ? all.offsets[0]! : fallbackOffset;
  const lastOffset = all.n > 0 ? all.offsets[all.n - 1]! : fallbackOffset;
  return {
    all,
    used,
    coverage,
    valid,
    fromMs: localMidnight(range.from, firstOffset),
    toMs: localMidnight(dayNumberToKey(range.endDay + 1), lastOffset),
    periodDays: validOnly ? valid.size : undefined,
  };
}

/** The statistics of the range (domain glucoseStats) with the report's thresholds. */
export function rangeStats(g: GlucoseInput, t: Thresholds): GlucoseStats {
  return glucoseStats(g.used, {
    from: g.fromMs,
    to: g.toMs,
    targetLow: t.target_low,
    targetHigh: t.target_high,
    aucAbove: t.auc_above,
    aucBelow: t.auc_below,
    ...(g.periodDays === undefined ? {} : { periodDays: g.periodDays }),
  });
}

export function basalSegments(cols: BasalColumns): BasalSegment[] {
  const out: BasalSegment[] = new Array(cols.n);
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  for (let i = 0; i < cols.n; i++) {
    const basal = cols.autoBasal[i]!;
    const corr = cols.autoCorr[i]!;
    const food = cols.autoFood[i]!;
    const segment: BasalSegment = {
      start: cols.start[i]!,
      utcOffsetMin: cols.utcOffsetMin[i]!,
      durationMin: cols.durationMin[i]!,
      rate: cols.rate[i]!,
      delivered: cols.delivered[i]!,
      type: cols.code[i]!,
    };
    if (!Number.isNaN(basal) || !Number.isNaN(corr) || !Number.isNaN(food)) {
      segment.autoDeliveries = { basal: orNull(basal), correction: orNull(corr), food: orNull(food) };
    }
    out[i] = segment;
  }
  return out;
}

export function bolusRecords(rows: readonly BolusRow[]): BolusRecord[] {
  return rows.map((b) => ({
    time: b.time,
    utcOffsetMin: b.utc_offset_min,
    code: b.code,
    delivered: b.delivered,
    ...(b.extended_delivered === null ? {} : { extendedDelivered: b.extended_delivered }),
    ...(b.extended_duration_min === null ? {} : { extendedDurationMin: b.extended_duration_min }),
    ...(b.details ? { details: b.details as BolusRecord['details'] } : {}),
  }));
}

/** Insulin per local date of the range (domain insulinByLocalDay); valid days only when asked. */
export function insulinDays(
  basal: readonly BasalSegment[],
  boluses: readonly BolusRecord[],
  range: LocalRange,
  keep: ((day: string) => boolean) | null,
): DailyInsulin[] {
  return insulinByLocalDay(basal, boluses).filter(
    (r) => r.day >= range.from && r.day <= range.to && (keep === null || keep(r.day)),
  );
}

export function insulinOf(days: readonly DailyInsulin[]): InsulinSummary {
  return summarizeInsulin(days);
}
