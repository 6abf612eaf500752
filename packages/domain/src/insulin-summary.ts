// The insulin figures of the dashboard (spec §3 "Statistics"), per day of data: the mean of the
// local days that have any basal or bolus data (CLINICAL.md "Total daily dose").

import type { BolusRecord } from './bolus-codes';
import type { BasalSegment, DailyInsulin } from './insulin-stats';
import { insulinByLocalDay } from './insulin-stats';

export interface InsulinSummary {
  /** Local days with insulin data. */
  days: number;
  /** Units per day of data; null with no data. */
  totalDailyDose: number | null;
  basal: number | null;
  bolus: number | null;
  bolusNormal: number | null;
  bolusExtended: number | null;
  bolusCombo: number | null;
  autoBasal: number | null;
  autoBolus: number | null;
  /** Share of the total dose, %. */
  basalPercent: number | null;
  bolusPercent: number | null;
  /** Share of basal-covered time in auto mode (BAAM and its variants), %. */
  timeInAutoMode: number | null;
  /** Count of auto mode exit markers (BAAME) in the period. */
  autoModeExits: number;
}

type PerDayField =
  'basal' | 'bolus' | 'bolusNormal' | 'bolusExtended' | 'bolusCombo' | 'autoBasal' | 'autoBolus';

export function summarizeInsulin(rows: readonly DailyInsulin[]): InsulinSummary {
  const days = rows.length;
  const sum = (k: keyof DailyInsulin) => rows.reduce((s, r) => s + (r[k] as number), 0);
  const perDay = (k: PerDayField) => (days === 0 ? null : sum(k) / days);
  const total = sum('total');
  const basalMinutes = sum('basalMinutes');
  const out: InsulinSummary = {
    days,
    totalDailyDose: days === 0 ? null : total / days,
    basal: perDay('basal'),
    bolus: perDay('bolus'),
    bolusNormal: perDay('bolusNormal'),
    bolusExtended: perDay('bolusExtended'),
    bolusCombo: perDay('bolusCombo'),
    autoBasal: perDay('autoBasal'),
    autoBolus: perDay('autoBolus'),
    basalPercent: total > 0 ? (100 * sum('basal')) / total : null,
    bolusPercent: total > 0 ? (100 * sum('bolus')) / total : null,
    timeInAutoMode: basalMinutes > 0 ? (100 * sum('autoModeMinutes')) / basalMinutes : null,
    autoModeExits: sum('autoModeExits'),
  };
  return out;
}

/**
 * Summary of the local days from `fromDay` to `toDay` (YYYY-MM-DD, both included; default all):
 * reports cover whole local days, so the period is chosen by day after splitting at midnight.
 */
export function insulinSummary(
  basal: readonly BasalSegment[],
  boluses: readonly BolusRecord[],
  period: { fromDay?: string; toDay?: string } = {},
): InsulinSummary {
  const rows = insulinByLocalDay(basal, boluses).filter(
    (r) =>
      (period.fromDay === undefined || r.day >= period.fromDay) &&
      (period.toDay === undefined || r.day <= period.toDay),
  );
  return summarizeInsulin(rows);
}
