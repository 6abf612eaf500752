import type { UsageRow } from '@cgm/contract';

// Pure shaping of the usage rows (one per UTC day and country) for the charts and tables.

export const USAGE_METRICS = [
  'uploads',
  'active_patients',
  'sensors_started',
  'patches_started',
  'new_accounts',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export type Figures = Record<UsageMetric, number>;

const zero = (): Figures => ({
  uploads: 0,
  active_patients: 0,
  sensors_started: 0,
  patches_started: 0,
  new_accounts: 0,
});

function add(into: Figures, row: Figures): void {
  for (const m of USAGE_METRICS) into[m] += row[m];
}

/** One entry per day of `days` (days without rows give zeros), countries added together. */
export function figuresByDay(
  rows: readonly UsageRow[],
  days: readonly string[],
): Array<{ day: string } & Figures> {
  const map = new Map(days.map((d) => [d, zero()]));
  for (const r of rows) {
    const f = map.get(r.day);
    if (f) add(f, r);
  }
  return days.map((day) => ({ day, ...map.get(day)! }));
}

/**
 * One entry per country, days added together, largest uploads first. Active patients added over
 * days are patient-days (a patient active on 3 days counts 3): the screen says so.
 */
export function figuresByCountry(rows: readonly UsageRow[]): Array<{ country: string } & Figures> {
  const map = new Map<string, Figures>();
  for (const r of rows) {
    let f = map.get(r.country);
    if (!f) map.set(r.country, (f = zero()));
    add(f, r);
  }
  return [...map]
    .map(([country, f]) => ({ country, ...f }))
    .sort((a, b) => b.uploads - a.uploads || a.country.localeCompare(b.country));
}
