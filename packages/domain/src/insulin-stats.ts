// Insulin statistics per local day (spec §3 "Statistics": total daily dose, basal, bolus (normal,
// extended, combo), time in auto mode, auto basal, auto bolus, auto mode exits; CLINICAL.md
// "Insulin and device data"). A basal segment crossing local midnight is split by time.

import { AUTO_MODE_EXIT, basalCodeInfo, isAutoModeBasal } from './basal-codes';
import type { BolusKind, BolusRecord } from './bolus-codes';
import { bolusKind, bolusTotal } from './bolus-codes';
import { dayNumberToKey, localDayNumber, MS_PER_DAY, MS_PER_MINUTE } from './readings';

/** Auto-mode micro-deliveries are 0.05 U per 6-minute sample (spec §9); for the simulator and charts. */
export const AUTO_MICRO_DOSE_U = 0.05;
export const AUTO_SAMPLE_MINUTES = 6;

/**
 * Auto-mode micro-deliveries of a basal row (spec §3 JSON auto_basal_delivery, auto_corr_delivery,
 * auto_food_delivery), in units delivered during the row; a row is typically one 6-minute sample.
 */
export interface AutoDeliveries {
  basal?: number | null;
  correction?: number | null;
  food?: number | null;
}

export interface BasalSegment {
  /** Epoch ms UTC. */
  start: number;
  utcOffsetMin?: number;
  durationMin: number;
  /** U/h. */
  rate: number;
  /** Units delivered in the segment. */
  delivered: number;
  /** Basal type code (basal-codes.ts). */
  type: string;
  autoDeliveries?: AutoDeliveries;
}

export interface DailyInsulin {
  day: string;
  /** All basal, auto basal included. */
  basal: number;
  autoBasal: number;
  /** All bolus: normal + extended + combo + auto. */
  bolus: number;
  bolusNormal: number;
  bolusExtended: number;
  bolusCombo: number;
  /** Auto correction + auto food micro-deliveries. */
  autoBolus: number;
  total: number;
  /** Minutes covered by basal segments, and of those in auto mode and suspended. */
  basalMinutes: number;
  autoModeMinutes: number;
  suspendMinutes: number;
  autoModeExits: number;
}

function emptyDay(day: string): DailyInsulin {
  return {
    day, basal: 0, autoBasal: 0, bolus: 0, bolusNormal: 0, bolusExtended: 0, bolusCombo: 0, autoBolus: 0,
    total: 0, basalMinutes: 0, autoModeMinutes: 0, suspendMinutes: 0, autoModeExits: 0,
  }; // prettier-ignore
}

/** Minutes of [start, start + duration) falling in each local day. */
export function splitByLocalDay(
  start: number,
  durationMin: number,
  utcOffsetMin: number = 0,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let t = start;
  const end = start + durationMin * MS_PER_MINUTE;
  while (t < end) {
    const day = localDayNumber(t, utcOffsetMin);
    const nextMidnight = (day + 1) * MS_PER_DAY - utcOffsetMin * MS_PER_MINUTE;
    const pieceEnd = Math.min(end, nextMidnight);
    out.push([day, (pieceEnd - t) / MS_PER_MINUTE]);
    t = pieceEnd;
  }
  return out;
}

/** Auto basal of an auto segment: its auto_basal_delivery when given, else what it delivered. */
export function autoBasalOf(segment: BasalSegment): number {
  return segment.autoDeliveries?.basal ?? segment.delivered;
}

/** Auto bolus of a segment: auto correction plus auto food micro-deliveries. */
export function autoBolusOf(segment: BasalSegment): number {
  return (segment.autoDeliveries?.correction ?? 0) + (segment.autoDeliveries?.food ?? 0);
}

type Days = Map<number, DailyInsulin>;

function dayRow(days: Days, dayNumber: number): DailyInsulin {
  let row = days.get(dayNumber);
  if (!row) days.set(dayNumber, (row = emptyDay(dayNumberToKey(dayNumber))));
  return row;
}

function addSegment(days: Days, s: BasalSegment): void {
  const offset = s.utcOffsetMin ?? 0;
  const kind = basalCodeInfo(s.type)?.kind;
  if (s.type === AUTO_MODE_EXIT) dayRow(days, localDayNumber(s.start, offset)).autoModeExits++;
  const auto = isAutoModeBasal(s.type);
  const basal = auto ? autoBasalOf(s) : s.delivered;
  const autoBolus = autoBolusOf(s);
  const pieces = splitByLocalDay(s.start, s.durationMin, offset);
  // A row without duration (a marker, or a sample given as a point) counts on its start day.
  if (pieces.length === 0) pieces.push([localDayNumber(s.start, offset), 0]);
  for (const [day, minutes] of pieces) {
    const row = dayRow(days, day);
    const share = s.durationMin > 0 ? minutes / s.durationMin : 1;
    row.basalMinutes += minutes;
    if (kind === 'suspend') row.suspendMinutes += minutes;
    row.basal += basal * share;
    row.autoBolus += autoBolus * share;
    if (auto) {
      row.autoModeMinutes += minutes;
      row.autoBasal += basal * share;
    }
  }
}

const BOLUS_FIELD: Record<BolusKind, 'bolusNormal' | 'bolusExtended' | 'bolusCombo'> = {
  normal: 'bolusNormal',
  extended: 'bolusExtended',
  combo: 'bolusCombo',
};

/** One row per local day with any insulin data, in calendar order. Boluses count on their start day. */
export function insulinByLocalDay(
  basal: readonly BasalSegment[],
  boluses: readonly BolusRecord[],
): DailyInsulin[] {
  const days: Days = new Map();
  for (const s of basal) addSegment(days, s);
  for (const b of boluses) {
    const row = dayRow(days, localDayNumber(b.time, b.utcOffsetMin ?? 0));
    row[BOLUS_FIELD[bolusKind(b)]] += bolusTotal(b);
  }
  const rows = [...days.keys()].sort((a, b) => a - b).map((d) => days.get(d)!);
  for (const r of rows) {
    r.bolus = r.bolusNormal + r.bolusExtended + r.bolusCombo + r.autoBolus;
    r.total = r.basal + r.bolus;
  }
  return rows;
}
