import { describe, expect, it } from 'vitest';
import type { PatientListItem } from '@cgm/contract';
import {
  deletePlan,
  glucoseCell,
  nextSort,
  pageAfterDeletion,
  patientViewPath,
  tirBar,
} from './patient-row-view';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();
const reading = (mgdl: number | null, secondsAgo = 60, extra: object = {}) => ({
  mgdl,
  time: at(secondsAgo),
  trend: 4,
  quality: null,
  code: null,
  ...extra,
});

describe('glucose cell', () => {
  it('shows the value in the unit with the trend arrow', () => {
    expect(glucoseCell(reading(126), 'mg/dL', NOW)).toMatchObject({ kind: 'value', value: 126, decimals: 0 });
    const mmol = glucoseCell(reading(126), 'mmol/L', NOW);
    expect(mmol).toMatchObject({ kind: 'value', value: 7, decimals: 1 });
    expect(mmol.trend?.direction).toBe('Flat');
  });

  it("shows '--' for no reading and for one older than 3600 s (spec §9)", () => {
    expect(glucoseCell(null, 'mg/dL', NOW).kind).toBe('none');
    expect(glucoseCell(reading(126, 3600), 'mg/dL', NOW).kind).toBe('value');
    expect(glucoseCell(reading(126, 3601), 'mg/dL', NOW).kind).toBe('stale');
  });

  it('shows High and Low beyond the display range, a display code, and C/CX at the bottom', () => {
    expect(glucoseCell(reading(450), 'mmol/L', NOW).kind).toBe('high');
    expect(glucoseCell(reading(40), 'mg/dL', NOW).kind).toBe('low');
    expect(glucoseCell(reading(null, 60, { code: 'H' }), 'mg/dL', NOW)).toMatchObject({
      kind: 'code',
      codeKey: 'sgCode.h',
    });
    expect(glucoseCell(reading(30, 60, { quality: 'C' }), 'mmol/L', NOW)).toMatchObject({
      kind: 'value',
      value: 2.2,
    });
  });

  it('marks a flagged reading as the monitor does: C/CX at the floor are not a measured low', () => {
    // A CX reading of 74 mg/dL shows as 40: without the note the list read "40 mg/dL ⇊".
    expect(glucoseCell(reading(74, 60, { quality: 'CX' }), 'mg/dL', NOW)).toMatchObject({
      kind: 'value',
      value: 40,
      flagKey: 'sgFlag.cx',
      // Nor does it carry an arrow: a calibration state has no direction.
      trend: null,
    });
    expect(glucoseCell(reading(126), 'mg/dL', NOW).trend?.direction).toBe('Flat');
    expect(glucoseCell(reading(126, 60, { quality: 'NC' }), 'mg/dL', NOW).flagKey).toBe('sgFlag.nc');
    expect(glucoseCell(reading(126), 'mg/dL', NOW).flagKey).toBeNull();
  });
});

describe('time in range bar', () => {
  it('gives the three segments and the percent in range, as whole percents adding up to 100', () => {
    expect(tirBar({ in_range: 72.6, below: 3.4, above: 24, readings: 9000, coverage: 89 })).toEqual({
      kind: 'bar',
      below: 3,
      inRange: 73,
      above: 24,
      label: 73,
    });
    expect(tirBar(null)).toEqual({ kind: 'none' });
  });

  it('never shows 101 %: each rounded alone, 0.5 + 49.5 + 50 would show 1 + 50 + 50', () => {
    const bar = tirBar({ in_range: 49.5, below: 0.5, above: 50, readings: 9000, coverage: 89 });
    expect(bar).toEqual({ kind: 'bar', below: 0, inRange: 50, above: 50, label: 50 });
  });

  it('says "not enough data" below 70 % of the expected readings, not a percentage', () => {
    const one = { in_range: 100, below: 0, above: 0, readings: 1, coverage: 100 / 10080 };
    expect(tirBar(one)).toEqual({ kind: 'insufficient', coverage: 100 / 10080 });
    expect(tirBar({ ...one, readings: 7055, coverage: 69.99 }).kind).toBe('insufficient');
    expect(tirBar({ ...one, readings: 7056, coverage: 70 }).kind).toBe('bar');
  });
});

describe('list helpers', () => {
  const item = (uid: string, deletes: boolean) => ({ uid, deletes_account: deletes }) as PatientListItem;
  it('splits a deletion into deleted accounts and removals', () => {
    const plan = deletePlan([item('a', true), item('b', false), item('c', true)], new Set(['a', 'b']));
    expect(plan.accounts.map((i) => i.uid)).toEqual(['a']);
    expect(plan.removals.map((i) => i.uid)).toEqual(['b']);
  });

  it('flips the order on the same column and starts others in a useful order, on page 1', () => {
    const s = { sort: 'name' as const, order: 'asc' as const, page: 3 };
    expect(nextSort(s, 'name')).toEqual({ sort: 'name', order: 'desc', page: 1 });
    expect(nextSort(s, 'glucose')).toEqual({ sort: 'glucose', order: 'desc', page: 1 });
    expect(nextSort(s, 'tir')).toEqual({ sort: 'tir', order: 'asc', page: 1 });
    // The riskiest, the most time low and the longest without data first; the least wear first.
    expect(nextSort(s, 'risk')).toEqual({ sort: 'risk', order: 'desc', page: 1 });
    expect(nextSort(s, 'very_low')).toEqual({ sort: 'very_low', order: 'desc', page: 1 });
    expect(nextSort(s, 'last_reading')).toEqual({ sort: 'last_reading', order: 'desc', page: 1 });
    expect(nextSort(s, 'wear')).toEqual({ sort: 'wear', order: 'asc', page: 1 });
  });

  it('opens the patient view, or the clinic’s', () => {
    expect(patientViewPath('a b', false)).toBe('/Hcp?uid=a%20b');
    expect(patientViewPath('x', true)).toBe('/ClinicHcp?uid=x');
  });
});

describe('pageAfterDeletion', () => {
  it('goes to the page before when every row of the last page was deleted', () => {
    expect(pageAfterDeletion({ page: 3, has_next: false, rows: 2 }, 2)).toBe(2);
    expect(pageAfterDeletion({ page: 2, has_next: false, rows: 1 }, 1)).toBe(1);
  });
  it('stays when rows remain, when later rows move up, and on page 1', () => {
    expect(pageAfterDeletion({ page: 3, has_next: false, rows: 2 }, 1)).toBe(3);
    expect(pageAfterDeletion({ page: 2, has_next: true, rows: 20 }, 20)).toBe(2);
    expect(pageAfterDeletion({ page: 1, has_next: false, rows: 3 }, 3)).toBe(1);
  });
});
