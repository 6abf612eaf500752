import { toUnit, type GlucoseUnit } from './units';
import { splitPercentages } from './split-percentages';
import { HIGH_ABOVE, LOW_BELOW, VERY_HIGH_ABOVE, VERY_LOW_BELOW } from './ranges';

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

/** The consensus populations whose goals the AGP prints beside the time in ranges (Battelino 2019). */
export type AgpPopulation = 'type1or2' | 'olderOrHighRisk';
export const AGP_POPULATIONS: readonly AgpPopulation[] = ['type1or2', 'olderOrHighRisk'];

/**
 * The goal of each band for a population: `below` for "less than", `above` for "more than", in
 * percent; null where the consensus sets none. Older or high-risk adults: above 50 % in range,
 * below 1 % under 70 (very low included) and below 10 % over 250 (high included).
 */
export interface AgpGoal {
  band: 'veryHigh' | 'aboveHigh' | 'inRange' | 'belowLow' | 'veryLow';
  kind: 'below' | 'above';
  pct: number;
}

export function agpGoals(population: AgpPopulation): AgpGoal[] {
  if (population === 'olderOrHighRisk') {
    return [
      { band: 'veryHigh', kind: 'below', pct: 10 },
      { band: 'inRange', kind: 'above', pct: 50 },
      { band: 'belowLow', kind: 'below', pct: 1 },
    ];
  }
  return [
    { band: 'veryHigh', kind: 'below', pct: 5 },
    { band: 'aboveHigh', kind: 'below', pct: 25 },
    { band: 'inRange', kind: 'above', pct: 70 },
    { band: 'belowLow', kind: 'below', pct: 4 },
    { band: 'veryLow', kind: 'below', pct: 1 },
  ];
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
