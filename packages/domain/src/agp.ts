import { toUnit, type GlucoseUnit } from './units';
import { splitPercentages, type ShownBandPercents } from './split-percentages';
import {
  HIGH_ABOVE,
  LOW_BELOW,
  PREGNANCY_HIGH_ABOVE,
  PREGNANCY_LOW_BELOW,
  VERY_HIGH_ABOVE,
  VERY_LOW_BELOW,
} from './ranges';

// The AGP report page (International Diabetes Center AGP v5, Johnson et al. 2019; CLINICAL.md
// "The AGP report page"): a fixed layout, so every AGP reads the same whatever the patient's own
// settings. The curve's target band is the consensus 70–180 mg/dL, never the patient's target.

export const AGP_TARGET_LOW_MGDL = LOW_BELOW;
export const AGP_TARGET_HIGH_MGDL = HIGH_ABOVE;
/** The dashed reference lines of the curve. */
export const AGP_REFERENCE_MGDL = [VERY_LOW_BELOW, VERY_HIGH_ABOVE] as const;
/** The curve's axis runs 0–350 mg/dL; higher values are drawn at the top. */
export const AGP_AXIS_TOP_MGDL = 350;
/** Days of the daily glucose profiles: the last 14 calendar days of the period. */
export const AGP_PROFILE_DAYS = 14;

/** The axis top in the unit: 350 mg/dL or 19.4 mmol/L (one decimal, as mmol/L is shown). */
export function agpAxisTop(unit: GlucoseUnit): number {
  return unit === 'mg/dL' ? AGP_AXIS_TOP_MGDL : Math.round(toUnit(AGP_AXIS_TOP_MGDL, unit) * 10) / 10;
}

/** The axis ticks: the band limits and reference lines, as the AGP labels its axis. */
export function agpAxisTicks(unit: GlucoseUnit): number[] {
  const marks = [VERY_LOW_BELOW, LOW_BELOW, HIGH_ABOVE, VERY_HIGH_ABOVE].map((v) =>
    unit === 'mg/dL' ? v : Math.round(toUnit(v, unit) * 10) / 10,
  );
  return [0, ...marks, agpAxisTop(unit)];
}

/** Where a value (in the unit) is drawn on the AGP axis: above the top it is drawn at the top. */
export function agpPlotValue(value: number, unit: GlucoseUnit): number {
  return Math.min(Math.max(value, 0), agpAxisTop(unit));
}

/**
 * Time per day in each band, in whole minutes that add up to 24 hours (largest remainder, like the
 * percentages beside them), from the bands' shares in percent.
 */
export function minutesPerDay(percents: readonly number[]): number[] {
  const total = percents.reduce((a, v) => a + (Number.isFinite(v) && v > 0 ? v : 0), 0);
  if (total <= 0) return percents.map(() => 0);
  return splitPercentages(percents.map((p) => (Number.isFinite(p) && p > 0 ? (p / total) * 1440 : 0)));
}

/** Hours and minutes of a number of minutes, for "3 h 12 min". */
export function hoursAndMinutes(minutes: number): { h: number; m: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { h: Math.floor(whole / 60), m: whole % 60 };
}

/**
 * The consensus populations whose goals the AGP prints beside the time in ranges (Battelino et al.,
 * Diabetes Care 2019;42:1593, figure 2): most adults with type 1 or type 2, older or high-risk
 * adults, and pregnancy with type 1 diabetes (whose ranges are 63–140 mg/dL, not 70–180).
 */
export type AgpPopulation = 'type1or2' | 'olderOrHighRisk' | 'pregnancyType1';
export const AGP_POPULATIONS: readonly AgpPopulation[] = ['type1or2', 'olderOrHighRisk', 'pregnancyType1'];
export const DEFAULT_AGP_POPULATION: AgpPopulation = 'type1or2';

export type AgpGoalBand = 'veryHigh' | 'aboveHigh' | 'inRange' | 'belowLow' | 'veryLow';

/**
 * The goal of one band for a population: `below` for "less than", `above` for "more than", in
 * percent of readings, and the band's limits in mg/dL (`lowMgdl` null: "below highMgdl"; `highMgdl`
 * null: "above lowMgdl"; both: in range, bounds included).
 */
export interface AgpGoal {
  band: AgpGoalBand;
  kind: 'below' | 'above';
  pct: number;
  lowMgdl: number | null;
  highMgdl: number | null;
}

/** The band limits a population's goals use: 70–180 for most, 63–140 in pregnancy. */
export function agpRangeLimits(population: AgpPopulation): { low: number; high: number } {
  return population === 'pregnancyType1'
    ? { low: PREGNANCY_LOW_BELOW, high: PREGNANCY_HIGH_ABOVE }
    : { low: LOW_BELOW, high: HIGH_ABOVE };
}

/**
 * The goals of a population, from very high down to very low as the AGP lists them; a band the
 * consensus sets no goal for is left out. Older or high-risk adults: more than 50 % in range, less
 * than 1 % under 70 (very low included) and less than 10 % over 250. Pregnancy (type 1): more than
 * 70 % in 63–140, less than 25 % over 140, less than 4 % under 63 and less than 1 % under 54.
 */
export function agpGoals(population: AgpPopulation): AgpGoal[] {
  const { low, high } = agpRangeLimits(population);
  const veryHigh = (pct: number): AgpGoal => ({ band: 'veryHigh', kind: 'below', pct, lowMgdl: VERY_HIGH_ABOVE, highMgdl: null }); // prettier-ignore
  const aboveHigh = (pct: number): AgpGoal => ({ band: 'aboveHigh', kind: 'below', pct, lowMgdl: high, highMgdl: null }); // prettier-ignore
  const inRange = (pct: number): AgpGoal => ({ band: 'inRange', kind: 'above', pct, lowMgdl: low, highMgdl: high }); // prettier-ignore
  const belowLow = (pct: number): AgpGoal => ({ band: 'belowLow', kind: 'below', pct, lowMgdl: null, highMgdl: low }); // prettier-ignore
  const veryLow = (pct: number): AgpGoal => ({ band: 'veryLow', kind: 'below', pct, lowMgdl: null, highMgdl: VERY_LOW_BELOW }); // prettier-ignore
  if (population === 'olderOrHighRisk') return [veryHigh(10), inRange(50), belowLow(1)];
  if (population === 'pregnancyType1') return [aboveHigh(25), inRange(70), belowLow(4), veryLow(1)];
  return [veryHigh(5), aboveHigh(25), inRange(70), belowLow(4), veryLow(1)];
}

/** A goal with the patient's figure as shown (the shown bands, so the table agrees with the bar). */
export interface AgpGoalResult extends AgpGoal {
  result: number;
  met: boolean;
}

/**
 * Each goal of the population with its shown result and whether it is met. `shown` are the bands
 * with the population's limits (time in ranges, or in pregnancy ranges), rounded for display.
 */
export function agpGoalResults(population: AgpPopulation, shown: ShownBandPercents): AgpGoalResult[] {
  const of: Record<AgpGoalBand, number> = {
    veryHigh: shown.veryHigh,
    aboveHigh: shown.above,
    inRange: shown.inRange,
    belowLow: shown.below,
    veryLow: shown.veryLow,
  };
  return agpGoals(population).map((goal) => {
    const result = of[goal.band];
    return { ...goal, result, met: goal.kind === 'above' ? result > goal.pct : result < goal.pct };
  });
}

/** The CV goal of the AGP: 36 % or less. */
export const AGP_CV_GOAL_PCT = 36;

/**
 * The calendar days of the daily glucose profiles: the last 14 days ending on `to` (fewer when the
 * period is shorter), oldest first, every date present whether or not it has data.
 */
export function agpProfileDays(from: string, to: string, days = AGP_PROFILE_DAYS): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let k = days - 1; k >= 0; k--) {
    const ms = end - k * 86_400_000;
    if (ms >= start) out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
}
