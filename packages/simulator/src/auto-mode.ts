// The auto mode algorithm: every 6 minutes it decides micro-deliveries of 0.05 U (spec §9,
// CLINICAL.md "Insulin and device data") in three parts, as the basal row's JSON names them:
// auto basal (the programmed rate scaled by where glucose is heading), auto correction (a share of
// the correction the prediction calls for, net of insulin on board) and auto food (a meal the
// patient announced, given over a few samples). It stops delivery when glucose is low or
// predicted below 70 mg/dL (spec §9 auto-mode low).

import { AUTO_MICRO_DOSE_U, AUTO_MODE_LOW_MGDL } from '@cgm/domain';

export const SAMPLE_HOURS = 0.1;
/** Correction given per sample as a share of what is needed, and its cap (U). */
const CORRECTION_SHARE = 0.1;
const CORRECTION_CAP_U = 0.3;
/** Auto corrections only above this glucose, mg/dL. */
const CORRECT_ABOVE = 160;
/** Food insulin per sample at most (U). */
export const FOOD_CAP_U = 1.5;

export interface AutoInputs {
  /** Latest sensor glucose, mg/dL, and its slope, mg/dL/min. */
  sg: number;
  slope: number;
  /** Insulin on board from boluses and auto corrections, U. */
  iob: number;
  /** Programmed basal rate now, U/h. */
  basalRate: number;
  /** Sensitivity setting now, mg/dL per U. */
  isf: number;
  /** Target SG now (100/110/120, raised for exercise). */
  target: number;
}

/** Units wanted in the next 6 minutes, before rounding to micro-doses. */
export function autoWant(i: AutoInputs): { basal: number; correction: number } {
  const slope = Math.max(-3, Math.min(3, i.slope));
  const predicted = i.sg + 30 * slope;
  const hourly = i.basalRate * SAMPLE_HOURS;
  if (i.sg < AUTO_MODE_LOW_MGDL + 10 || predicted < AUTO_MODE_LOW_MGDL) return { basal: 0, correction: 0 };
  let ratio: number;
  if (predicted < i.target) ratio = (predicted - AUTO_MODE_LOW_MGDL) / (i.target - AUTO_MODE_LOW_MGDL);
  else ratio = Math.min(1.5, 1 + (predicted - i.target) / 300);
  const basal = hourly * Math.max(0, ratio);
  const eventual = predicted - i.iob * i.isf;
  let correction = 0;
  if (eventual > CORRECT_ABOVE && i.sg > CORRECT_ABOVE && slope > -1) {
    correction = Math.min(CORRECTION_CAP_U, (CORRECTION_SHARE * (eventual - i.target)) / i.isf);
  }
  return { basal, correction };
}

/** Whole micro-doses of a wanted amount plus what was left over last time. */
export class MicroDoser {
  private carry = 0;

  /** The number of 0.05 U doses to give now. */
  doses(want: number): number {
    const total = this.carry + Math.max(0, want);
    const n = Math.floor(total / AUTO_MICRO_DOSE_U + 1e-9);
    this.carry = Math.min(AUTO_MICRO_DOSE_U, total - n * AUTO_MICRO_DOSE_U);
    return n;
  }

  reset(): void {
    this.carry = 0;
  }
}

/** Units of n micro-doses, without binary fractions (0.15, not 0.15000000000000002). */
export function units(n: number): number {
  return Math.round(n * AUTO_MICRO_DOSE_U * 100) / 100;
}
