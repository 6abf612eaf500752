import { addDays, daysInclusive } from '@cgm/domain';

// The one-day view of the daily report (issue 18 item 5): one date at a time with the previous and
// next day, the whole range (≤ 14 days) kept as an option. Pure, so every edge is tested.

export type DailyMode = 'day' | 'all';

/** `?view=all` shows every day of the range; on screen the report opens on one day, on paper on all. */
export function dailyMode(view: string | null, print: boolean): DailyMode {
  if (print) return 'all';
  return view === 'all' ? 'all' : 'day';
}

/** The day shown: `?day=` when it lies in the range, else the range's last day. */
export function shownDay(range: { from: string; to: string }, day: string | null): string {
  return day !== null && day >= range.from && day <= range.to ? day : range.to;
}

export interface DayMove {
  day: string;
  from: string;
  to: string;
}

/**
 * One day back or on. Inside the range only the day changes; past its edge the range moves along
 * by its own length (never past the patient's today), so the range bar keeps naming what is shown.
 * Null when the next day would be after today.
 */
export function stepDay(
  range: { from: string; to: string },
  day: string,
  step: -1 | 1,
  today: string,
): DayMove | null {
  const next = addDays(day, step);
  if (next > today) return null;
  if (next >= range.from && next <= range.to) return { day: next, from: range.from, to: range.to };
  const length = daysInclusive(range.from, range.to);
  let from = addDays(range.from, step * length);
  let to = addDays(range.to, step * length);
  if (to > today) {
    to = today;
    from = addDays(today, -(length - 1));
  }
  return { day: next, from, to };
}
