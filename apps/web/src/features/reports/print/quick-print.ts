import { checkDateRange, quickPrintRange, type EndDatePreset, type QuickPrintDuration } from '@cgm/domain';
import { sessionStore } from '../../../lib/storage';
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
}

export type QuickRange = { ok: true; from: string; to: string } | { ok: false; problem: string };

export function quickRange(c: QuickPrintChoice, today: string): QuickRange {
  if (c.duration === 'custom') {
    const check = checkDateRange(c.customFrom, c.customTo, 90);
    return check.ok
      ? { ok: true, from: c.customFrom, to: c.customTo }
      : { ok: false, problem: check.problem ?? 'messages.dateSelectionWrong' };
  }
  const r = quickPrintRange(c.duration, c.preset, today);
  return { ok: true, from: r.startDay, to: r.endDay };
}

const INDEX_KEY = 'reports.quickPrintIndex'; // i18n-scan: storage key

export function nextQuickPrintIndex(store = sessionStore()): number {
  const last = Number(store.getItem(INDEX_KEY) ?? 0);
  const next = (Number.isInteger(last) && last >= 1 && last < 10 ? last : 0) + 1;
  store.setItem(INDEX_KEY, String(next));
  return next;
}
