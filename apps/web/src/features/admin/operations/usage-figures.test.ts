import { describe, expect, it } from 'vitest';
import { figuresByCountry, figuresByDay } from './usage-figures';

const row = (day: string, country: string, uploads: number, active = 1) => ({
  day, country, uploads, active_patients: active, sensors_started: 0, patches_started: 1, new_accounts: 0,
}); // prettier-ignore

describe('usage figures', () => {
  const rows = [row('2026-11-18', 'DE', 2), row('2026-11-18', 'FR', 1), row('2026-11-20', 'DE', 5, 2)];

  it('adds countries per day and fills days without rows with zeros', () => {
    const days = figuresByDay(rows, ['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(days.map((d) => [d.day, d.uploads, d.active_patients, d.patches_started])).toEqual([
      ['2026-11-18', 3, 2, 2],
      ['2026-11-19', 0, 0, 0],
      ['2026-11-20', 5, 2, 1],
    ]);
  });

  it('adds days per country, most uploads first', () => {
    expect(figuresByCountry(rows).map((c) => [c.country, c.uploads, c.active_patients])).toEqual([
      ['DE', 7, 3],
      ['FR', 1, 1],
    ]);
  });
});
