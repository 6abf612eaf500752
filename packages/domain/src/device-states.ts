// Pump, sensor and patch states and pump modes (spec §4 "States and transitions").

export type PumpStateCategory = 'idle' | 'delivering' | 'suspended' | 'other' | 'stopped' | 'unknown';

export interface PumpStateView {
  category: PumpStateCategory;
  /** Delivering in auto mode: basalType 30 or AutoModeEnabledNew (spec §4). */
  autoMode: boolean;
  labelKey: string;
}

/** basalType value that means auto mode in the monitor's pump_status (spec §4). */
export const AUTO_MODE_BASAL_TYPE = 30;

/**
 * Pump state ranges (spec §4): below 7 idle; 32–47 delivering (bolus or basal); 64–79 suspended;
 * 96–103 further states; 128 delivery stopped. Anything else is unknown.
 */
export function pumpStateCategory(state: number): PumpStateCategory {
  if (!Number.isInteger(state)) return 'unknown';
  if (state >= 0 && state < 7) return 'idle';
  if (state >= 32 && state <= 47) return 'delivering';
  if (state >= 64 && state <= 79) return 'suspended';
  if (state >= 96 && state <= 103) return 'other';
  if (state === 128) return 'stopped';
  return 'unknown';
}

export function pumpStateView(
  state: number,
  basalType?: number | string | null,
  autoModeEnabledNew?: boolean | number | null,
): PumpStateView {
  const category = pumpStateCategory(state);
  const autoMode =
    category === 'delivering' && (Number(basalType) === AUTO_MODE_BASAL_TYPE || Boolean(autoModeEnabledNew));
  return { category, autoMode, labelKey: autoMode ? 'pumpState.autoMode' : `pumpState.${category}` };
}

/** Sensor states (spec §4), in the spec's order. */
export const SENSOR_STATES = [
  'warmUp', 'monitoring', 'calibrating', 'notCalibrated', 'calibrationNeeded', 'calibrationError',
  'transmitterError', 'sensorFailure', 'expired', 'lost', 'charging', 'charged',
] as const; // prettier-ignore
export type SensorState = (typeof SENSOR_STATES)[number];

/** States in which the sensor's glucose is current and is shown. */
export const SENSOR_STATES_SHOWING_GLUCOSE: readonly SensorState[] = [
  'monitoring',
  'calibrating',
  'calibrationNeeded',
];

/** Patch states (spec §4), the suspends split by their reason. */
export const PATCH_STATES = [
  'toBeFilled', 'filled', 'priming', 'primingCompleted', 'insertingNeedle', 'activated',
  'deliveringBasal', 'suspendedManual', 'suspendedAuto', 'suspendedAutoOff', 'suspendedLow',
  'suspendedPredictiveLow', 'suspendedHourMax', 'suspendedDayMax', 'occlusion', 'expired',
  'emptyReservoir', 'patchError', 'pumpBaseError', 'batteryDepleted', 'magnetNotCalibrated',
] as const; // prettier-ignore
export type PatchState = (typeof PATCH_STATES)[number];

/** Patch states that stop delivery for good and need a new patch or pump base. */
export const PATCH_FAULT_STATES: readonly PatchState[] = [
  'occlusion', 'expired', 'emptyReservoir', 'patchError', 'pumpBaseError', 'batteryDepleted', 'magnetNotCalibrated',
]; // prettier-ignore

export function isPatchSuspended(state: PatchState): boolean {
  return state.startsWith('suspended');
}

/** Pump modes (spec §4) and the basal code each delivers with (spec §3 "Basal row"). */
export const PUMP_MODES = [
  { mode: 'standard', basalCode: 'BAS' },
  { mode: 'exercise', basalCode: 'BAE' },
  { mode: 'holiday', basalCode: 'BAH' },
  { mode: 'sick', basalCode: 'BASK' },
  { mode: 'programA', basalCode: 'BAPA' },
  { mode: 'programB', basalCode: 'BAPB' },
  { mode: 'programC', basalCode: 'BAPC' },
  { mode: 'programD', basalCode: 'BAPD' },
  { mode: 'auto', basalCode: 'BAAM' },
] as const;
export type PumpMode = (typeof PUMP_MODES)[number]['mode'];

export function pumpModeOfBasalCode(code: string): PumpMode | undefined {
  if (code.startsWith('BAAM') && code !== 'BAAMS' && code !== 'BAAME') return 'auto';
  return PUMP_MODES.find((m) => m.basalCode === code)?.mode;
}
