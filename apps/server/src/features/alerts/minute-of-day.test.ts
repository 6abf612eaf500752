import { describe, expect, it } from 'vitest';
import { minuteOfDayIn } from './minute-of-day';

describe('minuteOfDayIn', () => {
  it('counts minutes after local midnight in the follower’s zone, summer time included', () => {
    // 22:30 UTC is 23:30 in Berlin in January and 00:30 the next day in July.
    expect(minuteOfDayIn(Date.UTC(2026, 0, 15, 22, 30), 'Europe/Berlin')).toBe(23 * 60 + 30);
    expect(minuteOfDayIn(Date.UTC(2026, 6, 15, 22, 30), 'Europe/Berlin')).toBe(30);
    expect(minuteOfDayIn(Date.UTC(2026, 6, 15, 22, 30), 'Asia/Kolkata')).toBe(4 * 60);
  });

  it('reads midnight as minute 0, not 24 hours', () => {
    expect(minuteOfDayIn(Date.UTC(2026, 2, 1, 0, 0), 'UTC')).toBe(0);
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(minuteOfDayIn(Date.UTC(2026, 0, 15, 7, 5), 'Not/AZone')).toBe(7 * 60 + 5);
  });
});
