// 24-hour schedules (basal patterns, carbohydrate ratios, sensitivity, targets): a list of segments,
// each from its start minute after local midnight to the next start; the first starts at 0.

import { localMinuteOfDay, MS_PER_MINUTE } from '@cgm/domain';

export interface Segment {
  /** Minutes after local midnight. */
  startMin: number;
  value: number;
}

/** The segment value in force at a local minute of the day (0 ≤ minute < 1440). */
export function valueAt(segments: readonly Segment[], minuteOfDay: number): number {
  let value = segments[0]?.value ?? 0;
  for (const s of segments) {
    if (s.startMin > minuteOfDay) break;
    value = s.value;
  }
  return value;
}

/** Local minute of the day at a UTC time, whole minutes. */
export function minuteOfDay(time: number, utcOffsetMin: number): number {
  return Math.floor(localMinuteOfDay(time, utcOffsetMin));
}

/** The next time at or after `time` (whole minutes) when the schedule changes segment. */
export function nextBoundary(segments: readonly Segment[], time: number, utcOffsetMin: number): number {
  const m = minuteOfDay(time, utcOffsetMin);
  const next = segments.find((s) => s.startMin > m)?.startMin ?? 1440;
  return time + (next - m) * MS_PER_MINUTE;
}

export function scaleSegments(segments: readonly Segment[], factor: number, step: number): Segment[] {
  return segments.map((s) => ({ startMin: s.startMin, value: roundStep(s.value * factor, step) }));
}

export function roundStep(value: number, step: number): number {
  const decimals = step < 1 ? Math.ceil(-Math.log10(step)) + 1 : 0;
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/** The mean of a schedule over the day, weighted by duration (units per hour for a basal pattern). */
export function dailyMean(segments: readonly Segment[]): number {
  let total = 0;
  segments.forEach((s, i) => {
    const end = segments[i + 1]?.startMin ?? 1440;
    total += s.value * (end - s.startMin);
  });
  return total / 1440;
}
