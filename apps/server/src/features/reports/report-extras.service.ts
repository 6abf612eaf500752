import {
  basalScheduleTotal,
  coverageOfSeconds,
  intervalOfGapClassCounts,
  UNKNOWN_SOURCE_INTERVAL_MIN,
  dayNumberToKey,
  localDayNumber,
  localMidnight,
  addDays,
} from '@cgm/domain';
import type {
  AlertsReportResponse,
  DatamapQuery,
  DatamapResponse,
  DeviceSettingsReportResponse,
  EventsReportResponse,
  ReviewedPdmSettings,
  ReportQuery,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { alarmItem, eventItem } from './items';
import { datamapRange, localRange, patientToday, RANGE_LIMIT, type LocalRange } from './report-range';
import { createReportsRepository, type ReportsRepository } from './reports.repository';
import { intervalOfClass } from '../../patient-data';

const inRange = (range: LocalRange) => (item: { time: number; utc_offset_min: number }) => {
  const day = localDayNumber(item.time, item.utc_offset_min);
  return day >= range.startDay && day <= range.endDay;
};

/**
 * The data map (spec §7 chart/{id}/datamap), the device settings review (§3 "Device settings
 * reviewed"), and the events and alerts reports: lists rather than statistics.
 */
export function createReportExtrasService(ctx: AppContext) {
  const repo = createReportsRepository(ctx.readDb);

  async function rangeReport(
    actor: Actor,
    patientId: string,
    q: Pick<ReportQuery, 'from' | 'to'>,
    max: number,
  ) {
    const range = localRange(q.from, q.to, max);
    await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
    const context = await repo.context(patientId);
    const offset = context.latestOffset ?? 0;
    const head = {
      error: 0 as const,
      patient: patientId,
      from: range.from,
      to: range.to,
      from_ms: localMidnight(range.from, offset),
      to_ms: localMidnight(addDays(range.to, 1), offset),
    };
    return { range, context, head };
  }

  return {
    /** Which local dates have sensor readings: counts from the database, validity by the domain rule. */
    async datamap(actor: Actor, patientId: string, q: DatamapQuery): Promise<DatamapResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const context = await repo.context(patientId);
      const now = ctx.clock.now().getTime();
      const range = datamapRange(context, now, q.from, q.to);
      const counts = await repo.dayCounts(patientId, range.fetchFrom, range.fetchTo, context.options);
      return {
        error: 0,
        patient: patientId,
        from: range.from,
        to: range.to,
        today: patientToday(context, now),
        days: daysCovered(counts.filter((c) => c.day >= range.startDay && c.day <= range.endDay)),
      };
    },

    async events(actor: Actor, patientId: string, q: ReportQuery): Promise<EventsReportResponse> {
      const { range, context, head } = await rangeReport(actor, patientId, q, RANGE_LIMIT.events);
      const { events } = await repo.small(patientId, range.fetchFrom, range.fetchTo, context.options, [
        'events',
      ]);
      const kept = events.filter(inRange(range)).map(eventItem);
      const counts: Record<string, number> = {};
      for (const e of kept) counts[e.type] = (counts[e.type] ?? 0) + 1;
      return { ...head, events: kept, counts };
    },

    async alerts(actor: Actor, patientId: string, q: ReportQuery): Promise<AlertsReportResponse> {
      const { range, context, head } = await rangeReport(actor, patientId, q, RANGE_LIMIT.alerts);
      const { alarms } = await repo.small(patientId, range.fetchFrom, range.fetchTo, context.options, [
        'alarms',
      ]);
      const kept = alarms.filter(inRange(range)).map(alarmItem);
      const byCode = new Map<string, AlertsReportResponse['counts'][number]>();
      for (const a of kept) {
        const key = `${a.source}\u0000${a.code}`;
        const c = byCode.get(key) ?? { source: a.source, code: a.code, count: 0 };
        c.count++;
        byCode.set(key, c);
      }
      const counts = [...byCode.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
      return { ...head, alarms: kept, counts };
    },

    /** The PDM settings in force at `at` (default the newest), with each basal pattern's daily total. */
    async deviceSettings(
      actor: Actor,
      patientId: string,
      at?: number,
    ): Promise<DeviceSettingsReportResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const [row, context] = await Promise.all([repo.pdmSettings(patientId, at), repo.context(patientId)]);
      const current = row?.current ?? null;
      // Checked against the same contract schema at ingest (and again by the response schema).
      // Uploaded settings (a Nightscout profile) hold only what their app sent.
      const settings = (current?.settings ?? null) as ReviewedPdmSettings | null;
      return {
        error: 0,
        patient: patientId,
        settings,
        serial: current?.serial ?? null,
        time: current?.time ?? null,
        utc_offset_min: context.latestOffset,
        source: current?.source ?? null,
        basal_totals: settings
          ? Object.fromEntries(
              Object.entries(settings.basal?.patterns ?? {}).flatMap(([name, schedule]) =>
                schedule ? [[name, basalScheduleTotal(schedule)]] : [],
              ),
            )
          : {},
        changes: row?.changes ?? [],
      };
    },
  };
}

/**
 * Each local date's coverage from its readings per source: count × the source's interval (its
 * nominal one, else inferred from its gaps in the range), as the reports' valid days.
 */
function daysCovered(counts: Awaited<ReturnType<ReportsRepository['dayCounts']>>) {
  const gaps = new Map<number, [number, number, number, number]>();
  for (const c of counts) {
    const g = gaps.get(c.src) ?? [0, 0, 0, 0];
    gaps.set(c.src, [g[0] + c.gaps[0], g[1] + c.gaps[1], g[2] + c.gaps[2], g[3] + c.gaps[3]]);
  }
  const intervalOf = (src: number) =>
    intervalOfClass(src & 7) ?? intervalOfGapClassCounts(gaps.get(src)!) ?? UNKNOWN_SOURCE_INTERVAL_MIN;
  const byDay = new Map<number, { count: number; seconds: number }>();
  for (const c of counts) {
    const d = byDay.get(c.day) ?? { count: 0, seconds: 0 };
    byDay.set(c.day, { count: d.count + c.count, seconds: d.seconds + c.count * intervalOf(c.src) * 60 });
  }
  return [...byDay].map(([day, d]) => {
    const { count, valid } = coverageOfSeconds(dayNumberToKey(day), d.count, d.seconds);
    return { day: dayNumberToKey(day), count, valid };
  });
}
