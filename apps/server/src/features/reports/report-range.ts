import {
  addDays,
  checkDateRange,
  DEFAULT_AUC_ABOVE,
  DEFAULT_AUC_BELOW,
  DEFAULT_TARGET_HIGH,
  DEFAULT_TARGET_LOW,
  defaultGlucoseUnit,
  ErrorCode,
  isoToDayNumber,
  localDayKey,
  MAX_RANGE_DAYS_LONG,
  MAX_RANGE_DAYS_SHORT,
  MESSAGES,
  MS_PER_DAY,
} from '@cgm/domain';
import { fail } from '../../platform/http/api-error';
import type { PatientContext } from './reports.repository';

/** Which views may span 14 days and which 90 (spec §5 "Range at most 14 days in one view and 90 days in another"). */
export const RANGE_LIMIT = {
  dd: MAX_RANGE_DAYS_SHORT,
  ol: MAX_RANGE_DAYS_SHORT,
  ds: MAX_RANGE_DAYS_LONG,
  ta: MAX_RANGE_DAYS_LONG,
  lgb: MAX_RANGE_DAYS_LONG,
  dashboard: MAX_RANGE_DAYS_LONG,
  events: MAX_RANGE_DAYS_LONG,
  alerts: MAX_RANGE_DAYS_LONG,
} as const;
/** The data map looks back a year at most (its default). */
export const DATAMAP_MAX_DAYS = 366;

/** UTC offsets run from −12:00 to +14:00: this margin around local dates catches every reading. */
const MARGIN_MS = 14 * 3_600_000;

export interface LocalRange {
  from: string;
  to: string;
  /** Local day numbers (days since 1970-01-01) of from and to. */
  startDay: number;
  endDay: number;
  /** UTC span sure to hold every record of those local dates, whatever its offset. */
  fetchFrom: number;
  fetchTo: number;
}

export interface Thresholds {
  target_low: number;
  target_high: number;
  auc_above: number;
  auc_below: number;
}

/** Checks a range of local dates against its view's limit: a 400 with the spec §8 message. */
export function localRange(from: string, to: string, maxDays: number): LocalRange {
  const verdict = checkDateRange(from, to, maxDays);
  if (!verdict.ok) {
    const message = verdict.problem ?? MESSAGES.dateSelectionWrong;
    fail(ErrorCode.INVALID_INPUT, { message, details: [{ path: 'to', message }] });
  }
  const startDay = isoToDayNumber(from);
  const endDay = isoToDayNumber(to);
  return {
    from,
    to,
    startDay,
    endDay,
    fetchFrom: startDay * MS_PER_DAY - MARGIN_MS,
    fetchTo: (endDay + 1) * MS_PER_DAY + MARGIN_MS,
  };
}

/** The patient's local date now, by the offset of their newest reading (UTC without one). */
export function patientToday(context: PatientContext, now: number): string {
  return localDayKey(now, context.latestOffset ?? 0);
}

export function datamapRange(context: PatientContext, now: number, from?: string, to?: string): LocalRange {
  const end = to ?? patientToday(context, now);
  const start = from ?? addDays(end, -(DATAMAP_MAX_DAYS - 2));
  return localRange(start, end, DATAMAP_MAX_DAYS);
}

/** Thresholds asked for, else the patient's settings (target) and spec §9 (AUC); a target must be ordered. */
export function thresholdsOf(
  context: PatientContext,
  asked: Partial<Record<keyof Thresholds, number | undefined>>,
): Thresholds {
  const t = {
    target_low: asked.target_low ?? context.settings?.target_low ?? DEFAULT_TARGET_LOW,
    target_high: asked.target_high ?? context.settings?.target_high ?? DEFAULT_TARGET_HIGH,
    auc_above: asked.auc_above ?? DEFAULT_AUC_ABOVE,
    auc_below: asked.auc_below ?? DEFAULT_AUC_BELOW,
  };
  if (!(t.target_low < t.target_high)) {
    fail(ErrorCode.INVALID_INPUT, { details: [{ path: 'target_low', message: 'validation.targetRange' }] });
  }
  return t;
}

export function displayUnitOf(context: PatientContext): 'mg/dL' | 'mmol/L' {
  return context.settings?.unit ?? defaultGlucoseUnit(context.country);
}
