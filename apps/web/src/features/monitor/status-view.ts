import type { PumpStatus, SensorStatus } from '@cgm/contract';
import {
  batteryIconLevel,
  bolusCodeInfo,
  DEFAULT_TARGET_HIGH,
  DEFAULT_TARGET_LOW,
  defaultGlucoseUnit,
  displayGlucose,
  freshnessOf,
  glucoseDecimals,
  isGlucoseUnit,
  isSgDisplayCode,
  isStale,
  patchExpiryAlert,
  PATCH_STATES,
  PUMP_MODES,
  pumpStateView,
  roundInsulin,
  SENSOR_STATES,
  sensorExpiryAlert,
  SG_DISPLAY_CODES,
  shownTrend,
  type ExpiryAlert,
  type Freshness,
  type GlucoseUnit,
  type PumpStateCategory,
  type Trend,
  sgFlagLabelKey,
} from '@cgm/domain';

// The monitor's status as the screen shows it (spec §3 monitor status, §4 staleness and states,
// §5 glucose display, §9 battery and expiry alerts). Pure: `now` is passed in, texts are i18n keys.

/** The unit and target range the monitor colours and converts with; targets in mg/dL. */
export interface GlucosePrefs {
  unit: GlucoseUnit;
  targetLow: number;
  targetHigh: number;
}

export interface PatientGlucoseSettings {
  unit?: string | null;
  target_low?: number | null;
  target_high?: number | null;
}

/** The patient's settings when they have them, else the signed-in user's country default (spec §9). */
export function glucosePrefs(
  settings: PatientGlucoseSettings | null | undefined,
  country: string | null,
): GlucosePrefs {
  const unit = isGlucoseUnit(settings?.unit) ? settings.unit : defaultGlucoseUnit(country ?? '');
  const low = settings?.target_low;
  const high = settings?.target_high;
  const valid = typeof low === 'number' && typeof high === 'number' && low < high;
  return {
    unit,
    targetLow: valid ? low : DEFAULT_TARGET_LOW,
    targetHigh: valid ? high : DEFAULT_TARGET_HIGH,
  };
}

export type RangeTone = 'low' | 'inTarget' | 'high' | 'neutral';

export function rangeTone(mgdl: number | null | undefined, prefs: GlucosePrefs): RangeTone {
  if (mgdl === null || mgdl === undefined || !Number.isFinite(mgdl)) return 'neutral';
  if (mgdl < prefs.targetLow) return 'low';
  if (mgdl > prefs.targetHigh) return 'high';
  return 'inTarget';
}

export interface GlucoseView {
  /** none: no reading; stale: older than 3600 s ('--'); code: a display code instead of a value. */
  kind: 'none' | 'stale' | 'value' | 'high' | 'low' | 'code';
  /** The number shown (rounded, clamped), in the unit; null when the screen shows '--' or a word. */
  value: number | null;
  decimals: number;
  unit: GlucoseUnit;
  /** sgCode.* label for kind 'code'. */
  codeKey: string | null;
  /** sgFlag.* note for a flagged reading (C, CX low quality; NC; DE). */
  flagKey: string | null;
  trend: Trend | null;
  time: number | null;
  ageMs: number | null;
  tone: RangeTone;
  /**
   * More than 10 minutes without a reading (issue 16): the value stays but greys, the trend arrow
   * goes, and "no reading for N min" replaces the range text.
   */
  old: boolean;
}

export function glucoseView(sensor: SensorStatus | null, prefs: GlucosePrefs, now: number): GlucoseView {
  const base = {
    value: null,
    decimals: glucoseDecimals(prefs.unit),
    unit: prefs.unit,
    codeKey: null,
    flagKey: null,
    trend: null,
    tone: 'neutral' as const,
    old: false,
  };
  const time = sensor ? (sensor.glucoseTime ?? sensor.updateTime) : null;
  if (!sensor || time === null || (sensor.glucose === null && !sensor.displayCode)) {
    return { ...base, kind: 'none', time, ageMs: time === null ? null : Math.max(0, now - time) };
  }
  const ageMs = Math.max(0, now - time);
  if (isStale(time, now)) return { ...base, kind: 'stale', time, ageMs };
  const code = sensor.displayCode;
  if (code && isSgDisplayCode(code) && sensor.glucose === null) {
    const old = freshnessOf(time, now) === 'old';
    return { ...base, kind: 'code', codeKey: SG_DISPLAY_CODES[code].labelKey, time, ageMs, old };
  }
  const flag = sensor.quality;
  const shown = displayGlucose(sensor.glucose, prefs.unit, flag);
  const flagKey = sgFlagLabelKey(flag);
  const lowQuality = flag === 'C' || flag === 'CX';
  if (freshnessOf(time, now) === 'old') {
    // An old value must not look current: no arrow, no range colour (a trend from 30 minutes ago
    // says nothing about now).
    return {
      ...base,
      kind: shown.kind,
      value: shown.kind === 'value' ? shown.value : null,
      flagKey,
      time,
      ageMs,
      old: true,
    };
  }
  return {
    ...base,
    kind: shown.kind,
    value: shown.kind === 'value' ? shown.value : null,
    flagKey,
    trend: shownTrend(sensor.glucoseRate, flag, time, now),
    time,
    ageMs,
    // A low-quality reading shows as the bottom of the range, but is not a measured low (spec §5).
    tone: lowQuality ? 'neutral' : rangeTone(sensor.glucose, prefs),
  };
}

/**
 * How fresh the patient's newest device data is (the newest of the sensor's reading and the pump's
 * status): the "Live" badge shows only while it is fresh, whatever the connection does.
 */
export function dataFreshness(sensor: SensorStatus | null, pump: PumpStatus | null, now: number): Freshness {
  const times = [sensor ? (sensor.glucoseTime ?? sensor.updateTime) : null, pump?.updateTime ?? null];
  const newest = Math.max(...times.map((t) => t ?? -Infinity));
  return freshnessOf(Number.isFinite(newest) ? newest : null, now);
}

export interface Battery {
  percent: number;
  level: 0 | 1 | 2 | 3 | 4;
}

function battery(percent: number | null): Battery | null {
  return percent === null ? null : { percent, level: batteryIconLevel(percent) };
}

function knownKey(prefix: string, value: string | null, known: readonly string[]): string | null {
  return value && known.includes(value) ? `${prefix}${value}` : null;
}

export interface SensorView {
  stale: boolean;
  /** device.sensorState.* key, or null for a state the table does not know (shown as sent). */
  stateKey: string | null;
  state: string | null;
  serial: string;
  deviceType: string | null;
  lifeLeftMs: number | null;
  expiry: ExpiryAlert;
  battery: Battery | null;
  lastCalibration: number | null;
  updateTime: number;
}

export function sensorView(sensor: SensorStatus, now: number): SensorView {
  const stale = isStale(sensor.glucoseTime ?? sensor.updateTime, now);
  const live = !stale;
  return {
    stale,
    stateKey: live ? knownKey('device.sensorState.', sensor.status, SENSOR_STATES) : null,
    state: live ? sensor.status : null,
    serial: sensor.serial,
    deviceType: sensor.deviceType,
    lifeLeftMs: live && sensor.expiresAt !== null ? Math.max(0, sensor.expiresAt - now) : null,
    expiry: live && sensor.expiresAt !== null ? sensorExpiryAlert(sensor.expiresAt, now) : null,
    battery: live ? battery(sensor.batteryPercent) : null,
    lastCalibration: sensor.lastCalibration,
    updateTime: sensor.updateTime,
  };
}

export interface PumpView {
  stale: boolean;
  category: PumpStateCategory | null;
  autoMode: boolean;
  /** pumpState.* key of pumpStateView. */
  stateKey: string | null;
  /** device.pumpMode.* key; auto mode when pumpStateView says so (spec §4). */
  modeKey: string | null;
  patchStateKey: string | null;
  patchState: string | null;
  serial: string;
  pdmSerial: string | null;
  basalRate: number | null;
  tempBasal: { rate: number; endsAt: number; code: string } | null;
  lastBolus: { amount: number; time: number; codeKey: string | null } | null;
  iob: number | null;
  reservoir: number | null;
  battery: Battery | null;
  suspendedSince: number | null;
  lifeLeftMs: number | null;
  expiry: ExpiryAlert;
  updateTime: number;
}

const MODES: readonly string[] = PUMP_MODES.map((m) => m.mode);
const round = (u: number | null) => (u === null ? null : roundInsulin(u));

export function pumpView(pump: PumpStatus, now: number): PumpView {
  const stale = isStale(pump.updateTime, now);
  const serials = { serial: pump.serial, pdmSerial: pump.pdmSerial, updateTime: pump.updateTime };
  const bolus = pump.lastBolus
    ? {
        amount: roundInsulin(pump.lastBolus.delivered),
        time: pump.lastBolus.time,
        codeKey: bolusCodeInfo(pump.lastBolus.code)?.labelKey ?? null,
      }
    : null;
  if (stale) {
    return {
      ...serials,
      stale,
      category: null,
      autoMode: false,
      stateKey: null,
      modeKey: null,
      patchStateKey: null,
      patchState: null,
      basalRate: null,
      tempBasal: null,
      // The last bolus is history, not a state: it stays true however old the status is.
      lastBolus: bolus,
      iob: null,
      reservoir: null,
      battery: null,
      suspendedSince: null,
      lifeLeftMs: null,
      expiry: null,
    };
  }
  const state = pumpStateView(pump.state, pump.basalType, pump.AutoModeEnabledNew);
  const mode = state.autoMode ? 'auto' : pump.mode;
  return {
    ...serials,
    stale,
    category: state.category,
    autoMode: state.autoMode,
    stateKey: state.labelKey,
    modeKey: knownKey('device.pumpMode.', mode, MODES),
    patchStateKey: knownKey('device.patchState.', pump.patchState, PATCH_STATES),
    patchState: pump.patchState,
    basalRate: state.category === 'suspended' || state.category === 'stopped' ? 0 : round(pump.basalRate),
    tempBasal:
      pump.tempBasal && pump.tempBasal.endsAt > now
        ? { ...pump.tempBasal, rate: roundInsulin(pump.tempBasal.rate) }
        : null,
    lastBolus: bolus,
    iob: round(pump.iob),
    reservoir: round(pump.reservoir),
    battery: battery(pump.batteryPercent),
    suspendedSince: state.category === 'suspended' ? pump.suspendTime : null,
    lifeLeftMs: pump.expiresAt !== null ? Math.max(0, pump.expiresAt - now) : null,
    expiry: pump.expiresAt !== null ? patchExpiryAlert(pump.expiresAt, now) : null,
  };
}

/** Days, hours and minutes of a duration, for "9 d 4 h" texts; seconds are dropped. */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}
