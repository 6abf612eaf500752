import type { PumpStatus } from '@cgm/contract';

type DeliveryFields = Pick<
  PumpStatus,
  | 'basalDeliveried'
  | 'basalDeliveriedTime'
  | 'bolusType'
  | 'bolusSet'
  | 'bolusDeliveried'
  | 'extendBolusSet'
  | 'extendBolusDeliveried'
  | 'extendBolusDuration'
  | 'wizardType'
  | 'wizardGlucose'
  | 'wizardCorrSet'
  | 'wizardCarb'
  | 'wizardCarbSet'
  | 'wizardIob'
  | 'adjustmentType'
  | 'remainingDose'
  | 'remainingTime'
>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The stored pump status's delivery fields (device contract names) under the spec's §3 names. */
export function pumpDeliveryFields(s: Record<string, unknown>): DeliveryFields {
  return {
    basalDeliveried: num(s.basal_delivered),
    basalDeliveriedTime: num(s.basal_delivered_time),
    bolusType: str(s.bolus_type),
    bolusSet: num(s.bolus_set),
    bolusDeliveried: num(s.bolus_delivered),
    extendBolusSet: num(s.extended_bolus_set),
    extendBolusDeliveried: num(s.extended_bolus_delivered),
    extendBolusDuration: num(s.extended_bolus_duration),
    wizardType: str(s.wizard_type),
    wizardGlucose: num(s.wizard_glucose),
    wizardCorrSet: num(s.wizard_corr_set),
    wizardCarb: num(s.wizard_carb),
    wizardCarbSet: num(s.wizard_carb_set),
    wizardIob: num(s.wizard_iob),
    adjustmentType: num(s.adjustment_type),
    remainingDose: num(s.remaining_dose),
    remainingTime: num(s.remaining_time),
  };
}
