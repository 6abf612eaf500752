import {
  addDays,
  checkDateRange,
  daysInclusive,
  fromUnit,
  isIsoDay,
  MAX_RANGE_DAYS_SHORT,
  rangeEndingOn,
  roundGlucose,
  type GlucoseUnit,
} from '@cgm/domain';

// The choices every report shares, kept in the address so a report can be linked, reloaded and
// printed as shown (spec §5 "Dates", §9 durations and thresholds): the range of local dates, valid
// days only or all days, the four thresholds in mg/dL (typed in the display unit, converted here).

export interface Thresholds {
  target_low?: number;
  target_high?: number;
  auc_above?: number;
  auc_below?: number;
}
export const THRESHOLD_KEYS = ['target_low', 'target_high', 'auc_above', 'auc_below'] as const;
export type ThresholdKey = (typeof THRESHOLD_KEYS)[number];

const PARAM_OF: Record<ThresholdKey, string> = {
  target_low: 'tl',
  target_high: 'th',
  auc_above: 'aa',
  auc_below: 'ab',
};

export interface ReportParams {
  from: string | null;
  to: string | null;
  validOnly: boolean;
  thresholds: Thresholds;
}

/** Default length of a range when the address gives none (spec §9 durations). */
export const DEFAULT_DAYS = 14;

export function readParams(sp: URLSearchParams): ReportParams {
  const day = (k: string) => {
    const v = sp.get(k);
    return v && isIsoDay(v) ? v : null;
  };
  const thresholds: Thresholds = {};
  for (const key of THRESHOLD_KEYS) {
    const n = Number(sp.get(PARAM_OF[key]));
    if (sp.has(PARAM_OF[key]) && Number.isFinite(n) && n >= 40 && n <= 400) thresholds[key] = n;
  }
  return { from: day('from'), to: day('to'), validOnly: sp.get('valid') === '1', thresholds };
}

/** The address with these choices; other parameters (uid, paper) are kept. */
export function writeParams(sp: URLSearchParams, p: Partial<ReportParams>): URLSearchParams {
  const next = new URLSearchParams(sp);
  if (p.from !== undefined) setOrDelete(next, 'from', p.from);
  if (p.to !== undefined) setOrDelete(next, 'to', p.to);
  if (p.validOnly !== undefined) setOrDelete(next, 'valid', p.validOnly ? '1' : null);
  if (p.thresholds) {
    for (const key of THRESHOLD_KEYS) {
      const v = p.thresholds[key];
      setOrDelete(next, PARAM_OF[key], v === undefined ? null : String(Math.round(v * 10) / 10));
    }
  }
  return next;
}

function setOrDelete(sp: URLSearchParams, key: string, value: string | null): void {
  if (value === null) sp.delete(key);
  else sp.set(key, value);
}

export interface EffectiveRange {
  from: string;
  to: string;
  days: number;
  /** i18n key of spec §8 when the chosen range does not fit this report. */
  problem: string | null;
}

/**
 * The range a report shows: the chosen one, or the DEFAULT_DAYS ending on the patient's today.
 * A range longer than the report allows is refused with its message (the report then offers the
 * last `maxDays` of it), never cut silently.
 */
export function effectiveRange(p: ReportParams, maxDays: number, today: string): EffectiveRange {
  const to = p.to ?? (p.from ? addDays(p.from, Math.min(DEFAULT_DAYS, maxDays) - 1) : today);
  const from = p.from ?? rangeEndingOn(to, Math.min(DEFAULT_DAYS, maxDays)).startDay;
  const check = checkDateRange(from, to, maxDays);
  return { from, to, days: daysInclusive(from, to), problem: check.ok ? null : (check.problem ?? null) };
}

/** The last `maxDays` of a range that is too long (what a 14-day report offers instead). */
export function clipToLast(
  range: { from: string; to: string },
  maxDays: number,
): { from: string; to: string } {
  if (daysInclusive(range.from, range.to) <= maxDays) return range;
  return { from: rangeEndingOn(range.to, maxDays).startDay, to: range.to };
}

/** The durations a view offers (spec §9): 7, 14, 30, 90, within its maximum. */
export function durationsFor(maxDays: number): number[] {
  return [7, 14, 30, 90].filter((d) => d <= maxDays);
}

export const isShortView = (maxDays: number) => maxDays <= MAX_RANGE_DAYS_SHORT;

/**
 * The choices a chart-data call uses. "Valid days only" does not apply to the daily report (dd):
 * each day is shown as it is, so it is not asked for and the answer says all days were used.
 */
export function chartParams(kind: 'ds' | 'dd' | 'ol' | 'ta' | 'lgb', p: ReportParams): ReportParams {
  return kind === 'dd' && p.validOnly ? { ...p, validOnly: false } : p;
}

/** Query of the GET report calls. */
export function reportQuery(range: { from: string; to: string }, p: ReportParams): Record<string, string> {
  const q: Record<string, string> = {
    from: range.from,
    to: range.to,
    valid_days_only: p.validOnly ? 'true' : 'false',
  };
  for (const key of THRESHOLD_KEYS) {
    const v = p.thresholds[key];
    if (v !== undefined) q[key] = String(v);
  }
  return q;
}

/**
 * A threshold typed in the display unit, to mg/dL for the address; null when it is not a number.
 * A text that reads like one of `keep` shown in the unit (the default, the value in force) keeps
 * that value: "3.9" stays 70 mg/dL, never 70.2, so readings of exactly 70 stay in target. Any other
 * text snaps to whole mg/dL, the value a clinician means (3.9 → 70, 10.0 → 180, 13.9 → 250).
 */
export function thresholdFromInput(
  text: string,
  unit: GlucoseUnit,
  keep: readonly number[] = [],
): number | null {
  const n = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n)) return null;
  const same = keep.find((mgdl) => Number(thresholdToInput(mgdl, unit)) === n);
  return same ?? Math.round(fromUnit(n, unit));
}

/** A threshold in mg/dL as the form shows it in the display unit. */
export function thresholdToInput(mgdl: number, unit: GlucoseUnit): string {
  return String(roundGlucose(mgdl, unit));
}

/** The AGP's outer band: the AGP convention 5–95 by default, or the portal's 10–90 (?band=10). */
export type AgpBand = '5-95' | '10-90';
export const AGP_BANDS: readonly AgpBand[] = ['5-95', '10-90'];

export function readAgpBand(sp: URLSearchParams): AgpBand {
  return sp.get('band') === '10' ? '10-90' : '5-95';
}

/** The address with this band (the default leaves no parameter). */
export function writeAgpBand(sp: URLSearchParams, band: AgpBand): URLSearchParams {
  const next = new URLSearchParams(sp);
  setOrDelete(next, 'band', band === '10-90' ? '10' : null);
  return next;
}

/** Problems of the thresholds form: i18n keys, empty when they can be used. */
export function checkThresholds(t: Required<Thresholds>): string[] {
  const out: string[] = [];
  const inRange = (v: number) => v >= 40 && v <= 400;
  if (!THRESHOLD_KEYS.every((k) => inRange(t[k]))) out.push('reports.settings.outOfRange');
  if (!(t.target_low < t.target_high)) out.push('reports.settings.lowAboveHigh');
  if (!(t.auc_below < t.auc_above)) out.push('reports.settings.aucOrder');
  return out;
}
