import { describe, expect, it } from 'vitest';
import { leftOutDays } from './dashboard';

const coverage = [
  { day: '2026-11-01', count: 720, valid: true },
  { day: '2026-11-02', count: 250, valid: false },
  { day: '2026-11-03', count: 0, valid: false },
];

describe('leftOutDays', () => {
  it('are the dates with readings that are not valid days, with "valid days only" on', () => {
    expect([...leftOutDays(coverage, true)]).toEqual(['2026-11-02']);
  });
  it('are none with every day counted, and a date without readings is never one', () => {
    expect(leftOutDays(coverage, false).size).toBe(0);
    expect(leftOutDays(coverage, true).has('2026-11-03')).toBe(false);
  });
});
