/** Today's calendar date where the user is, as YYYY-MM-DD. */
export function localTodayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    date.getUTCFullYear() === Number(m[1]) &&
    date.getUTCMonth() === Number(m[2]) - 1 &&
    date.getUTCDate() === Number(m[3])
  );
}

/**
 * The instants [from, to) of the viewer's local days `fromIso`…`toIso` (both included), for the
 * operation histories' date filters; either may be empty. The times are the viewer's, like the
 * tables'. Calendar days, not 24-hour steps: the day the clocks go back has 25 hours.
 */
export function localDayBounds(fromIso: string, toIso: string): { from?: number; to?: number } {
  const midnight = (iso: string, plusDays = 0): number | undefined => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    if (!m) return undefined;
    return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).getTime();
  };
  const out: { from?: number; to?: number } = {};
  const from = midnight(fromIso);
  const to = midnight(toIso, 1);
  if (from !== undefined) out.from = from;
  if (to !== undefined) out.to = to;
  return out;
}
