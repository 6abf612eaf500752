// Insulin amounts: display rounding (spec §5 "Insulin values: rounded to 0.05 U steps") and the
// decoding of device fields (spec §9 "Decoding"). docs/CLINICAL.md "Insulin decoding" explains the
// reading with worked examples.

import { roundTo, roundToStep } from './round';

export const INSULIN_STEP_U = 0.05;

/** Nearest 0.05 U, half-way away from zero: 1.024 → 1.00, 1.025 → 1.05. */
export function roundInsulin(units: number): number {
  return roundToStep(units, INSULIN_STEP_U);
}

/** "1.05"; "--" when there is no value. Two decimals, as the pump shows amounts. */
export function formatInsulin(units: number | null | undefined): string {
  if (units === null || units === undefined || !Number.isFinite(units)) return '--';
  return roundInsulin(units).toFixed(2);
}

/**
 * Insulin on board travels as a 14-bit two's-complement field, scaled by 0.01 U or by 0.05 U.
 * A decoded value can only be that large when the field was negative and read as unsigned:
 * above 100, the field had 0.01 U steps (2^14 · 0.01 = 163.84 U wraps to 0); above 500, 0.05 U
 * steps (2^14 · 0.05 = 819.2 U). Values up to 100 are taken as they are.
 */
export const IOB_WRAP_001 = 163.84;
export const IOB_WRAP_005 = 819.2;
export const IOB_THRESHOLD_001 = 100;
export const IOB_THRESHOLD_005 = 500;

/**
 * The signed insulin on board of a raw value. Null for what no 14-bit field can give: not a
 * number, or between 163.84 and 500 (too large for 0.01 U steps, too small to be a wrapped
 * 0.05 U value above 500).
 */
export function decodeInsulinOnBoard(raw: number): number | null {
  if (!Number.isFinite(raw)) return null;
  if (raw > IOB_THRESHOLD_005) {
    if (raw >= IOB_WRAP_005) return null;
    return roundToStep(raw - IOB_WRAP_005, 0.05);
  }
  if (raw > IOB_THRESHOLD_001) {
    if (raw >= IOB_WRAP_001) return null;
    return roundTo(raw - IOB_WRAP_001, 2);
  }
  return raw;
}

/** A 16-bit bolus field in 0.01 U read as unsigned tops at 655.35; above 327.67 it was negative. */
export const BOLUS_SIGNED_MAX = 327.67;
/** Two's complement (2^16 · 0.01); the default. */
export const BOLUS_WRAP = 655.36;
/** The spec's other variant (0xFFFF · 0.01), one hundredth less. */
export const BOLUS_WRAP_ALT = 655.35;

/**
 * The signed bolus amount of a raw value: above 327.67 subtract 655.36 (or 655.35 where a field is
 * known to be decoded that way, spec §9). Amounts up to 327.67 are taken as they are.
 */
export function decodeBolusAmount(raw: number, wrap: number = BOLUS_WRAP): number {
  if (!Number.isFinite(raw) || raw <= BOLUS_SIGNED_MAX) return raw;
  return roundTo(raw - wrap, 2);
}

/** Time-zone offsets arrive in hours (spec §9); the portal stores minutes. */
export function offsetHoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}
