// The PDM's bolus wizard: carbohydrate bolus by the IC ratio in force, correction toward the BG
// target range by the insulin sensitivity in force, insulin on board taken off the correction
// (a negative correction below the range reduces the meal bolus). Amounts are floored to the bolus
// increment, as pumps do, so the suggestion never exceeds the calculation.

import type { BolusRecord, PdmSettings } from '@cgm/contract';
import type { BolusCode } from './codes';

export type BolusDetails = NonNullable<BolusRecord['details']>;

export interface WizardInput {
  /** Local minute of the day (selects the segments). */
  minuteOfDay: number;
  carbs: number;
  /** Glucose the wizard uses (fingerstick or sensor), mg/dL; null without one. */
  bg: number | null;
  iob: number;
}

export interface WizardResult {
  code: BolusCode;
  suggest: number;
  details: BolusDetails;
}

function inForce<T extends { start_min: number }>(list: readonly T[], minute: number): T {
  let found = list[0]!;
  for (const s of list) if (s.start_min <= minute) found = s;
  return found;
}

const floorTo = (value: number, step: number) => Number((Math.floor(value / step + 1e-9) * step).toFixed(2));
const round2 = (value: number) => Math.round(value * 100) / 100;

export function wizard(settings: PdmSettings, input: WizardInput): WizardResult {
  const b = settings.bolus;
  const ratio = inForce(b.ic_ratios, input.minuteOfDay).grams_per_unit;
  const isf = inForce(b.insulin_sensitivity, input.minuteOfDay).mgdl_per_unit;
  const target = inForce(b.bg_target, input.minuteOfDay);
  const carbBolus = input.carbs / ratio;
  let correction = 0;
  if (input.bg !== null) {
    if (input.bg > target.high_mgdl) correction = (input.bg - target.high_mgdl) / isf;
    else if (input.bg < target.low_mgdl) correction = (input.bg - target.low_mgdl) / isf;
  }
  // Insulin on board counts against a correction, never against the meal.
  const net = correction > 0 ? Math.max(0, correction - input.iob) : correction;
  const suggest = Math.min(b.max_bolus, floorTo(Math.max(0, carbBolus + net), b.bolus_increment));
  const code: BolusCode = input.carbs > 0 ? (correction > 0 ? 'CCW' : 'CAW') : 'CRW';
  return {
    code,
    suggest,
    details: {
      bg: input.bg === null ? null : Math.round(input.bg),
      carb: input.carbs,
      carb_bolus: round2(carbBolus),
      corr_bolus: round2(correction),
      bg_bolus: round2(net),
      iob: round2(input.iob),
      suggest,
      adjustmentType: 0,
    },
  };
}
