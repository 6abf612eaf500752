import {
  checkDateRange,
  daysInclusive,
  MAX_RANGE_DAYS_LONG,
  presetEndDate,
  QUICK_PRINT_DURATIONS,
  rangeEndingOn,
  type EndDatePreset,
  type QuickPrintDuration,
} from '@cgm/domain';
import { sessionStore } from '../../../lib/storage';
import type { AgpBand } from '../report-params';
import type { ReportId } from '../report-catalog';

// Quick print (spec §9): a week, a month or a quarter ending on a preset, or a custom range, with
// the reports ticked, opened as /quickPrint{index}. The index turns 1…10 so up to ten quick prints
// stay open side by side, each its own document.

export interface QuickPrintChoice {
  duration: QuickPrintDuration;
  preset: EndDatePreset;
  customFrom: string;
  customTo: string;
  reports: ReportId[];
  band: AgpBand;
}

/**
 * What the period is, for the line under the choice: the days ending on the end date, a whole
 * calendar month or quarter, or the last 90 days of a quarter longer than a report may be.
 */
export type QuickSpan = 'days' | 'calendarMonth' | 'calendarQuarter' | 'quarterClipped' | 'custom';

export type QuickRange =
  { ok: true; from: string; to: string; span: QuickSpan } | { ok: false; problem: string };

/**
 * The dates of a quick print. "Month" ending on the last day of last month is that calendar month
 * and "quarter" ending on the last day of last quarter that calendar quarter, as a clinician's
 * monthly or quarterly review means; ending on another preset they are the 30 or 90 days up to it.
 * A calendar quarter of 91 or 92 days is printed as its last 90 days (a report covers at most 90).
 */
export function quickRange(c: QuickPrintChoice, today: string): QuickRange {
  if (c.duration === 'custom') {
    const check = checkDateRange(c.customFrom, c.customTo, MAX_RANGE_DAYS_LONG);
    return check.ok
      ? { ok: true, from: c.customFrom, to: c.customTo, span: 'custom' }
      : { ok: false, problem: check.problem ?? 'messages.dateSelectionWrong' };
  }
  const to = presetEndDate(c.preset, today);
  if (c.duration === 'month' && c.preset === 'lastDayOfLastMonth') {
    return { ok: true, from: `${to.slice(0, 8)}01`, to, span: 'calendarMonth' };
  }
  if (c.duration === 'quarter' && c.preset === 'lastDayOfLastQuarter') {
    const month = Number(to.slice(5, 7)) - 2;
    const from = `${to.slice(0, 5)}${String(month).padStart(2, '0')}-01`;
    if (daysInclusive(from, to) <= MAX_RANGE_DAYS_LONG)
      return { ok: true, from, to, span: 'calendarQuarter' };
    return { ok: true, from: rangeEndingOn(to, MAX_RANGE_DAYS_LONG).startDay, to, span: 'quarterClipped' };
  }
  const r = rangeEndingOn(to, QUICK_PRINT_DURATIONS[c.duration]);
  return { ok: true, from: r.startDay, to: r.endDay, span: 'days' };
}

const INDEX_KEY = 'reports.quickPrintIndex'; // i18n-scan: storage key

export function nextQuickPrintIndex(store = sessionStore()): number {
  const last = Number(store.getItem(INDEX_KEY) ?? 0);
  const next = (Number.isInteger(last) && last >= 1 && last < 10 ? last : 0) + 1;
  store.setItem(INDEX_KEY, String(next));
  return next;
}
