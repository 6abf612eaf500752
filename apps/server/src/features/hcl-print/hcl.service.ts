import {
  ErrorCode,
  insulinByLocalDay,
  localDayNumber,
  normalizeUsername,
  summarizeInsulin,
} from '@cgm/domain';
import { HCL_MAX_DAYS, type HclDay, type HclReport } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import { InputProblems, isCalendarDay } from '../../platform/http/input-problems';
import { adminScopeOf, assertInScope } from '../../access/admin-scope';
import { recordAdminOperation } from '../../access/operation-history';
import { readGlucoseSeries } from '../../patient-data';
import { findPatient, readBasalSegments, readBoluses } from './hcl.repository';

const DAY_MS = 86_400_000;
/** UTC offsets run from −12 h to +14 h: read that much around the local days asked for. */
const OFFSET_MARGIN_MS = 14 * 3_600_000;
const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/**
 * The hybrid-closed-loop summary for /HCLprint (spec §2 "Other admin and tool routes"): for one
 * patient over whole local days (at most 90), how the device ran: time in auto mode, auto mode
 * exits and how many sensor readings arrived, overall and per day. A support tool of the account
 * admins, for patients in their scope (named by id or username). An admin is not the patient's
 * clinician, so no glucose or insulin figure is in it (docs/PERMISSIONS.md, issue 15 finding 10);
 * each read is still written to the admin history with the patient as subject.
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
        readGlucoseSeries(ctx.db, patientId, readFrom.getTime(), readTo.getTime()),
        readBasalSegments(ctx.db, patientId, readFrom, readTo),
        readBoluses(ctx.db, patientId, readFrom, readTo),
      ]);
      // Readings counted per local day, as day numbers (this runs once per reading, ~65,000 for 90 days).
      const firstDay = Date.parse(`${q.from}T00:00:00Z`) / DAY_MS;
      const readingsPerDay = new Array<number>(days).fill(0);
      for (let i = 0; i < series.time.length; i++) {
        const index = localDayNumber(series.time[i]!, series.utcOffsetMin[i]!) - firstDay;
        if (index >= 0 && index < days) readingsPerDay[index]! += 1;
      }
      const insulinDays = insulinByLocalDay(basal, boluses).filter((d) => d.day >= q.from && d.day <= q.to);
      const autoMode = summarizeInsulin(insulinDays);

      const daily: HclDay[] = readingsPerDay.map((readings, i) => {
        const day = new Date(Date.parse(`${q.from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
        const ins = insulinDays.find((d) => d.day === day);
        return {
          day,
          time_in_auto:
            ins && ins.basalMinutes > 0 ? round((100 * ins.autoModeMinutes) / ins.basalMinutes) : null,
          auto_exits: ins?.autoModeExits ?? 0,
          readings,
        };
      });
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
        readings: readingsPerDay.reduce((sum, n) => sum + n, 0),
        auto_mode: {
          days: autoMode.days,
          time_in_auto: round(autoMode.timeInAutoMode),
          auto_exits: autoMode.autoModeExits,
        },
        daily,
      };
    },
  };
}
