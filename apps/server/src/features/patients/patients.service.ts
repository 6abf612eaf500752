import { ageOn, flagBit, flagsOfMask, MS_PER_DAY, noRecentData, type GlucoseUnit } from '@cgm/domain';
import {
  defaultOrderOf,
  type PatientListItem,
  type PatientsResponse,
  type PatientsDeleteResponse,
  type patientsQuery,
  type TimeInRange14,
  type TriageFigures,
} from '@cgm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { isoDay } from '../../platform/http/input-problems';
import { countPatients, listPage, type PatientRow } from './patients.repository';
import { createPatientAccount, type NewPatientInput } from './new-patient';
import { patientGlucoseUnits } from '../../accounts/patient-units';
import { deletePatients } from './delete-patients';
import { clinicPatientsAwaitingConsent } from '../../access/clinic-access';

export { TIR_DAYS, tirWindow } from './list-window';

type ListQuery = z.output<typeof patientsQuery>;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The list's time in range (its first figures, kept for the clients that read them) from the summary. */
function tirOf(r: PatientRow): TimeInRange14 | null {
  if (!r.s_readings || r.s_in_range === null) return null;
  return {
    in_range: r.s_in_range,
    below: (r.s_very_low ?? 0) + (r.s_low ?? 0),
    above: (r.s_high ?? 0) + (r.s_very_high ?? 0),
    readings: r.s_readings,
    coverage: r.s_wear ?? 0,
  };
}

/**
 * The triage figures of the page's row. "No data" is judged on the newest reading read live for
 * this page (exact), the other flags come with the summary.
 */
function triageOf(r: PatientRow, nowMs: number): TriageFigures | null {
  if (r.s_computed_at === null) return null;
  const lastMs = r.g_time === null ? null : new Date(r.g_time).getTime();
  const mask = (r.s_mask ?? 0) | (noRecentData(lastMs, nowMs) ? flagBit('no_data') : 0);
  const bands =
    r.s_readings && r.s_in_range !== null
      ? {
          very_low: r.s_very_low ?? 0,
          low: r.s_low ?? 0,
          in_range: r.s_in_range,
          high: r.s_high ?? 0,
          very_high: r.s_very_high ?? 0,
        }
      : null;
  return {
    bands,
    wear: r.s_wear,
    gmi: r.s_gmi,
    gmi_withheld: r.s_gmi_withheld,
    cv: r.s_cv,
    previous_in_range: r.s_previous_in_range,
    flags: flagsOfMask(mask),
    computed_at: iso(r.s_computed_at)!,
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

function toItem(r: PatientRow, now: Date, unit: GlucoseUnit): PatientListItem {
  const today = isoDay(now);
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
    tir14: tirOf(r),
    triage: triageOf(r, now.getTime()),
    days_since_reading:
      r.g_time === null ? null : Math.floor((now.getTime() - new Date(r.g_time).getTime()) / MS_PER_DAY),
    deletes_account: r.deletes_account,
  };
}

/**
 * Who lists, creates and deletes patients is the routes' access rule (`hcpWork` with `patients`,
 * access/clinician.ts): the admin login sees no patient, the clinic login only reads.
 */
export function createPatientsService(ctx: AppContext) {
  async function list(actor: Actor, q: ListQuery): Promise<PatientsResponse['patients']> {
    const now = ctx.clock.now();
    const filter = {
      hcpId: actor.userId,
      clinicLogin: actor.flags.clinicLogin,
      q: q.q || undefined,
      diabetesType: q.diabetes_type,
    };
    const [population, rows] = await Promise.all([
      countPatients(ctx.db, filter, now),
      listPage(ctx.db, {
        ...filter,
        sort: q.sort,
        order: q.order ?? defaultOrderOf(q.sort),
        limit: q.size,
        offset: (q.page - 1) * q.size,
        attention: q.attention ?? false,
        now,
      }),
    ]);
    const total = q.attention ? population.flagged : population.patients;
    const pages = Math.ceil(total / q.size);
    // Each patient in the unit their monitor shows (their settings), as on every other screen.
    const units = await patientGlucoseUnits(
      ctx.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => toItem(r, now, units.get(r.id)!)),
      pages,
      total,
      page: q.page,
      has_next: q.page < pages,
      has_prev: q.page > 1,
      ...(actor.flags.clinicLogin && {
        awaiting_consent: await clinicPatientsAwaitingConsent(ctx.db, actor.userId),
      }),
      population: {
        patients: population.patients,
        flagged: population.flagged,
        per_flag: population.perFlag,
      },
    };
  }

  async function create(actor: Actor, input: NewPatientInput, ip: string | null) {
    return createPatientAccount(ctx, actor, input, ip);
  }

  async function remove(actor: Actor, uids: string[], ip: string | null): Promise<PatientsDeleteResponse> {
    return { error: 0, ...(await deletePatients(ctx, actor, uids, ip)) };
  }

  return { list, create, remove };
}
