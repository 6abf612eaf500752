import type { PatternFindingItem } from '@cgm/contract';
import { chartPath } from '../report-catalog';

// What the patterns list needs besides the texts: whether a finding is about lows, and the
// address of the one-day daily report of each day it rests on (issue 18 items 4 and 5).

export const isLowFinding = (f: Pick<PatternFindingItem, 'kind'>) =>
  f.kind === 'nightLows' || f.kind === 'recurringLows';

/** The daily report (chart1) opened on that one day, in the unit the list is shown in. */
export function dayReportHref(uid: string, day: string, unit: string | null): string {
  const q = new URLSearchParams({ uid, from: day, to: day, day });
  if (unit) q.set('unit', unit);
  return `${chartPath(1)}?${q.toString()}`;
}

/** Minutes after midnight as a wall-clock instant at UTC (for the time formatter); 24:00 is midnight. */
export const minuteInstant = (minutes: number) => (minutes % 1440) * 60_000;
