import { describe, expect, it } from 'vitest';
import { dailyMode, shownDay, stepDay } from './daily-day';

const range = { from: '2026-11-13', to: '2026-11-26' };
const today = '2026-11-26';

describe('dailyMode', () => {
  it('opens on one day on screen, keeps the whole range as an option, prints every day', () => {
    expect(dailyMode(null, false)).toBe('day');
    expect(dailyMode('day', false)).toBe('day');
    expect(dailyMode('all', false)).toBe('all');
    expect(dailyMode(null, true)).toBe('all');
  });
});

describe('shownDay', () => {
  it('shows the chosen day inside the range, else the last day', () => {
    expect(shownDay(range, '2026-11-20')).toBe('2026-11-20');
    expect(shownDay(range, '2026-11-13')).toBe('2026-11-13');
    expect(shownDay(range, '2026-11-12')).toBe('2026-11-26');
    expect(shownDay(range, null)).toBe('2026-11-26');
  });
});

describe('stepDay', () => {
  it('moves the day inside the range', () => {
    expect(stepDay(range, '2026-11-20', -1, today)).toEqual({ ...range, day: '2026-11-19' });
    expect(stepDay(range, '2026-11-20', 1, today)).toEqual({ ...range, day: '2026-11-21' });
  });
  it('has no next day after the patient today', () => {
    expect(stepDay(range, '2026-11-26', 1, today)).toBeNull();
  });
  it('moves the range back by its length past its first day', () => {
    expect(stepDay(range, '2026-11-13', -1, today)).toEqual({
      day: '2026-11-12',
      from: '2026-10-30',
      to: '2026-11-12',
    });
  });
  it('moves the range on past its last day, never past today', () => {
    const old = { from: '2026-11-01', to: '2026-11-14' };
    expect(stepDay(old, '2026-11-14', 1, today)).toEqual({
      day: '2026-11-15',
      from: '2026-11-13',
      to: '2026-11-26',
    });
    const early = { from: '2026-10-01', to: '2026-10-14' };
    expect(stepDay(early, '2026-10-14', 1, today)).toEqual({
      day: '2026-10-15',
      from: '2026-10-15',
      to: '2026-10-28',
    });
  });
  it('works across a month and a year end', () => {
    expect(stepDay({ from: '2026-01-01', to: '2026-01-01' }, '2026-01-01', -1, today)).toEqual({
      day: '2025-12-31',
      from: '2025-12-31',
      to: '2025-12-31',
    });
  });
});
