import { addDays, checkDateRange, MAX_RANGE_DAYS_LONG, type RangeCheck } from '@cgm/domain';

// The clinic export's date choice (spec §5 "Dates": end not before start, at most 90 days; §8
// messages). The same domain rule runs on the server, so the form and the API agree.

export const EXPORT_PRESETS_DAYS = [7, 14, 30, 90] as const;

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localIsoDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `days` days ending today (both included). */
export function rangeEndingToday(days: number, nowMs: number): { from: string; to: string } {
  const to = localIsoDay(nowMs);
  return { from: addDays(to, -(days - 1)), to };
}

export function checkExportRange(from: string, to: string): RangeCheck {
  return checkDateRange(from, to, MAX_RANGE_DAYS_LONG);
}

/** The file name the server gives the attachment (export.service.ts), for the browser's download. */
export function exportFileName(from: string, to: string, format: 'csv' | 'json'): string {
  return `cgm-export-${from}-${to}.${format}`;
}
