// How the patient doses for a meal or a high: through the PDM's wizard (accepting or adjusting its
// suggestion), as a plain bolus on the PDM or the pump base (rounded to half units, by feel), or in
// auto mode by announcing the meal. Fatty meals may get a combo or an extended bolus.

import type { PdmSettings } from '@cgm/contract';
import type { BolusCode } from './codes';
import type { BolusShape, PlannedMeal } from './plan';
import type { PatientProfile } from './profile';
import type { BolusRequest } from './pump';
import type { Rng } from './random';
import { roundStep, valueAt } from './segments';
import { wizard } from './wizard';

const MANUAL_CODES: Record<BolusShape, [BolusCode, BolusCode]> = {
  normal: ['NB', 'NBM'],
  combo: ['CB', 'CBM'],
  extended: ['EB', 'EBM'],
};

function shaped(code: BolusCode, total: number, shape: BolusShape, rng: Rng): BolusRequest {
  if (shape === 'normal' || total < 0.5) return { code, now: total };
  const minutes = rng.pick([90, 120, 150, 180]);
  const now = shape === 'extended' ? 0 : roundStep(total * rng.uniform(0.5, 0.7), 0.05);
  return { code, now, extended: Number((total - now).toFixed(2)), extendedMin: minutes };
}

export interface DoseContext {
  profile: PatientProfile;
  settings: PdmSettings;
  rng: Rng;
  minuteOfDay: number;
  /** Glucose the patient goes by (fingerstick or sensor), or null. */
  bg: number | null;
  iob: number;
}

/** The bolus for a meal through the wizard or by hand; null when it comes to nothing. */
export function mealBolus(meal: PlannedMeal, c: DoseContext, way: 'wizard' | 'manual'): BolusRequest | null {
  if (way === 'manual') {
    const ratio = valueAt(c.profile.carbRatio, c.minuteOfDay);
    const isf = valueAt(c.profile.isf, c.minuteOfDay);
    const correction = c.bg !== null && c.bg > 180 ? (c.bg - 120) / isf : 0;
    const total = roundStep(meal.estimate / ratio + correction, 0.5);
    if (total <= 0) return null;
    const code = MANUAL_CODES[meal.shape][c.rng.chance(0.25) ? 1 : 0];
    return shaped(code, total, meal.shape, c.rng);
  }
  const w = wizard(c.settings, { minuteOfDay: c.minuteOfDay, carbs: meal.estimate, bg: c.bg, iob: c.iob });
  let total = w.suggest;
  if (c.rng.chance(0.1)) {
    total = roundStep(total * c.rng.factor(0.15), 0.05);
    w.details.adjustmentType = 1;
  }
  if (total <= 0) return null;
  return { ...shaped(w.code, total, meal.shape, c.rng), details: w.details };
}

/**
 * A correction of a high through the wizard (CRW), or null when insulin on board covers it; by
 * hand (NB, to 120 mg/dL, insulin on board not counted) for a patient who stacks corrections.
 */
export function correctionBolus(c: DoseContext, byHand = false): BolusRequest | null {
  if (byHand && c.bg !== null) {
    const total = roundStep((c.bg - 120) / valueAt(c.profile.isf, c.minuteOfDay), 0.5);
    return total > 0 ? { code: 'NB', now: total } : null;
  }
  const w = wizard(c.settings, { minuteOfDay: c.minuteOfDay, carbs: 0, bg: c.bg, iob: c.iob });
  if (w.suggest < 0.3) return null;
  return { code: w.code, now: w.suggest, details: w.details };
}
