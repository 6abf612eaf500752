import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatDateTime,
  formatDuration,
  formatRecordedDateTime,
  formatTime,
  intlLocale,
  utcOffsetLabel,
} from './format-time';

const MIN = 60_000;

describe('format-time', () => {
  it('formats a time of day in the language and zone', () => {
    const t = Date.UTC(2026, 10, 21, 14, 5);
    expect(formatTime(t, 'en-GB', 'UTC')).toBe('14:05');
    expect(formatTime(t, 'de', 'UTC')).toBe('14:05');
    expect(formatDateTime(t, 'en-GB', 'UTC')).toContain('14:05');
  });
  it('says how long ago', () => {
    expect(formatAge(30_000, 'en')).toBe('now');
    expect(formatAge(3 * MIN + 5_000, 'en')).toBe('3 minutes ago');
    expect(formatAge(3 * MIN, 'de')).toBe('vor 3 Minuten');
    expect(formatAge(125 * MIN, 'en')).toBe('2 hours ago');
    expect(formatAge(3 * 24 * 60 * MIN, 'en')).toBe('3 days ago');
  });
  it('gives the two largest parts of a duration', () => {
    expect(formatDuration((9 * 24 * 60 + 4 * 60 + 30) * MIN, 'en')).toBe('9 days 4 hr');
    expect(formatDuration((3 * 60 + 20) * MIN, 'en')).toBe('3 hr 20 min');
    expect(formatDuration(25 * MIN + 59_000, 'en')).toBe('25 min');
    expect(formatDuration(2 * 24 * 60 * MIN, 'en')).toBe('2 days');
    expect(formatDuration(-5, 'en')).toBe('0 min');
  });
});

describe('intlLocale (the country refines the language)', () => {
  it('adds the chosen country as the region', () => {
    expect(intlLocale('en', 'GB')).toBe('en-GB');
    expect(intlLocale('de', 'AT')).toBe('de-AT');
    expect(intlLocale('zh-TW', 'TW')).toBe('zh-TW');
    expect(intlLocale('en', null)).toBe('en');
  });

  it('gives a 24-hour clock to English in the United Kingdom and 12-hour in the United States', () => {
    const t = Date.UTC(2026, 10, 21, 23, 56);
    const fmt = (loc: string) =>
      new Intl.DateTimeFormat(intlLocale('en', loc), {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }).format(t);
    expect(fmt('GB')).toBe('23:56');
    expect(fmt('US')).toMatch(/11:56\s?PM/);
  });
});

describe('times as recorded', () => {
  it('shows the clock of the offset the time was recorded at, and names the offset', () => {
    const t = Date.UTC(2026, 10, 23, 3, 7);
    expect(formatRecordedDateTime(t, 480, 'de')).toContain('11:07');
    expect(formatRecordedDateTime(t, -300, 'de')).toContain('22:07');
    expect(utcOffsetLabel(480)).toBe('UTC+08:00');
    expect(utcOffsetLabel(-330)).toBe('UTC−05:30');
    expect(utcOffsetLabel(0)).toBe('UTC+00:00');
  });
});
