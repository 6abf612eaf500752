// Indices computed from the mean and the band percentages. Sources in each comment; all glucose
// in mg/dL, all percentages 0–100.

/** ADAG eA1c (Nathan et al., Diabetes Care 2008;31:1473; spec §9: (18·avg + 46.7)/28.7, avg in mmol/L). */
export function estimatedA1c(meanMgdl: number): number {
  return (meanMgdl + 46.7) / 28.7;
}

/** GMI (Bergenstal et al., Diabetes Care 2018;41:2275): 3.31 + 0.02392 × mean mg/dL. */
export function glucoseManagementIndicator(meanMgdl: number): number {
  return 3.31 + 0.02392 * meanMgdl;
}

/**
 * eA1c is shown only when covered time exceeds 80 % of the period (CLINICAL.md "eA1c"): the spec's
 * "more than 80 % of 720 readings a day" for its 2-minute sensor, for any sampling interval.
 */
export const EA1C_MIN_COVERAGE_PCT = 80;
/** GMI needs covered time of at least 70 % of a period of at least 14 days (Battelino 2019; Bergenstal 2018). */
export const GMI_MIN_COVERAGE_PCT = 70;
export const GMI_MIN_DAYS = 14;
/**
 * A period of 14 local days that crosses the spring daylight-saving change lasts one hour less
 * (335 h); it is still 14 days of the patient's calendar, so the day rule allows that hour.
 */
export const DAYLIGHT_SAVING_SLACK_SECONDS = 3600;

/** Why eA1c is withheld ("--"), for the screen and the print to say (CLINICAL.md). */
export type EA1cWithheld = 'too-little-data';
/** Why GMI is withheld; too few days outranks too little data (more data cannot lengthen the period). */
export type GmiWithheld = 'too-few-days' | 'too-little-data';

/** Null when eA1c may be shown: covered > 80 % of the period (both in seconds). */
export function eA1cWithheldReason(coveredSeconds: number, periodSeconds: number): EA1cWithheld | null {
  return periodSeconds > 0 && 100 * coveredSeconds > EA1C_MIN_COVERAGE_PCT * periodSeconds
    ? null
    : 'too-little-data';
}

/** Null when GMI may be shown: a period of at least 14 days, covered at least 70 % (seconds). */
export function gmiWithheldReason(coveredSeconds: number, periodSeconds: number): GmiWithheld | null {
  if (!(periodSeconds + DAYLIGHT_SAVING_SLACK_SECONDS >= GMI_MIN_DAYS * 86_400)) return 'too-few-days';
  return 100 * coveredSeconds >= GMI_MIN_COVERAGE_PCT * periodSeconds ? null : 'too-little-data';
}

export interface BandPercentages {
  veryLow: number;
  low: number;
  inRange: number;
  high: number;
  veryHigh: number;
}

/**
 * Glycemia Risk Index (Klonoff et al., J Diabetes Sci Technol 2023;17:1226):
 * min(100, 3.0·VLow + 2.4·Low + 1.6·VHigh + 0.8·High), the band percentages of the consensus.
 */
export function glycemiaRiskIndex(p: BandPercentages): number {
  return Math.min(100, 3.0 * p.veryLow + 2.4 * p.low + 1.6 * p.veryHigh + 0.8 * p.high);
}

export type GriZone = 'A' | 'B' | 'C' | 'D' | 'E';

/** Zones of 20 points each (Klonoff 2023): A 0–20, B 20–40 … E 80–100; a boundary belongs below. */
export function griZone(gri: number): GriZone {
  if (gri <= 20) return 'A';
  if (gri <= 40) return 'B';
  if (gri <= 60) return 'C';
  if (gri <= 80) return 'D';
  return 'E';
}

/**
 * Kovatchev's symmetrised glucose f = 1.509·((ln g)^1.084 − 5.381) (Kovatchev et al., Diabetes
 * Care 2006), negative below about 112.5 mg/dL. Values below 1 mg/dL are read as 1 so that the
 * power of a negative logarithm never makes NaN; no sensor reports them.
 */
export function kovatchevF(mgdl: number): number {
  const g = mgdl < 1 ? 1 : mgdl;
  return 1.509 * (Math.pow(Math.log(g), 1.084) - 5.381);
}

const fCache = new Float64Array(1024).fill(Number.NaN);
// Values converted from mmol/L (5.6 × 18 = 100.8) are not whole but repeat a lot: a small
// direct-mapped cache keyed by the exact value serves them.
const SLOTS = 4096;
const slotKey = new Float64Array(SLOTS).fill(Number.NaN);
const slotF = new Float64Array(SLOTS);

/** f memoised per value, so a 90-day report costs a few hundred logarithms, not 65,000. */
export function kovatchevFFast(mgdl: number): number {
  const whole = mgdl | 0;
  if (whole === mgdl && whole >= 0 && whole < 1024) {
    const cached = fCache[whole]!;
    if (cached === cached) return cached; // not NaN: already computed
    return (fCache[whole] = kovatchevF(mgdl));
  }
  const slot = ((mgdl * 160) | 0) & (SLOTS - 1);
  if (slotKey[slot] === mgdl) return slotF[slot]!;
  const f = kovatchevF(mgdl);
  slotKey[slot] = mgdl;
  slotF[slot] = f;
  return f;
}

/** Risk r = 10·f² (Kovatchev 2006); LBGI averages it where f < 0, HBGI where f > 0. */
export function kovatchevRisk(mgdl: number): number {
  const f = kovatchevFFast(mgdl);
  return 10 * f * f;
}
