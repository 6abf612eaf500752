import { describe, expect, it } from 'vitest';
import { dayReportHref, isLowFinding, minuteInstant } from './pattern-view';

describe('patterns list helpers', () => {
  it('links a day to the one-day daily report in the shown unit', () => {
    expect(dayReportHref('p 1', '2026-01-17', 'mmol/L')).toBe(
      '/Hcp/charts/chart1?uid=p+1&from=2026-01-17&to=2026-01-17&day=2026-01-17&unit=mmol%2FL',
    );
    expect(dayReportHref('p1', '2026-01-17', null)).toBe(
      '/Hcp/charts/chart1?uid=p1&from=2026-01-17&to=2026-01-17&day=2026-01-17',
    );
  });

  it('tells lows from highs', () => {
    expect(
      ['nightLows', 'recurringLows', 'postMealHighs', 'recurringHighs'].map((kind) =>
        isLowFinding({ kind: kind as never }),
      ),
    ).toEqual([true, true, false, false]);
  });

  it('turns minutes after midnight into a time of day, 24:00 into midnight', () => {
    expect([minuteInstant(0), minuteInstant(360), minuteInstant(1440)]).toEqual([0, 21_600_000, 0]);
  });
});
