import {
  MONITOR_GLUCOSE_KEYS,
  MONITOR_HIGH_KEYS,
  MONITOR_LOW_KEYS,
  type MonitorGlucoseKey,
  type MonitorSettings,
  type MonitorSettingsUpdate,
} from '@cgm/contract';
import {
  clampLowThreshold,
  fromUnit,
  glucoseDecimals,
  LOW_THRESHOLD_MAX_MGDL,
  LOW_THRESHOLD_MIN_MGDL,
  roundGlucose,
  type GlucoseUnit,
} from '@cgm/domain';

// The monitor thresholds editor's form (spec §3 "Settings", §5 "Settings in mg/dL"): values as
// typed in the chosen unit; conversion and the 60–100 mg/dL clamp of the lows come from the domain.

export type GlucoseForm = Record<MonitorGlucoseKey, string>;

export interface SettingsDraft {
  unit: GlucoseUnit;
  values: GlucoseForm;
  alarmDisplay: boolean;
  glucoseDisplay: boolean;
  /** The decimal sign the values are written with: the language's (a comma in French). */
  decimal?: string;
}

/** The meal periods of the limits table, each with its low and high key (spec §3, §9 meal periods). */
export const LIMIT_ROWS = MONITOR_LOW_KEYS.map((low, i) => ({
  id: low.replace(/_low$/, ''),
  low,
  high: MONITOR_HIGH_KEYS[i]!,
}));

const show = (mgdl: number, unit: GlucoseUnit, decimal = '.') =>
  roundGlucose(mgdl, unit).toFixed(glucoseDecimals(unit)).replace('.', decimal);

/** The form of the stored settings, in `unit`, written with the language's decimal sign. */
export function draftOf(
  settings: MonitorSettings,
  unit: GlucoseUnit = settings.unit,
  decimal = '.',
): SettingsDraft {
  const values = Object.fromEntries(
    MONITOR_GLUCOSE_KEYS.map((k) => [k, show(settings[k], unit, decimal)]),
  ) as GlucoseForm;
  return {
    unit,
    values,
    alarmDisplay: settings.alarm_display === 'On',
    glucoseDisplay: settings.glucose_display === 'On',
    decimal,
  };
}

/** A typed number; a decimal comma is accepted. NaN when it is not one. */
export function parseTyped(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** The same values in the other unit; values that are not numbers stay as typed. */
export function convertDraft(draft: SettingsDraft, unit: GlucoseUnit): SettingsDraft {
  if (unit === draft.unit) return draft;
  const values = { ...draft.values };
  for (const k of MONITOR_GLUCOSE_KEYS) {
    const n = parseTyped(draft.values[k]);
    if (Number.isFinite(n)) values[k] = show(fromUnit(n, draft.unit), unit, draft.decimal);
  }
  return { ...draft, unit, values };
}

export type DraftCheck =
  | { ok: true; update: MonitorSettingsUpdate }
  | { ok: false; errors: Partial<Record<MonitorGlucoseKey, string>> };

/** The save request, or the fields that are not numbers (the server checks the ranges, spec §5). */
export function updateOf(draft: SettingsDraft): DraftCheck {
  const errors: Partial<Record<MonitorGlucoseKey, string>> = {};
  const update: MonitorSettingsUpdate = {
    unit: draft.unit,
    alarm_display: draft.alarmDisplay ? 'On' : 'Off',
    glucose_display: draft.glucoseDisplay ? 'On' : 'Off',
  };
  for (const k of MONITOR_GLUCOSE_KEYS) {
    const n = parseTyped(draft.values[k]);
    if (!Number.isFinite(n) || n <= 0) errors[k] = 'dataSources.settings.notANumber';
    else update[k] = n;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, update };
}

/**
 * The low limits that the save will clamp (spec §5: 60–100 mg/dL), with the value they become, in
 * the draft's unit, so the form can say so before saving.
 */
export function clampedLows(draft: SettingsDraft): Partial<Record<MonitorGlucoseKey, string>> {
  const out: Partial<Record<MonitorGlucoseKey, string>> = {};
  for (const k of MONITOR_LOW_KEYS) {
    const n = parseTyped(draft.values[k]);
    if (!Number.isFinite(n)) continue;
    const mgdl = fromUnit(n, draft.unit);
    const clamped = show(clampLowThreshold(mgdl), draft.unit, draft.decimal);
    // 3.3 mmol/L is 59.4 mg/dL and becomes 60, which still shows as 3.3: nothing to tell.
    if (clamped !== show(mgdl, draft.unit, draft.decimal)) out[k] = clamped;
  }
  return out;
}

/** The clamp limits in the unit, for the explanation: "60–100 mg/dL", "3.3–5.6 mmol/L". */
export function lowClampRange(unit: GlucoseUnit, decimal = '.'): { min: string; max: string } {
  return {
    min: show(LOW_THRESHOLD_MIN_MGDL, unit, decimal),
    max: show(LOW_THRESHOLD_MAX_MGDL, unit, decimal),
  };
}

/** Server field problems (`details` of a 400) by field. */
export function fieldErrors(details: unknown): Partial<Record<MonitorGlucoseKey, string>> {
  const out: Partial<Record<MonitorGlucoseKey, string>> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
    const key = typeof d.path === 'string' ? d.path : '';
    if ((MONITOR_GLUCOSE_KEYS as readonly string[]).includes(key) && typeof d.message === 'string') {
      out[key as MonitorGlucoseKey] = d.message;
    }
  }
  return out;
}
