// Day-first or month-first: CSV exports write dates in the exporting portal's locale ("05-11-2026"
// is 5 November in Europe and May 11 in the US) and do not say which. The order is never guessed
// from the first rows or from the user's language: it is decided from every date of the file (a
// first number above 12 cannot be a month, nor a second one a day), or, when no date of the file
// tells, taken from the person importing, who is asked (imports screen). A file that shows both
// orders is refused: some of its dates would be read wrong whichever way.

import type { DateOrder } from '@cgm/contract';

export type { DateOrder };

export interface DateOrderDecision {
  /** The order the file's dates are read in; null when it has no day/month dates (ISO) or must ask. */
  order: DateOrder | null;
  /** Who decided: the file's own dates, or the person importing. */
  by: 'file' | 'user' | null;
  /** No date of the file tells and none was given: ask, with one of its dates as the example. */
  ask: string | null;
  /** The file has dates that are only valid day-first and others only month-first. */
  mixed: boolean;
}

const DATE = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/;

export function decideDateOrder(dates: readonly string[], given?: DateOrder): DateOrderDecision {
  let dayFirst = false;
  let monthFirst = false;
  let sample: string | null = null;
  for (const d of dates) {
    const m = DATE.exec(d);
    if (!m) continue;
    sample ??= d.trim();
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (dayFirst && monthFirst) return { order: null, by: null, ask: null, mixed: true };
  if (dayFirst || monthFirst) return { order: dayFirst ? 'dmy' : 'mdy', by: 'file', ask: null, mixed: false };
  if (sample === null) return { order: null, by: null, ask: null, mixed: false };
  if (given) return { order: given, by: 'user', ask: null, mixed: false };
  return { order: null, by: null, ask: sample, mixed: false };
}
