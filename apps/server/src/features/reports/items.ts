import {
  basalCodeInfo,
  basalSeriesOf,
  bolusCodeInfo,
  bolusKind,
  bolusSeriesOf,
  bolusTotal,
} from '@cgm/domain';
import type { AlarmItem, BolusItem, ReportEvent } from '@cgm/contract';
import type { AlarmRow, BolusRow, EventRow } from './reports.repository';
import { bolusRecords } from './report-input';

/** A bolus row as the daily report lists it: kind, series and total from the domain. */
export function bolusItem(row: BolusRow): BolusItem {
  const record = bolusRecords([row])[0]!;
  return {
    time: row.time,
    utc_offset_min: row.utc_offset_min,
    code: row.code,
    kind: bolusKind(record),
    series: bolusSeriesOf(record) as BolusItem['series'],
    manual: bolusCodeInfo(row.code)?.manual ?? false,
    set: row.set,
    delivered: row.delivered,
    extended_set: row.extended_set,
    extended_delivered: row.extended_delivered,
    extended_duration_min: row.extended_duration_min,
    total: bolusTotal(record),
    details: row.details,
  };
}

export function alarmItem(row: AlarmRow): AlarmItem {
  return { ...row, duration_min: row.cleared_at === null ? null : (row.cleared_at - row.time) / 60_000 };
}

export function eventItem(row: EventRow): ReportEvent {
  return row;
}

/** The kind and chart series of a basal code (domain basal-codes, chart-series). */
export function basalKindOf(code: string): { kind: string | null; series: string | null } {
  return { kind: basalCodeInfo(code)?.kind ?? null, series: basalSeriesOf(code) ?? null };
}
