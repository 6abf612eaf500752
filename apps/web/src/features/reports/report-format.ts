import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorSettings } from '@cgm/contract';
import {
  defaultGlucoseUnit,
  glucoseDecimals,
  isGlucoseUnit,
  roundGlucose,
  roundInsulin,
  toUnit,
  type GlucoseUnit,
} from '@cgm/domain';
import { SESSION_KEYS } from '../../app/session';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { formatDateTime, formatTime, intlLocale } from '../../i18n/format-time';
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
  /** A glucose statistic in the unit ("5.6", "101"), "--" without one. */
  glucose: (mgdl: number | null | undefined) => string;
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
const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

export function makeFormat(unit: GlucoseUnit, lang: string): ReportFormat {
  const gd = glucoseDecimals(unit);
  const num = (v: number | null | undefined, digits = 0) =>
    ok(v) ? formatNumber(v, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }) : dash;
  return {
    unit,
    lang,
    glucose: (mgdl) => (ok(mgdl) ? num(roundGlucose(mgdl, unit), gd) : dash),
    toUnit: (mgdl) => toUnit(mgdl, unit),
    pct: (v, digits = 1) => num(v, digits),
    num,
    insulin: (u) => (ok(u) ? num(roundInsulin(u), 2) : dash),
    day: (iso, style = 'medium') => formatIsoDate(iso, lang, style),
    // With the chosen country, as the dates: "18 Nov" in the United Kingdom, "Nov 18" in the US.
    shortDay: (iso) =>
      new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      ),
    time: (ms, off) => formatTime(wallClock(ms, off), lang, 'UTC'),
    dateTime: (ms, off) => formatDateTime(wallClock(ms, off), lang, 'UTC'),
  };
}

export function useReportFormat(unit: GlucoseUnit): ReportFormat {
  const { i18n } = useTranslation();
  return useMemo(() => makeFormat(unit, i18n.language), [unit, i18n.language]);
}
