import {
  ErrorCode,
  glucoseStats,
  glucoseStatsByLocalDay,
  insulinByLocalDay,
  localDayNumber,
  normalizeUsername,
  summarizeInsulin,
  type GlucoseReading,
} from '@cgm/domain';
import { HCL_MAX_DAYS, type HclDay, type HclReport } from '@cgm/contract';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/auth';
import { ApiError } from '../../http/api-error';
import { InputProblems, isCalendarDay } from '../../http/input-problems';
import { adminScopeOf, assertInScope } from '../../policy/admin-scope';
import { readGlucoseSeries } from '../readings/readings.repository';
import { recordAdminOperation } from '../history/operation-history';
import { findPatient, readBasalSegments, readBoluses } from './hcl.repository';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** UTC offsets run from −12 h to +14 h: read that much around the local days asked for. */
const OFFSET_MARGIN_MS = 14 * 3_600_000;
const round = (v: number | null, digits = 1) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The hybrid-closed-loop summary for /HCLprint (spec §2 "Other admin and tool routes"): for one
 * patient over whole local days (at most 90), time in auto mode, auto mode exits, auto basal and
 * auto correction, time in ranges and the usual glucose figures, overall and per day. A support
 * tool of the account admins, for patients in their scope (named by id or username); each read is
 * written to the admin history with the patient as subject.
 */
export function createHclService(ctx: AppContext) {
  return {
    async report(actor: Actor, who: string, q: { from: string; to: string }, ip: string): Promise<HclReport> {
      const problems = new InputProblems();
      problems.check(isCalendarDay(q.from), 'from', 'validation.date');
      problems.check(isCalendarDay(q.to), 'to', 'validation.date');
      problems.throwIfAny();
      const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
      problems.check(days >= 1, 'to', 'hclPrint.errors.rangeOrder');
      problems.check(days <= HCL_MAX_DAYS, 'to', 'hclPrint.errors.rangeTooLong');
      problems.throwIfAny();

      const patient = await findPatient(ctx.db, who, normalizeUsername(who));
      // A deleted account's data is only kept for the retention period (spec §1), not shown.
      if (!patient || patient.userType !== 'P' || patient.deletedAt) throw new ApiError(ErrorCode.NOT_FOUND);
      assertInScope(await adminScopeOf(ctx.db, actor), patient.country);
      const patientId = patient.id;
      await recordAdminOperation(ctx, {
        actorId: actor.userId,
        subjectId: patientId,
        action: 'hcl.print',
        detail: { from: q.from, to: q.to },
        ip,
      });

      const readFrom = new Date(Date.parse(`${q.from}T00:00:00Z`) - OFFSET_MARGIN_MS);
      const readTo = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS + OFFSET_MARGIN_MS);
      const [series, basal, boluses] = await Promise.all([
        readGlucoseSeries(ctx.db, patientId, readFrom, readTo),
        readBasalSegments(ctx.db, patientId, readFrom, readTo),
        readBoluses(ctx.db, patientId, readFrom, readTo),
      ]);
      // Compared as day numbers, not strings: this runs once per reading (~65,000 for 90 days).
      const firstDay = Date.parse(`${q.from}T00:00:00Z`) / DAY_MS;
      const lastDay = firstDay + days - 1;
      const inDays = (time: number, offset: number) => {
        const day = localDayNumber(time, offset);
        return day >= firstDay && day <= lastDay;
      };
      const readings: GlucoseReading[] = [];
      for (let i = 0; i < series.time.length; i++) {
        const r = { time: series.time[i]!, mgdl: series.mgdl[i]!, utcOffsetMin: series.utcOffsetMin[i]! };
        if (inDays(r.time, r.utcOffsetMin)) readings.push(r);
      }
      // The period: local midnight of the first day to that after the last, at the readings' offsets.
      const firstOffset = readings[0]?.utcOffsetMin ?? 0;
      const lastOffset = readings.at(-1)?.utcOffsetMin ?? firstOffset;
      const glucose = glucoseStats(readings, {
        from: Date.parse(`${q.from}T00:00:00Z`) - firstOffset * MINUTE_MS,
        to: Date.parse(`${q.to}T00:00:00Z`) + DAY_MS - lastOffset * MINUTE_MS,
      });
      const insulinDays = insulinByLocalDay(basal, boluses).filter((d) => d.day >= q.from && d.day <= q.to);
      const insulin = summarizeInsulin(insulinDays);
      const glucoseDays = new Map(glucoseStatsByLocalDay(readings).map((d) => [d.day, d.stats]));

      const daily: HclDay[] = [];
      for (let i = 0; i < days; i++) {
        const day = new Date(Date.parse(`${q.from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
        const ins = insulinDays.find((d) => d.day === day);
        const g = glucoseDays.get(day);
        daily.push({
          day,
          time_in_auto:
            ins && ins.basalMinutes > 0 ? round((100 * ins.autoModeMinutes) / ins.basalMinutes) : null,
          auto_exits: ins?.autoModeExits ?? 0,
          auto_basal: round(ins?.autoBasal ?? 0, 2)!,
          auto_correction: round(ins?.autoBolus ?? 0, 2)!,
          total_insulin: round(ins?.total ?? 0, 2)!,
          tir: round(g?.timeInRanges?.inRange ?? null),
          mean: round(g?.mean ?? null),
          readings: g?.count ?? 0,
        });
      }
      const tir = glucose.timeInRanges;
      return {
        patient: {
          uid: patient.id,
          realname: patient.realname ?? '',
          username: patient.username,
          country: patient.country,
        },
        from: q.from,
        to: q.to,
        days,
        glucose: {
          count: glucose.count,
          mean: round(glucose.mean),
          sd: round(glucose.sd),
          cv: round(glucose.cv),
          gmi: round(glucose.gmi),
          sufficient: glucose.sufficient,
          time_in_ranges: tir && {
            very_low: round(tir.veryLow)!,
            low: round(tir.low)!,
            in_range: round(tir.inRange)!,
            high: round(tir.high)!,
            very_high: round(tir.veryHigh)!,
          },
        },
        insulin: {
          days: insulin.days,
          time_in_auto: round(insulin.timeInAutoMode),
          auto_exits: insulin.autoModeExits,
          total_daily_dose: round(insulin.totalDailyDose, 2),
          basal: round(insulin.basal, 2),
          bolus: round(insulin.bolus, 2),
          auto_basal: round(insulin.autoBasal, 2),
          auto_correction: round(insulin.autoBolus, 2),
        },
        daily,
      };
    },
  };
}
