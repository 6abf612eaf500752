// Times, ages and durations through Intl in the current language (DESIGN.md "i18n"), shown in the
// viewer's time zone unless one is given. The chosen country refines the language's conventions
// (English in the United Kingdom writes 23:56, in the United States 11:56 PM).
import { localStore, sessionStore } from '../lib/storage';
import { readLocaleChoice } from './preferences';

/** The Intl locale: the language with the chosen country as its region, when it has none of its own. */
export function intlLocale(language: string, country: string | null = storedCountry()): string {
  if (!country || language.includes('-')) return language;
  const candidate = `${language}-${country}`;
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? language;
  } catch {
    return language;
  }
}

function storedCountry(): string | null {
  try {
    return readLocaleChoice(sessionStore(), localStore()).country;
  } catch {
    return null;
  }
}

export function formatTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(ms);
}

export function formatDateTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(ms);
}

/**
 * An instant as the clock where it was recorded showed it (its UTC offset in minutes): how reports
 * show device data and events (CLINICAL.md, the patient's local time), whatever the viewer's zone.
 */
export function formatRecordedDateTime(ms: number, offsetMin: number, language: string): string {
  return formatDateTime(ms + offsetMin * 60_000, language, 'UTC');
}

/** "UTC+08:00", "UTC−05:30", "UTC+00:00". */
export function utcOffsetLabel(offsetMin: number): string {
  const sign = offsetMin < 0 ? '−' : '+';
  const abs = Math.abs(offsetMin);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function formatDate(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone }).format(ms);
}

/** "3 minutes ago", "2 hours ago", "now": the age of something that happened `ageMs` ago. */
export function formatAge(ageMs: number, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.floor(Math.max(0, ageMs) / 60_000);
  if (minutes === 0) return rtf.format(0, 'second');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
}

function unit(value: number, u: 'day' | 'hour' | 'minute', language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
}

/** A duration as its two largest parts: "9 days 4 hr", "3 hr 20 min", "25 min". */
export function formatDuration(ms: number, language: string): string {
  const total = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0)
    return hours > 0
      ? `${unit(days, 'day', language)} ${unit(hours, 'hour', language)}`
      : unit(days, 'day', language);
  if (hours > 0)
    return minutes > 0
      ? `${unit(hours, 'hour', language)} ${unit(minutes, 'minute', language)}`
      : unit(hours, 'hour', language);
  return unit(minutes, 'minute', language);
}

/** A time of day as the clock where it was recorded showed it (its UTC offset in minutes). */
export function formatRecordedTime(ms: number, offsetMin: number, language: string): string {
  return formatTime(ms + offsetMin * 60_000, language, 'UTC');
}
