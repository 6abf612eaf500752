import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorSettings } from '@cgm/contract';
import { defaultGlucoseUnit, isGlucoseUnit, roundInsulin, toUnit, type GlucoseUnit } from '@cgm/domain';
import { SESSION_KEYS } from '../../session/session';
import { formatIsoDate, formatIsoDayMonth, formatNumber } from '../../i18n/format';
import {
  ENGLISH_GLUCOSE_WORDS,
  formatGlucoseLimit,
  formatGlucoseShown,
  glucoseWords,
  type GlucoseWords,
} from '../../i18n/format-glucose';
import { formatDateTime, formatTime } from '../../i18n/format-time';
import { sessionStore } from '../../lib/storage';

// Units and number formats of the reports. The unit follows the live monitor's rule: the patient's
// chosen unit, else the default of the signed-in user's country (spec §9 "Unit default"); an
// explicit ?unit= in the address wins (a printout for a colleague who reads the other unit).
// Glucose arrives in mg/dL and is converted only here, through @cgm/domain.

export function reportUnit(
  settings: Pick<MonitorSettings, 'unit'> | null | undefined,
  override: string | null,
  country: string | null = sessionStore().getItem(SESSION_KEYS.locCode),
): GlucoseUnit {
  if (isGlucoseUnit(override)) return override;
  return isGlucoseUnit(settings?.unit) ? settings.unit : defaultGlucoseUnit(country ?? '');
}

/** Local wall-clock ms of an instant on the device (its UTC offset), to format as UTC. */
export const wallClock = (ms: number, offsetMin: number) => ms + offsetMin * 60_000;

export interface ReportFormat {
  unit: GlucoseUnit;
  lang: string;
  /**
   * A glucose level (a reading or a statistic of readings) by the display rule: "5.6", "101",
   * "High" above 400 mg/dL, "Low" at or below 40; "--" without one.
   */
  glucose: (mgdl: number | null | undefined) => string;
  /** The same with its unit ("5.6 mmol/L"); "High", "Low" and "--" stand alone. */
  glucoseWithUnit: (mgdl: number | null | undefined) => string;
  /** A limit, a setting or a spread (SD, IQR) in the unit, without the display rule. */
  glucoseLimit: (mgdl: number | null | undefined) => string;
  /** A glucose value converted to the unit, unrounded (charts). */
  toUnit: (mgdl: number) => number;
  /** A percentage with one decimal ("74.1"), "--" without one. */
  pct: (v: number | null | undefined, digits?: number) => string;
  num: (v: number | null | undefined, digits?: number) => string;
  /** Insulin in 0.05 U steps, two decimals. */
  insulin: (u: number | null | undefined) => string;
  day: (iso: string, style?: 'long' | 'medium') => string;
  /** A short date for axis labels ("18 Nov"). */
  shortDay: (iso: string) => string;
  /** Time of day on the device's clock. */
  time: (ms: number, offsetMin: number) => string;
  dateTime: (ms: number, offsetMin: number) => string;
}

const dash = '--';
/** A unit after a number only: "High mg/dL" would read as a unit of "High". */
const withUnit = (text: string, unit: GlucoseUnit) => (/\p{Nd}/u.test(text) ? `${text} ${unit}` : text);
const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

export function makeFormat(
  unit: GlucoseUnit,
  lang: string,
  words: GlucoseWords = ENGLISH_GLUCOSE_WORDS,
): ReportFormat {
  const num = (v: number | null | undefined, digits = 0) =>
    ok(v) ? formatNumber(v, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }) : dash;
  return {
    unit,
    lang,
    glucose: (mgdl) => formatGlucoseShown(mgdl, unit, lang, words),
    glucoseWithUnit: (mgdl) => withUnit(formatGlucoseShown(mgdl, unit, lang, words), unit),
    glucoseLimit: (mgdl) => formatGlucoseLimit(mgdl, unit, lang),
    toUnit: (mgdl) => toUnit(mgdl, unit),
    pct: (v, digits = 1) => num(v, digits),
    num,
    insulin: (u) => (ok(u) ? num(roundInsulin(u), 2) : dash),
    day: (iso, style = 'medium') => formatIsoDate(iso, lang, style),
    // With the chosen country, as the dates: "18 Nov" in the United Kingdom, "Nov 18" in the US.
    shortDay: (iso) => formatIsoDayMonth(iso, lang),
    time: (ms, off) => formatTime(wallClock(ms, off), lang, 'UTC'),
    dateTime: (ms, off) => formatDateTime(wallClock(ms, off), lang, 'UTC'),
  };
}

export function useReportFormat(unit: GlucoseUnit): ReportFormat {
  const { t, i18n } = useTranslation();
  return useMemo(() => makeFormat(unit, i18n.language, glucoseWords(t)), [unit, i18n.language, t]);
}
