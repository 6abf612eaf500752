// Calendar arithmetic on ISO dates (YYYY-MM-DD), without time zones or the clock: "today" is
// always an argument, in the patient's local calendar.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date; NaN when it is not a calendar date. */
export function isoToDayNumber(iso: string): number {
  const m = ISO_DAY.exec(iso);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const check = new Date(t);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return Number.NaN;
  return t / DAY_MS;
}

export function isIsoDay(s: string): boolean {
  return !Number.isNaN(isoToDayNumber(s));
}

export function dayNumberToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function requireDay(iso: string): number {
  const d = isoToDayNumber(iso);
  if (Number.isNaN(d)) throw new RangeError(`not an ISO date: ${iso}`);
  return d;
}

export function addDays(iso: string, days: number): string {
  return dayNumberToIso(requireDay(iso) + days);
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(iso: string): number {
  return (((requireDay(iso) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** Days from start to end, both included: the same day is 1. */
export function daysInclusive(startIso: string, endIso: string): number {
  return requireDay(endIso) - requireDay(startIso) + 1;
}

/** Epoch ms of local midnight of a date at a UTC offset. */
export function localMidnight(iso: string, utcOffsetMin: number = 0): number {
  return requireDay(iso) * DAY_MS - utcOffsetMin * 60_000;
}

/**
 * [from, to) epoch ms of the local days start…end (both included). The offsets are those in force
 * at the start and at the end, which differ when the range crosses a daylight-saving change.
 */
export function dayRangeBounds(
  startIso: string,
  endIso: string,
  utcOffsetMin: number = 0,
  endUtcOffsetMin: number = utcOffsetMin,
): { from: number; to: number } {
  return {
    from: localMidnight(startIso, utcOffsetMin),
    to: localMidnight(addDays(endIso, 1), endUtcOffsetMin),
  };
}

export function lastDayOfMonth(year: number, month: number): string {
  return dayNumberToIso(Date.UTC(year, month, 0) / DAY_MS);
}
