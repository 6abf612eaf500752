// A basal pattern's daily total (spec §3 "Device settings reviewed": basal patterns). A schedule is
// a list of segments, each running from its start to the next start, the last to midnight, so the
// total is Σ rate × hours of each segment, in U per day.

export interface ScheduleSegment {
  /** Minutes after local midnight; the first segment starts at 0. */
  start_min: number;
  /** U/h. */
  rate: number;
}

export function basalScheduleTotal(schedule: readonly ScheduleSegment[]): number {
  let total = 0;
  for (let i = 0; i < schedule.length; i++) {
    const end = i + 1 < schedule.length ? schedule[i + 1]!.start_min : 1440;
    total += (schedule[i]!.rate * (end - schedule[i]!.start_min)) / 60;
  }
  return total;
}
