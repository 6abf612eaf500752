import { describe, expect, it } from 'vitest';
import { checkExportRange, exportFileName, localIsoDay, rangeEndingToday } from './export-range';

describe('export range (spec §5)', () => {
  it('offers ranges ending today', () => {
    const now = new Date(2026, 10, 21, 15, 0).getTime();
    expect(localIsoDay(now)).toBe('2026-11-21');
    expect(rangeEndingToday(14, now)).toEqual({ from: '2026-11-08', to: '2026-11-21' });
    expect(rangeEndingToday(1, now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
  });

  it.each([
    ['2026-08-05', '2026-11-02', undefined],
    ['2026-08-04', '2026-11-02', 'messages.moreThan90Days'],
    ['2026-11-03', '2026-11-02', 'messages.endBeforeStart'],
    ['', '2026-11-02', 'messages.dateSelectionWrong'],
  ])('%s to %s: %s', (from, to, problem) => {
    expect(checkExportRange(from, to).problem).toBe(problem);
  });

  it('names the file after the range and format', () => {
    expect(exportFileName('2026-11-02', '2026-11-03', 'csv')).toBe('cgm-export-2026-11-02-2026-11-03.csv');
  });
});
