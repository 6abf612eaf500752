// The codes the simulated devices write. Names come from the domain's tables (basal-codes,
// bolus-codes, device-states, event-types); the typed literals here are checked against those
// tables by codes.test.ts. Pump state numbers, basal type numbers and alarm codes have no domain
// table: the spec (§4) gives only the state ranges, so the numbers below are our own choice inside
// those ranges.

import type { PatchState, PumpMode, SensorState } from '@cgm/domain';
import { AUTO_MODE_BASAL_TYPE, PUMP_MODES } from '@cgm/domain';

/** A basal pattern: every pump mode except auto (spec §4 "Pump modes"). */
export type PatternName = Exclude<PumpMode, 'auto'>;
export const PATTERN_NAMES: readonly PatternName[] = PUMP_MODES.map((m) => m.mode).filter(
  (m): m is PatternName => m !== 'auto',
);

export type PatternCode = 'BAS' | 'BAE' | 'BAH' | 'BASK' | 'BAPA' | 'BAPB' | 'BAPC' | 'BAPD';
export type TempBasalCode = 'BART' | 'BAAT';
export type SuspendCode = 'SUSM' | 'SUSLSG' | 'SUSPLSG';
export type EndCode = 'ENDM' | 'ENDEP' | 'ENDEM' | 'ENDPB';
export type AutoTarget = 100 | 110 | 120;
export type AutoMarkerCode =
  | 'BAAMS'
  | 'BAAME'
  | `BAAMTarget${AutoTarget}`
  | 'BAAMBreakfast'
  | 'BAAMLunch'
  | 'BAAMDinner'
  | 'BAAMSnack'
  | 'BAAMExerciseStart'
  | 'BAAMExerciseExit';
export type BasalCode = PatternCode | TempBasalCode | SuspendCode | EndCode | AutoMarkerCode | 'BAAM' | 'NEW';

export function patternCode(name: PatternName): PatternCode {
  return PUMP_MODES.find((m) => m.mode === name)!.basalCode as PatternCode;
}

/**
 * Wizard codes by content (domain bolus-codes): CRW correction only, CAW carbohydrate only, CCW
 * both. NB/EB/CB are given on the PDM without the wizard, the M variants on the pump base.
 */
export type BolusCode = 'NB' | 'EB' | 'CB' | 'NBM' | 'EBM' | 'CBM' | 'CRW' | 'CAW' | 'CCW';

export type MealName = 'breakfast' | 'lunch' | 'dinner' | 'snack';
export const MEAL_ANNOUNCE_CODE: Record<MealName, AutoMarkerCode> = {
  breakfast: 'BAAMBreakfast',
  lunch: 'BAAMLunch',
  dinner: 'BAAMDinner',
  snack: 'BAAMSnack',
};
export const MEAL_ANNOUNCE_EVENT: Record<MealName, string> = {
  breakfast: 'AutoBreakfast',
  lunch: 'AutoLunch',
  dinner: 'AutoDinner',
  snack: 'AutoSnack',
};

/** Why a patch stopped, as the END code of the domain's basal table. */
export const END_CODE = {
  user: 'ENDM',
  expired: 'ENDEP',
  empty: 'ENDEM',
  occlusion: 'ENDPB',
} as const satisfies Record<string, EndCode>;

export const SUSPEND_STATE: Record<SuspendCode, PatchState> = {
  SUSM: 'suspendedManual',
  SUSLSG: 'suspendedLow',
  SUSPLSG: 'suspendedPredictiveLow',
};

/**
 * pump_status `state` (spec §4 ranges). Idle 1–6 follow the patch set-up steps; delivering is
 * 32 plus flags (1 temp basal, 2 bolus running, 4 extended bolus running, 8 auto mode); suspended
 * is 64 plus the reason; 96+ patch faults; 128 delivery stopped (no patch).
 */
export const PUMP_STATE = {
  toBeFilled: 1,
  filled: 2,
  priming: 3,
  primingCompleted: 4,
  insertingNeedle: 5,
  activated: 6,
  delivering: 32,
  suspended: { SUSM: 64, SUSLSG: 66, SUSPLSG: 67 } satisfies Record<SuspendCode, number>,
  occlusion: 96,
  expired: 97,
  emptyReservoir: 98,
  stopped: 128,
} as const;

export const DELIVERING_FLAG = { tempBasal: 1, bolus: 2, extended: 4, auto: 8 } as const;

/** pump_status `basal_type`; 30 is auto mode (spec §4, domain AUTO_MODE_BASAL_TYPE). */
export const BASAL_TYPE: Record<PatternName | 'auto' | TempBasalCode, number> = {
  standard: 1,
  exercise: 2,
  holiday: 3,
  sick: 4,
  programA: 5,
  programB: 6,
  programC: 7,
  programD: 8,
  BART: 10,
  BAAT: 11,
  auto: AUTO_MODE_BASAL_TYPE,
};

export type SensorAlarm =
  | 'low'
  | 'urgentLow'
  | 'high'
  | 'predictedLow'
  | 'predictedHigh'
  | 'rapidFall'
  | 'rapidRise'
  | 'calibrationNeeded'
  | 'signalLoss'
  | 'sensorExpiry6h'
  | 'sensorExpiry2h'
  | 'sensorExpiry30min'
  | 'sensorExpired'
  | 'sensorFailure';

export type PumpAlarm =
  | 'lowReservoir'
  | 'emptyReservoir'
  | 'patchExpiry1h'
  | 'patchExpired'
  | 'occlusion'
  | 'lowSuspend'
  | 'predictiveLowSuspend'
  | 'autoModeExit';

export type { PatchState, SensorState };
