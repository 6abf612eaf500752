// Glucose units and display (CLINICAL.md "Units and display"; spec §5 "Glucose display", §9
// "Unit default", "Glucose range"). Values are stored and computed in mg/dL; conversion happens
// only here, with the spec's factor 18 (not 18.016).

import { clamp, roundTo } from './round';
import type { SgFlag } from './sg-flags';
import { isLowQualityFlag } from './sg-flags';

export type GlucoseUnit = 'mg/dL' | 'mmol/L';
export const GLUCOSE_UNITS: readonly GlucoseUnit[] = ['mg/dL', 'mmol/L'];

export const MGDL_PER_MMOL = 18;

/** Display range (spec §9): 40–400 mg/dL, 2.2–22.2 mmol/L. */
export const DISPLAY_MIN_MGDL = 40;
export const DISPLAY_MAX_MGDL = 400;
export const DISPLAY_MIN_MMOL = 2.2;
export const DISPLAY_MAX_MMOL = 22.2;

/** Other units the screens label (spec §9 "Units"). Some languages write IE or E for U. */
export const UNIT_LABELS = {
  insulin: 'U',
  basalRate: 'U/H',
  mmol: 'mmol/L',
  mgdl: 'mg/dL',
  height: 'cm',
  weight: 'kg',
} as const;

export function mgdlToMmol(mgdl: number): number {
  return mgdl / MGDL_PER_MMOL;
}

export function mmolToMgdl(mmol: number): number {
  return mmol * MGDL_PER_MMOL;
}

export function isGlucoseUnit(s: unknown): s is GlucoseUnit {
  return s === 'mg/dL' || s === 'mmol/L';
}

/** A mg/dL value in the given unit, unrounded. */
export function toUnit(mgdl: number, unit: GlucoseUnit): number {
  return unit === 'mg/dL' ? mgdl : mgdlToMmol(mgdl);
}

/** A value typed in the given unit, back to mg/dL (for settings forms). */
export function fromUnit(value: number, unit: GlucoseUnit): number {
  return unit === 'mg/dL' ? value : mmolToMgdl(value);
}

/** Countries whose default is mg/dL (spec §9 "Unit default"); every other country uses mmol/L. */
export const MGDL_COUNTRIES: readonly string[] = [
  'TH', 'ID', 'IN', 'FR', 'DE', 'IT', 'PT', 'ES', 'TR', 'SA', 'AE', 'AT', 'CL', 'BE', 'PL',
]; // prettier-ignore

export function defaultGlucoseUnit(countryCode: string): GlucoseUnit {
  return MGDL_COUNTRIES.includes(countryCode.trim().toUpperCase()) ? 'mg/dL' : 'mmol/L';
}

/**
 * The unit a patient's glucose is shown in, to everyone who sees it (the patient, carers, HCPs; the
 * monitor, the patient list, the carer's home): the unit of the patient's monitor settings, else
 * the default of the patient's country (spec §9). One patient, one unit, on every screen.
 */
export function patientGlucoseUnit(savedUnit: unknown, patientCountry: string): GlucoseUnit {
  return isGlucoseUnit(savedUnit) ? savedUnit : defaultGlucoseUnit(patientCountry);
}

/** mmol/L shows one decimal, mg/dL none (CLINICAL.md). */
export function glucoseDecimals(unit: GlucoseUnit): number {
  return unit === 'mg/dL' ? 0 : 1;
}

/** A mg/dL value in the unit, rounded for display, with no clamping (statistics, thresholds). */
export function roundGlucose(mgdl: number, unit: GlucoseUnit): number {
  return roundTo(toUnit(mgdl, unit), glucoseDecimals(unit));
}

/** Text of a statistic or threshold in the unit ("5.5", "100"); "--" when there is no value. */
export function formatGlucoseValue(mgdl: number | null | undefined, unit: GlucoseUnit): string {
  if (mgdl === null || mgdl === undefined || !Number.isFinite(mgdl)) return '--';
  return roundGlucose(mgdl, unit).toFixed(glucoseDecimals(unit));
}

export interface GlucoseDisplay {
  /** 'high' above 400 mg/dL, 'low' at or below 40, 'none' without a value. */
  kind: 'value' | 'high' | 'low' | 'none';
  /** The number to plot or print, rounded and clamped to the display range; null for 'none'. */
  value: number | null;
  /** "High", "Low", "--" or the rounded number; the web app translates High and Low by kind. */
  text: string;
}

/**
 * How one sensor reading shows (CLINICAL.md "Units and display", spec §5 and §9): above 400 mg/dL
 * "High", at or below 40 "Low", in both units; the plotted value is clamped to the display range.
 * A reading flagged C or CX is low quality and shows as the bottom of the range (2.2 mmol/L,
 * 40 mg/dL) as a number, not as "Low", since its value is not a measured low.
 */
export function displayGlucose(
  mgdl: number | null | undefined,
  unit: GlucoseUnit,
  flag?: SgFlag | string | null,
): GlucoseDisplay {
  const min = unit === 'mg/dL' ? DISPLAY_MIN_MGDL : DISPLAY_MIN_MMOL;
  const max = unit === 'mg/dL' ? DISPLAY_MAX_MGDL : DISPLAY_MAX_MMOL;
  const decimals = glucoseDecimals(unit);
  if (flag && isLowQualityFlag(flag)) return { kind: 'value', value: min, text: min.toFixed(decimals) };
  if (mgdl === null || mgdl === undefined || !Number.isFinite(mgdl)) {
    return { kind: 'none', value: null, text: '--' };
  }
  const value = clamp(roundGlucose(mgdl, unit), min, max);
  if (mgdl > DISPLAY_MAX_MGDL) return { kind: 'high', value, text: 'High' };
  if (mgdl <= DISPLAY_MIN_MGDL) return { kind: 'low', value, text: 'Low' };
  return { kind: 'value', value, text: value.toFixed(decimals) };
}

/** Shorthand for the text alone. */
export function formatGlucose(
  mgdl: number | null | undefined,
  unit: GlucoseUnit,
  flag?: SgFlag | string | null,
): string {
  return displayGlucose(mgdl, unit, flag).text;
}
