// Basal row type codes (spec §3 "Basal row") and what each means for the charts and the
// statistics. The spec lists the codes without meanings beyond the groups; meanings marked
// "reading" in docs/CLINICAL.md are our interpretation, kept in this one table.

export type BasalKind = 'scheduled' | 'auto' | 'autoMarker' | 'temp' | 'suspend' | 'newPatch' | 'end';

export interface BasalCodeInfo {
  code: string;
  kind: BasalKind;
  labelKey: string;
  /** For suspends and ends: the reason, a patch-state id of device-states.ts where one fits. */
  reason?: string;
}

const row = (code: string, kind: BasalKind, reason?: string): BasalCodeInfo => ({
  code,
  kind,
  labelKey: `basal.${code}`,
  ...(reason ? { reason } : {}),
});

export const BASAL_CODES: readonly BasalCodeInfo[] = [
  // Scheduled patterns (spec §4 "Pump modes"): standard, exercise, holiday, A–D, sick.
  row('BAS', 'scheduled'),
  row('BAE', 'scheduled'),
  row('BAH', 'scheduled'),
  row('BAPA', 'scheduled'),
  row('BAPB', 'scheduled'),
  row('BAPC', 'scheduled'),
  row('BAPD', 'scheduled'),
  row('BASK', 'scheduled'),
  // Auto mode delivery and its variants (target, meal announcement, exercise).
  row('BAAM', 'auto'),
  row('BAAMTarget100', 'auto'),
  row('BAAMTarget110', 'auto'),
  row('BAAMTarget120', 'auto'),
  row('BAAMBreakfast', 'auto'),
  row('BAAMLunch', 'auto'),
  row('BAAMDinner', 'auto'),
  row('BAAMSnack', 'auto'),
  row('BAAMExerciseStart', 'auto'),
  row('BAAMExerciseExit', 'auto'),
  // Auto mode started (S) and exited (E) markers (spec §4 "Auto mode started and exited events").
  row('BAAMS', 'autoMarker'),
  row('BAAME', 'autoMarker'),
  // Temporary basal.
  row('BART', 'temp'),
  row('BAAT', 'temp'),
  // Suspends (spec §3), with the patch-state reasons of spec §4.
  row('SUSLSG', 'suspend', 'suspendedLow'),
  row('SUSPLSG', 'suspend', 'suspendedPredictiveLow'),
  row('SUSA', 'suspend', 'suspendedAuto'),
  row('SUSHM', 'suspend', 'suspendedHourMax'),
  row('SUSDM', 'suspend', 'suspendedDayMax'),
  row('SUSM', 'suspend', 'suspendedManual'),
  row('SUSEB', 'suspend', 'suspendedAutoOff'),
  row('NEW', 'newPatch'),
  // Delivery ended (END*), with the patch state that ended it.
  row('ENDM', 'end', 'manualStop'),
  row('ENDEM', 'end', 'emptyReservoir'),
  row('ENDPE', 'end', 'patchError'),
  row('ENDEP', 'end', 'expired'),
  row('ENDPB', 'end', 'occlusion'),
  row('ENDCE', 'end', 'magnetNotCalibrated'),
  row('ENDPBE', 'end', 'pumpBaseError'),
  row('ENDD', 'end', 'batteryDepleted'),
  row('ENDPE2', 'end', 'patchError'),
];

const BY_CODE: ReadonlyMap<string, BasalCodeInfo> = new Map(BASAL_CODES.map((c) => [c.code, c]));

export function basalCodeInfo(code: string): BasalCodeInfo | undefined {
  return BY_CODE.get(code);
}

export function isBasalCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** Auto mode delivery: BAAM and its variants, not the start/exit markers (CLINICAL.md). */
export function isAutoModeBasal(code: string): boolean {
  return BY_CODE.get(code)?.kind === 'auto';
}

export function isSuspendBasal(code: string): boolean {
  return BY_CODE.get(code)?.kind === 'suspend';
}

export const AUTO_MODE_START = 'BAAMS';
export const AUTO_MODE_EXIT = 'BAAME';
