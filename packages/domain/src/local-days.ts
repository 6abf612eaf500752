// Readings grouped by the patient's local day (UTC time plus each reading's UTC offset; DESIGN.md
// "reports group by the patient's local day"), as objects or column-wise.

import type { PreparedReadings } from './readings';
import { dayNumberToKey, localDayNumber } from './readings';

/**
 * Readings grouped by local day, days in calendar order, readings in the given order within a day.
 * Works on anything with a time and an optional UTC offset (glucose, boluses, events).
 */
export function groupByLocalDay<T extends { time: number; utcOffsetMin?: number }>(
  items: readonly T[],
): Map<string, T[]> {
  const byDay = new Map<number, T[]>();
  for (const item of items) {
    const day = localDayNumber(item.time, item.utcOffsetMin ?? 0);
    const list = byDay.get(day);
    if (list) list.push(item);
    else byDay.set(day, [item]);
  }
  const out = new Map<string, T[]>();
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) out.set(dayNumberToKey(day), byDay.get(day)!);
  return out;
}

/**
 * groupByLocalDay for readings given column-wise: the same days in calendar order, each day's
 * readings (with their intervals, when given) in the given order. A day whose readings are
 * consecutive (time-ordered input) is a view of the columns, not a copy.
 */
export function columnsByLocalDay(c: PreparedReadings): Map<string, PreparedReadings> {
  const days = new Float64Array(c.n);
  let ordered = true;
  for (let i = 0; i < c.n; i++) {
    days[i] = localDayNumber(c.times[i]!, c.offsets[i]!);
    if (i > 0 && days[i]! < days[i - 1]!) ordered = false;
  }
  const out = new Map<string, PreparedReadings>();
  if (ordered) {
    for (let start = 0; start < c.n;) {
      let end = start + 1;
      while (end < c.n && days[end] === days[start]) end++;
      const day: PreparedReadings = {
        n: end - start,
        times: c.times.subarray(start, end),
        values: c.values.subarray(start, end),
        offsets: c.offsets.subarray(start, end),
      };
      if (c.intervals !== undefined) day.intervals = c.intervals.subarray(start, end);
      out.set(dayNumberToKey(days[start]!), day);
      start = end;
    }
    return out;
  }
  const byDay = new Map<number, number[]>();
  for (let i = 0; i < c.n; i++) {
    const list = byDay.get(days[i]!);
    if (list) list.push(i);
    else byDay.set(days[i]!, [i]);
  }
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const index = byDay.get(day)!;
    const list: PreparedReadings = {
      n: index.length,
      times: Float64Array.from(index, (i) => c.times[i]!),
      values: Float64Array.from(index, (i) => c.values[i]!),
      offsets: Float64Array.from(index, (i) => c.offsets[i]!),
    };
    if (c.intervals !== undefined) list.intervals = Float64Array.from(index, (i) => c.intervals![i]!);
    out.set(dayNumberToKey(day), list);
  }
  return out;
}
