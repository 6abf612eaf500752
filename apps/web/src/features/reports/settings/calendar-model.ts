import { addDays, dayOfWeek, lastDayOfMonth } from '@cgm/domain';

// The data map calendar's months (pure): weeks starting on Monday, each cell a local date or
// null (padding), with whether it has data, is a valid day, is chosen and can be chosen.

export type DataState = 'none' | 'partial' | 'valid';

export interface CalendarCell {
  day: string;
  data: DataState;
  inRange: boolean;
  future: boolean;
}

export interface CalendarMonth {
  key: string;
  year: number;
  month: number;
  weeks: Array<Array<CalendarCell | null>>;
}

export function monthOf(iso: string): { year: number; month: number } {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

export function shiftMonth(ym: { year: number; month: number }, by: number): { year: number; month: number } {
  const n = ym.year * 12 + (ym.month - 1) + by;
  return { year: Math.floor(n / 12), month: (n % 12) + 1 };
}

export function buildMonth(
  ym: { year: number; month: number },
  data: ReadonlyMap<string, boolean>,
  range: { from: string | null; to: string | null },
  today: string,
): CalendarMonth {
  const first = `${ym.year}-${String(ym.month).padStart(2, '0')}-01`;
  const last = lastDayOfMonth(ym.year, ym.month);
  const lead = (dayOfWeek(first) + 6) % 7; // Monday first
  const cells: Array<CalendarCell | null> = Array.from({ length: lead }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const valid = data.get(d);
    cells.push({
      day: d,
      data: valid === undefined ? 'none' : valid ? 'valid' : 'partial',
      inRange: range.from !== null && d >= range.from && d <= (range.to ?? range.from),
      future: d > today,
    });
  }
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<CalendarCell | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { key: first.slice(0, 7), year: ym.year, month: ym.month, weeks };
}

/**
 * A click on the calendar: the first click (or one after a full range) starts a new range, the
 * second ends it; a second click before the start starts again from there.
 */
export function pickDay(
  range: { from: string | null; to: string | null },
  day: string,
): { from: string; to: string | null } {
  if (range.from === null || range.to !== null) return { from: day, to: null };
  if (day < range.from) return { from: day, to: null };
  return { from: range.from, to: day };
}
