import type { BasalPatternName, PdmSettings } from '@cgm/contract';
import { roundInsulin } from '@cgm/domain';

// PDM settings as tables (spec §3 "Device settings reviewed"): each 24-hour schedule as rows
// from a start to the next start, and each basal pattern's daily total.

export interface ScheduleRow<T> {
  startMin: number;
  endMin: number;
  segment: T;
}

/** Rows of a schedule whose segments run from their start to the next start, the last to 24:00. */
export function scheduleRows<T extends { start_min: number }>(schedule: readonly T[]): ScheduleRow<T>[] {
  return schedule.map((segment, i) => ({
    startMin: segment.start_min,
    endMin: schedule[i + 1]?.start_min ?? 1440,
    segment,
  }));
}

/** Units a basal pattern delivers in 24 hours, rounded to 0.05 U (spec §5). */
export function basalDailyTotal(schedule: PdmSettings['basal']['patterns'][BasalPatternName]): number {
  return roundInsulin(
    scheduleRows(schedule).reduce((sum, r) => sum + (r.segment.rate * (r.endMin - r.startMin)) / 60, 0),
  );
}

/** A minute of the day as epoch ms of a UTC day, for formatting as a time of day with Intl in UTC. */
export function minuteAsUtc(minuteOfDay: number): number {
  return Date.UTC(2000, 0, 1) + minuteOfDay * 60_000;
}

/** The patterns in the order of spec §4 "Pump modes", the active one first. */
export function patternOrder(settings: PdmSettings): BasalPatternName[] {
  const all = Object.keys(settings.basal.patterns) as BasalPatternName[];
  return [settings.basal.active_pattern, ...all.filter((p) => p !== settings.basal.active_pattern)];
}
