import {
  dayNumberToKey,
  glucoseStats,
  glucoseStatsByLocalDay,
  isoToDayNumber,
  localDayNumber,
  localMidnight,
  type DailyInsulin,
  type GlucoseStats,
} from '@cgm/domain';
import type { DdDay, DdResponse } from '@cgm/contract';
import { dailyInsulinBlock, statsBlock } from './blocks';
import { alarmItem, basalKindOf, bolusItem, eventItem } from './items';
import type { BasalColumns, FlaggedSg } from './packed';
import type { GlucoseInput } from './report-input';
import type { Thresholds } from './report-range';
import type { SmallRows } from './reports.repository';

const dayOf = (time: number, offset: number) => dayNumberToKey(localDayNumber(time, offset));

/** Items grouped by the local date of their time. */
function byDay<T extends { time: number; utc_offset_min: number }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item.time, item.utc_offset_min);
    const list = out.get(day);
    if (list) list.push(item);
    else out.set(day, [item]);
  }
  return out;
}

/** The rows of one local date; `days` holds each row's local day number, computed once. */
function sgOfDay(sg: FlaggedSg, days: Int32Array, day: number): DdDay['sg'] {
  const out: DdDay['sg'] = { time: [], utc_offset_min: [], mgdl: [], quality: [], display_code: [] };
  for (let i = 0; i < sg.time.length; i++) {
    if (days[i] !== day) continue;
    out.time.push(sg.time[i]!);
    out.utc_offset_min.push(sg.utcOffsetMin[i]!);
    out.mgdl.push(sg.mgdl[i]!);
    out.quality.push(sg.quality[i]!);
    out.display_code.push(sg.displayCode[i]!);
  }
  return out;
}

function basalOfDay(cols: BasalColumns, from: number, to: number): DdDay['basal'] {
  const out: DdDay['basal'] = {
    start: [], utc_offset_min: [], duration_min: [], rate: [], delivered: [], code: [], kind: [], series: [],
    auto_basal: [], auto_corr: [], auto_food: [],
  }; // prettier-ignore
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  for (let i = 0; i < cols.n; i++) {
    const start = cols.start[i]!;
    const end = start + cols.durationMin[i]! * 60_000;
    // Overlapping the day; a marker without duration belongs to the day it happened in.
    if (!(start < to && (end > from || (end === start && start >= from)))) continue;
    const { kind, series } = basalKindOf(cols.code[i]!);
    out.start.push(start);
    out.utc_offset_min.push(cols.utcOffsetMin[i]!);
    out.duration_min.push(cols.durationMin[i]!);
    out.rate.push(cols.rate[i]!);
    out.delivered.push(cols.delivered[i]!);
    out.code.push(cols.code[i]!);
    out.kind.push(kind);
    out.series.push(series);
    out.auto_basal.push(orNull(cols.autoBasal[i]!));
    out.auto_corr.push(orNull(cols.autoCorr[i]!));
    out.auto_food.push(orNull(cols.autoFood[i]!));
  }
  return out;
}

/** dd: each local date of the range with its readings, insulin, items and statistics. */
export function buildDd(
  g: GlucoseInput,
  sg: FlaggedSg,
  basal: BasalColumns,
  small: SmallRows,
  insulin: readonly DailyInsulin[],
  t: Thresholds,
  fallbackOffset: number,
): DdResponse['report_data'] {
  const options = {
    targetLow: t.target_low,
    targetHigh: t.target_high,
    aucAbove: t.auc_above,
    aucBelow: t.auc_below,
  };
  const stats = new Map<string, { from: number; to: number; stats: GlucoseStats }>(
    glucoseStatsByLocalDay(g.all, options).map((d) => [d.day, d]),
  );
  const insulinByDay = new Map(insulin.map((d) => [d.day, d]));
  const sgDays = Int32Array.from(sg.time, (time, i) => localDayNumber(time, sg.utcOffsetMin[i]!));
  const [boluses, bg, events, alarms, sessions] = [
    byDay(small.boluses), byDay(small.bg), byDay(small.events), byDay(small.alarms),
    byDay(small.sessions.map((s) => ({ ...s, time: s.start }))),
  ]; // prettier-ignore
  return {
    days: g.coverage.map((c) => {
      const s = stats.get(c.day);
      const from = s?.from ?? localMidnight(c.day, fallbackOffset);
      const to = s?.to ?? from + 86_400_000;
      const ins = insulinByDay.get(c.day);
      return {
        day: c.day,
        from_ms: from,
        to_ms: to,
        valid: c.valid,
        stats: statsBlock(s?.stats ?? glucoseStats([], { ...options, from, to })),
        insulin: ins ? dailyInsulinBlock(ins) : null,
        sg: sgOfDay(sg, sgDays, isoToDayNumber(c.day)),
        basal: basalOfDay(basal, from, to),
        boluses: (boluses.get(c.day) ?? []).map(bolusItem),
        bg: bg.get(c.day) ?? [],
        events: (events.get(c.day) ?? []).map(eventItem),
        alarms: (alarms.get(c.day) ?? []).map(alarmItem),
        sessions: (sessions.get(c.day) ?? []).map(({ time: _t, ...rest }) => rest),
      };
    }),
  };
}
