import type { PumpStatus } from '@cgm/contract';
import { bolusCodeInfo, isStale, roundInsulin } from '@cgm/domain';

// The pump status's delivery fields (spec §3 pump_status) as the monitor shows them: a bolus in
// progress with what remains of it, the wizard's inputs of the latest bolus, the basal of today.
// Nothing of it is shown from a stale status: an old "in progress" would read as current.

export interface BolusInProgress {
  codeKey: string | null;
  /** Units set and delivered so far (normal and extended parts together). */
  set: number;
  delivered: number;
  remainingDose: number;
  remainingMinutes: number;
}

export interface WizardInputs {
  codeKey: string | null;
  glucoseMgdl: number | null;
  carbs: number | null;
  carbBolus: number | null;
  correction: number | null;
  iob: number | null;
}

export interface PumpDeliveryView {
  basalToday: number | null;
  bolus: BolusInProgress | null;
  wizard: WizardInputs | null;
}

const EMPTY: PumpDeliveryView = { basalToday: null, bolus: null, wizard: null };
const units = (v: number | null) => (v === null ? null : roundInsulin(v));

export function pumpDeliveryView(pump: PumpStatus, now: number): PumpDeliveryView {
  if (isStale(pump.updateTime, now)) return EMPTY;
  const remainingDose = pump.remainingDose ?? 0;
  const remainingMinutes = pump.remainingTime ?? 0;
  const running = remainingDose > 0 || remainingMinutes > 0;
  const set = (pump.bolusSet ?? 0) + (pump.extendBolusSet ?? 0);
  const delivered = (pump.bolusDeliveried ?? 0) + (pump.extendBolusDeliveried ?? 0);
  const codeKey = (code: string | null) => (code ? (bolusCodeInfo(code)?.labelKey ?? null) : null);
  return {
    basalToday: units(pump.basalDeliveried),
    bolus: running
      ? {
          codeKey: codeKey(pump.bolusType),
          set: roundInsulin(set),
          delivered: roundInsulin(delivered),
          remainingDose: roundInsulin(remainingDose),
          remainingMinutes: Math.round(remainingMinutes),
        }
      : null,
    wizard: pump.wizardType
      ? {
          codeKey: codeKey(pump.wizardType),
          glucoseMgdl: pump.wizardGlucose,
          carbs: pump.wizardCarb,
          carbBolus: units(pump.wizardCarbSet),
          correction: units(pump.wizardCorrSet),
          iob: units(pump.wizardIob),
        }
      : null,
  };
}
