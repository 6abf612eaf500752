import { ageOn, ErrorCode, MS_PER_DAY, type GlucoseUnit } from '@cgm/domain';
import type {
  PatientListItem,
  PatientsResponse,
  PatientsDeleteResponse,
  patientsQuery,
  TimeInRange14,
} from '@cgm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/auth';
import { fail } from '../../http/api-error';
import { isoDay } from '../../http/input-problems';
import { countPatients, listPage, type PatientRow } from './patients.repository';
import { createPatientAccount, type NewPatientInput } from './new-patient';
import { patientGlucoseUnits } from './patient-units';
import { deletePatients } from './delete-patients';
import { clinicPatientsAwaitingConsent } from '../../policy/clinic-access';

/** Time in range is shown over the last 14 days (issue "Clinician work"). */
export const TIR_DAYS = 14;
const PERIOD_MINUTES = (TIR_DAYS * MS_PER_DAY) / 60_000;

type ListQuery = z.output<typeof patientsQuery>;

const MS_PER_HOUR = 3_600_000;
/**
 * The window of the list's time in range: the 14 days of whole UTC hours that end with the
 * current hour (the derived counts are per hour), so "now" and up to an hour more than 14 days.
 */
export function tirWindow(now: Date): { from: Date; to: Date } {
  const to = Math.floor(now.getTime() / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR;
  return { from: new Date(to - TIR_DAYS * MS_PER_DAY), to: new Date(to) };
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * Percentages as `glucoseStats` computes them (CLINICAL.md "timeInRanges": each band weighted by
 * its readings' sampling interval, in range being the rest), from the repository's weighted
 * minutes; coverage is the share of the 14 days the readings cover.
 */
export function tirFromCounts(
  readings: number,
  coveredMin: number,
  belowMin: number,
  aboveMin: number,
): TimeInRange14 | null {
  if (readings <= 0 || coveredMin <= 0) return null;
  const pct = 100 / coveredMin;
  return {
    in_range: (coveredMin - belowMin - aboveMin) * pct,
    below: belowMin * pct,
    above: aboveMin * pct,
    readings,
    coverage: Math.min(100, (coveredMin * 100) / PERIOD_MINUTES),
  };
}

function age(birthday: string | null, today: string): number | null {
  if (!birthday) return null;
  try {
    return ageOn(birthday, today);
  } catch {
    return null;
  }
}

function toItem(r: PatientRow, today: string, unit: GlucoseUnit): PatientListItem {
  return {
    uid: r.id,
    username: r.username,
    name: r.realname ?? '',
    alias: r.alias,
    gender: (r.gender ?? 'unspecified') as PatientListItem['gender'],
    diabetes_type: (r.diabetes_type ?? 'unspecified') as PatientListItem['diabetes_type'],
    upload_time: iso(r.upload_time),
    created_by: r.created_by as PatientListItem['created_by'],
    diabetes_diagnosis_date: r.diabetes_diagnosis_date,
    birthday: r.birthday,
    age: age(r.birthday, today),
    glucose:
      r.g_time === null
        ? null
        : {
            mgdl: r.g_mgdl === null ? null : Math.round(Number(r.g_mgdl) * 10) / 10,
            time: iso(r.g_time)!,
            trend: r.g_rate,
            quality: r.g_quality,
            code: r.g_code,
          },
    unit,
    tir14: tirFromCounts(r.tir_n ?? 0, r.tir_covered ?? 0, r.tir_below ?? 0, r.tir_above ?? 0),
    deletes_account: r.deletes_account,
  };
}

/**
 * The admin login of the account tools sees no patient data, and the clinic login reads only
 * (policy/patient-data.ts): neither creates nor deletes patients.
 */
export const mayList = (a: Actor): boolean => a.userType === 'D' && !a.flags.adminLogin;
export const mayChange = (a: Actor): boolean => mayList(a) && !a.flags.clinicLogin;

export function createPatientsService(ctx: AppContext) {
  async function list(actor: Actor, q: ListQuery): Promise<PatientsResponse['patients']> {
    if (!mayList(actor)) fail(ErrorCode.FORBIDDEN);
    const now = ctx.clock.now();
    const filter = {
      hcpId: actor.userId,
      clinicLogin: actor.flags.clinicLogin,
      q: q.q || undefined,
      diabetesType: q.diabetes_type,
    };
    const [total, rows] = await Promise.all([
      countPatients(ctx.db, filter),
      listPage(ctx.db, {
        ...filter,
        sort: q.sort,
        order: q.order,
        limit: q.size,
        offset: (q.page - 1) * q.size,
        ...tirWindow(now),
        now,
      }),
    ]);
    const pages = Math.ceil(total / q.size);
    const today = isoDay(now);
    // Each patient in the unit their monitor shows (their settings), as on every other screen.
    const units = await patientGlucoseUnits(
      ctx.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => toItem(r, today, units.get(r.id)!)),
      pages,
      total,
      page: q.page,
      has_next: q.page < pages,
      has_prev: q.page > 1,
      ...(actor.flags.clinicLogin && {
        awaiting_consent: await clinicPatientsAwaitingConsent(ctx.db, actor.userId),
      }),
    };
  }

  async function create(actor: Actor, input: NewPatientInput, ip: string | null) {
    if (!mayChange(actor)) fail(ErrorCode.FORBIDDEN);
    return createPatientAccount(ctx, actor, input, ip);
  }

  async function remove(actor: Actor, uids: string[], ip: string | null): Promise<PatientsDeleteResponse> {
    if (!mayChange(actor)) fail(ErrorCode.FORBIDDEN);
    return { error: 0, ...(await deletePatients(ctx, actor, uids, ip)) };
  }

  return { list, create, remove };
}
