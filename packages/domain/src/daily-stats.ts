// Statistics per local day, for the daily report and the logbook: the readings of each local day
// (UTC time plus the reading's offset) with that day as the period, so a day's sufficiency rule
// sees its true length, 23 or 25 hours on a daylight-saving change.

import type { GlucoseStats, GlucoseStatsOptions } from './glucose-stats';
import { glucoseStats } from './glucose-stats';
import type { GlucoseReading } from './readings';
import { groupByLocalDay, localDayNumber, MS_PER_DAY, MS_PER_MINUTE } from './readings';

export interface DayStats {
  /** Local date YYYY-MM-DD. */
  day: string;
  /** Epoch ms [from, to) of the local day. */
  from: number;
  to: number;
  stats: GlucoseStats;
}

/**
 * One entry per local day with readings, in calendar order. The day runs from local midnight at
 * the offset of its first reading to the next local midnight at the offset of its last reading.
 */
export function glucoseStatsByLocalDay(
  readings: readonly GlucoseReading[],
  options: Omit<GlucoseStatsOptions, 'from' | 'to'> = {},
): DayStats[] {
  const out: DayStats[] = [];
  for (const [day, list] of groupByLocalDay(readings)) {
    let first = list[0]!;
    let last = list[0]!;
    for (const r of list) {
      if (r.time < first.time) first = r;
      if (r.time > last.time) last = r;
    }
    const dayNumber = localDayNumber(first.time, first.utcOffsetMin ?? 0);
    const from = dayNumber * MS_PER_DAY - (first.utcOffsetMin ?? 0) * MS_PER_MINUTE;
    const to = (dayNumber + 1) * MS_PER_DAY - (last.utcOffsetMin ?? 0) * MS_PER_MINUTE;
    out.push({ day, from, to, stats: glucoseStats(list, { ...options, from, to }) });
  }
  return out;
}
