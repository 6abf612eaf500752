import { addDays, checkDateRange, daysInclusive, isIsoDay } from '@cgm/domain';

// The earlier period of the compare report, kept in the address (?base_from=&base_to=) like the
// report's own range, so a comparison can be linked, reloaded and printed as shown.

export interface BaseRange {
  from: string;
  to: string;
  /** i18n key of spec §8 when the chosen earlier period cannot be shown. */
  problem: string | null;
  /** Whether the address chose it (else: the same length just before the later period). */
  chosen: boolean;
}

/**
 * The earlier period: the one the address names when both its dates are valid, else the same
 * number of days just before the later period (14 before the default 14, as Clarity compares).
 */
export function baseRange(
  sp: URLSearchParams,
  later: { from: string; to: string },
  maxDays: number,
): BaseRange {
  const from = sp.get('base_from');
  const to = sp.get('base_to');
  if (from && to && isIsoDay(from) && isIsoDay(to)) {
    const check = checkDateRange(from, to, maxDays);
    return {
      from,
      to,
      problem: check.ok ? null : (check.problem ?? 'messages.dateSelectionWrong'),
      chosen: true,
    };
  }
  const days = daysInclusive(later.from, later.to);
  return { from: addDays(later.from, -days), to: addDays(later.from, -1), problem: null, chosen: false };
}

/** The address with this earlier period, or without one (the default) when null. */
export function writeBaseRange(
  sp: URLSearchParams,
  base: { from: string; to: string } | null,
): URLSearchParams {
  const next = new URLSearchParams(sp);
  if (base) {
    next.set('base_from', base.from);
    next.set('base_to', base.to);
  } else {
    next.delete('base_from');
    next.delete('base_to');
  }
  return next;
}
