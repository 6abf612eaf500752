import type { LatestGlucose, PatientListItem, PatientSort, TimeInRange14 } from '@cgm/contract';
import {
  displayGlucose,
  glucoseDecimals,
  hasEnoughDataForTir,
  isSgDisplayCode,
  isStale,
  SG_DISPLAY_CODES,
  splitPercentages,
  shownTrend,
  type GlucoseUnit,
  type Trend,
  sgFlagLabelKey,
} from '@cgm/domain';

// What a row of the patient list shows (spec §3 "Patient list item", §5 glucose display, §9 data
// stale after 3600 s). Pure: `now` is passed in, texts are i18n keys.

export interface GlucoseCell {
  /** none: no reading; stale: older than 3600 s ('--'); code: a display code instead of a value. */
  kind: 'none' | 'stale' | 'value' | 'high' | 'low' | 'code';
  value: number | null;
  decimals: number;
  unit: GlucoseUnit;
  codeKey: string | null;
  /**
   * sgFlag.* note of a flagged reading, as the monitor shows it: C and CX are calibration states
   * shown at the bottom of the range, not a measured low (CLINICAL.md); NC and DE are marked.
   */
  flagKey: string | null;
  trend: Trend | null;
}

export function glucoseCell(g: LatestGlucose | null, unit: GlucoseUnit, now: number): GlucoseCell {
  const base = {
    value: null,
    decimals: glucoseDecimals(unit),
    unit,
    codeKey: null,
    flagKey: null,
    trend: null,
  };
  if (!g) return { ...base, kind: 'none' };
  const time = Date.parse(g.time);
  if (isStale(time, now)) return { ...base, kind: 'stale' };
  if (g.mgdl === null) {
    return g.code && isSgDisplayCode(g.code)
      ? { ...base, kind: 'code', codeKey: SG_DISPLAY_CODES[g.code].labelKey }
      : { ...base, kind: 'none' };
  }
  const shown = displayGlucose(g.mgdl, unit, g.quality);
  return {
    ...base,
    kind: shown.kind === 'value' || shown.kind === 'high' || shown.kind === 'low' ? shown.kind : 'none',
    value: shown.kind === 'value' ? shown.value : null,
    flagKey: sgFlagLabelKey(g.quality),
    trend: shownTrend(g.trend, g.quality, time, now),
  };
}

export interface TirBar {
  kind: 'bar';
  below: number;
  inRange: number;
  above: number;
  /** Whole percent in range, as printed beside the bar. */
  label: number;
}

/**
 * What the time-in-range cell shows: '--' without readings; "not enough data" when the 14 days hold
 * less than the consensus share of the expected readings (a figure from a few readings would look
 * as sure as one from two weeks); otherwise the segment widths (percent) of the stacked bar.
 */
export type TirView = { kind: 'none' } | { kind: 'insufficient'; coverage: number } | TirBar;

export function tirBar(tir: TimeInRange14 | null): TirView {
  if (!tir || tir.readings <= 0) return { kind: 'none' };
  if (!hasEnoughDataForTir(tir.coverage)) return { kind: 'insufficient', coverage: tir.coverage };
  // Whole percents that add up to 100 % as shown (largest remainder, CLINICAL.md).
  const [below, inRange, above] = splitPercentages([tir.below, tir.in_range, tir.above]) as [
    number,
    number,
    number,
  ];
  return { kind: 'bar', below, inRange, above, label: inRange };
}

/**
 * The page to show after a deletion: when every row of the last page was deleted, the page before
 * it (not an empty page). Rows of later pages move up into a middle page, so that one stays.
 */
export function pageAfterDeletion(
  page: { page: number; has_next: boolean; rows: number },
  deleted: number,
): number {
  return deleted >= page.rows && !page.has_next && page.page > 1 ? page.page - 1 : page.page;
}

/** The confirmation's summary: who loses their account and data, who only leaves the list. */
export function deletePlan(items: readonly PatientListItem[], selected: ReadonlySet<string>) {
  const chosen = items.filter((i) => selected.has(i.uid));
  return {
    accounts: chosen.filter((i) => i.deletes_account),
    removals: chosen.filter((i) => !i.deletes_account),
  };
}

/** The name a row shows: the real name, else the user name. */
export const displayName = (i: Pick<PatientListItem, 'name' | 'username'>): string => i.name || i.username;

/** Where a row leads: the patient view, or the clinic's. */
export const patientViewPath = (uid: string, clinic: boolean): string =>
  `${clinic ? '/ClinicHcp' : '/Hcp'}?uid=${encodeURIComponent(uid)}`;

/**
 * The order each column starts in: the one a clinician wants first (riskiest, names A–Z, most time
 * low or high, lowest time in range and wear, highest glucose, GMI and CV, longest without data,
 * newest upload).
 */
export const FIRST_ORDER: Record<PatientSort, 'asc' | 'desc'> = {
  risk: 'desc',
  name: 'asc',
  upload_time: 'desc',
  glucose: 'desc',
  tir: 'asc',
  very_low: 'desc',
  below: 'desc',
  above: 'desc',
  very_high: 'desc',
  wear: 'asc',
  gmi: 'desc',
  cv: 'desc',
  last_reading: 'desc',
};

/**
 * A click on a sortable column: the same column flips the order; another column starts in its
 * FIRST_ORDER, back on page 1.
 */
export function nextSort<S extends { sort: PatientSort; order: 'asc' | 'desc'; page: number }>(
  state: S,
  column: PatientSort,
): S {
  if (state.sort === column) return { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { ...state, sort: column, order: FIRST_ORDER[column], page: 1 };
}
