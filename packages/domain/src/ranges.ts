// Glucose bands and thresholds in mg/dL: the International Consensus on Time in Range (Battelino
// et al., Diabetes Care 2019;42:1593) and the portal constants of spec §9.

/** Consensus bands (CLINICAL.md "Time in ranges"): veryLow < 54 ≤ low < 70 ≤ inRange ≤ 180 < high ≤ 250 < veryHigh. */
export const VERY_LOW_BELOW = 54;
export const LOW_BELOW = 70;
export const HIGH_ABOVE = 180;
export const VERY_HIGH_ABOVE = 250;

/**
 * Pregnancy with type 1 diabetes (Battelino 2019): in range 63–140 mg/dL (3.5–7.8 mmol/L), bounds
 * included; low below 63, high above 140. Very low (< 54) and very high (> 250) are as above.
 */
export const PREGNANCY_LOW_BELOW = 63;
export const PREGNANCY_HIGH_ABOVE = 140;

export const DEFAULT_TARGET_LOW = 70;
export const DEFAULT_TARGET_HIGH = 180;

/** Dashboard AUC limits: 11.0 and 5.2 mmol/L (spec §9), i.e. 198 and 93.6 mg/dL. */
export const DEFAULT_AUC_ABOVE = 198;
export const DEFAULT_AUC_BELOW = 93.6;

/** Spec §9 "Thresholds": hypo 3.1 mmol/L (56 mg/dL), high-band split 10 mmol/L, auto-mode low 70. */
export const HYPO_MGDL = 56;
export const HIGH_BAND_SPLIT_MGDL = 180;
export const AUTO_MODE_LOW_MGDL = 70;

/**
 * The least share of the expected sensor readings (percent) a period needs before its time in range
 * is shown: the International Consensus on Time in Range asks for 14 days with at least 70 % of the
 * CGM data (Battelino et al. 2019). With less, the figure rests on too few readings to guide a dose.
 */
export const TIR_MIN_COVERAGE_PCT = 70;

/** Whether a time in range computed from `coveragePct` percent of the expected readings may be shown. */
export const hasEnoughDataForTir = (coveragePct: number): boolean =>
  Number.isFinite(coveragePct) && coveragePct >= TIR_MIN_COVERAGE_PCT;

export type GlucoseBand = 'veryLow' | 'low' | 'inRange' | 'high' | 'veryHigh';
export const GLUCOSE_BANDS: readonly GlucoseBand[] = ['veryLow', 'low', 'inRange', 'high', 'veryHigh'];

export function glucoseBand(mgdl: number): GlucoseBand {
  if (mgdl < VERY_LOW_BELOW) return 'veryLow';
  if (mgdl < LOW_BELOW) return 'low';
  if (mgdl <= HIGH_ABOVE) return 'inRange';
  if (mgdl <= VERY_HIGH_ABOVE) return 'high';
  return 'veryHigh';
}
