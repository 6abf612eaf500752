// The clinician's triage list (models: Tidepool's population view, TIDE): the flags of the
// International Consensus on Time in Range (Battelino et al., Diabetes Care 2019;42:1593) raised on
// a patient's last 14 days, and the risk order the list sorts by. The figures come from the same
// `glucoseStats` the reports use; this file only judges them.

import type { GlucoseStats } from './glucose-stats';
import { hasEnoughDataForTir } from './ranges';
import { MS_PER_DAY } from './readings';

/** Consensus limits (Battelino 2019, table 4; wear: "≥ 70 % of data from 14 days"). */
export const TRIAGE_LIMITS = {
  /** Time below 54 mg/dL above 1 %. */
  veryLowPct: 1,
  /** Time below 70 mg/dL above 4 %. */
  belowPct: 4,
  /** Sensor wear under 70 %. */
  wearPct: 70,
  /** No reading for 2 days or more. */
  noDataDays: 2,
  /** Time in range dropped by more than 15 percentage points from the previous 14 days. */
  inRangeDropPoints: 15,
} as const;

/**
 * The flags, most urgent first: this order IS the risk order. Lows come first (a low can kill
 * within hours), then missing data (nothing can be judged, the patient may be unwell or the
 * sensor off), then a falling time in range (control is getting worse), then low wear (the
 * figures rest on too little data).
 */
export const TRIAGE_FLAGS = ['very_low', 'below', 'no_data', 'in_range_drop', 'wear'] as const;
export type TriageFlag = (typeof TRIAGE_FLAGS)[number];

/** What the flags are judged on: one patient's current and previous 14 days. */
export interface TriageInput {
  current: Pick<GlucoseStats, 'count' | 'timeInRanges' | 'coveragePct'>;
  previous: Pick<GlucoseStats, 'count' | 'timeInRanges' | 'coveragePct'>;
  /** Epoch ms of the newest reading ever stored, or null for none. */
  lastReadingMs: number | null;
}

/** Time in range of a period, or null when too little data covers it to be shown (withheld). */
function shownInRange(s: TriageInput['current']): number | null {
  if (s.count === 0 || s.timeInRanges === null || s.coveragePct === null) return null;
  return hasEnoughDataForTir(s.coveragePct) ? s.timeInRanges.inRange : null;
}

/** Whether the newest reading is 2 days old or more (or there is none). */
export const noRecentData = (lastReadingMs: number | null, nowMs: number): boolean =>
  lastReadingMs === null || nowMs - lastReadingMs >= TRIAGE_LIMITS.noDataDays * MS_PER_DAY;

/**
 * The flags of a patient at `nowMs`, in risk order. The band flags need enough data to show the
 * bands (70 % coverage, as the figures themselves); with less, "wear" is raised instead, so a
 * patient with one low reading is not ranked as a patient with 100 % time below 54.
 */
export function triageFlags(input: TriageInput, nowMs: number): TriageFlag[] {
  const flags = new Set<TriageFlag>();
  const { current } = input;
  const bands = shownInRange(current) === null ? null : current.timeInRanges;
  if (bands) {
    if (bands.veryLow > TRIAGE_LIMITS.veryLowPct) flags.add('very_low');
    if (bands.veryLow + bands.low > TRIAGE_LIMITS.belowPct) flags.add('below');
  }
  if (noRecentData(input.lastReadingMs, nowMs)) flags.add('no_data');
  const now = shownInRange(current);
  const before = shownInRange(input.previous);
  if (now !== null && before !== null && before - now > TRIAGE_LIMITS.inRangeDropPoints)
    flags.add('in_range_drop');
  if (current.coveragePct === null || current.coveragePct < TRIAGE_LIMITS.wearPct) flags.add('wear');
  return TRIAGE_FLAGS.filter((f) => flags.has(f));
}

/** Bit of each flag: the most urgent flag the highest bit, so a larger mask is a higher risk. */
export const flagBit = (f: TriageFlag): number => 1 << (TRIAGE_FLAGS.length - 1 - TRIAGE_FLAGS.indexOf(f));
export const flagsMask = (flags: readonly TriageFlag[]): number => flags.reduce((m, f) => m | flagBit(f), 0);
export const flagsOfMask = (mask: number): TriageFlag[] =>
  TRIAGE_FLAGS.filter((f) => (mask & flagBit(f)) !== 0);

/**
 * The risk rank of a patient: larger is more urgent. First the flags by urgency (a patient with a
 * more urgent flag ranks above every patient without it, whatever else they have), then, among
 * patients with the same flags, the time below 70 mg/dL (only when shown: enough data). One number,
 * so a database can sort on it: flags mask × 1,000 + time below 70 (%) × 9.99.
 */
export function riskRank(flags: readonly TriageFlag[], below70Pct: number | null): number {
  const below = below70Pct === null ? 0 : Math.min(100, Math.max(0, below70Pct));
  return flagsMask(flags) * 1000 + below * 9.99;
}

/** Counts of patients per flag over a population (the list's summary line). */
export function flagCounts(
  masks: Iterable<number>,
): Record<TriageFlag, number> & { flagged: number; total: number } {
  const out = { flagged: 0, total: 0 } as Record<TriageFlag, number> & { flagged: number; total: number };
  for (const f of TRIAGE_FLAGS) out[f] = 0;
  for (const m of masks) {
    out.total++;
    if (m !== 0) out.flagged++;
    for (const f of flagsOfMask(m)) out[f]++;
  }
  return out;
}

/**
 * What the list stores per patient: the figures of the last 14 days, the previous 14 days' time in
 * range, the flags that do not depend on the clock, and the rank with and without "no data" (the
 * only flag that moves with time alone), so a database picks one by the newest reading's age.
 */
export interface TriageSummary {
  readings: number;
  /** Sensor wear: covered time ÷ 14 days, %. */
  wear: number | null;
  /** The five bands, % of time (null without readings). */
  bands: { veryLow: number; low: number; inRange: number; high: number; veryHigh: number } | null;
  gmi: number | null;
  gmiWithheld: GlucoseStats['gmiWithheld'];
  cv: number | null;
  /** The previous 14 days' time in range when shown (enough data), else null. */
  previousInRange: number | null;
  /** Flags without "no data", as a mask (flagsMask). */
  mask: number;
  rankRecent: number;
  rankNoData: number;
}

export function triageSummary(current: GlucoseStats, previous: GlucoseStats): TriageSummary {
  // Judged as if the newest reading were recent; "no data" is added by the reader from its age.
  const recent = triageFlags({ current, previous, lastReadingMs: 0 }, 0).filter((f) => f !== 'no_data');
  const shownBands = shownInRange(current) === null ? null : current.timeInRanges;
  const below70 = shownBands ? shownBands.veryLow + shownBands.low : null;
  return {
    readings: current.count,
    wear: current.coveragePct,
    bands: current.count > 0 ? current.timeInRanges : null,
    gmi: current.gmi,
    gmiWithheld: current.gmiWithheld,
    cv: current.cv,
    previousInRange: shownInRange(previous),
    mask: flagsMask(recent),
    rankRecent: riskRank(recent, below70),
    rankNoData: riskRank([...recent, 'no_data'], below70),
  };
}
