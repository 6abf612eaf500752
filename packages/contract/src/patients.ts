import { z } from 'zod';
import { TRIAGE_FLAGS } from '@cgm/domain';
import { createdBy, isoDate, uid } from './common';
import { diabetesType, gender } from './accounts';
import { glucoseUnit } from './data';

// The clinician's patient list (spec §2 /PatientList, /HcpMenu, /ClinicPatientList; §3 "Patient
// list item"; §7 GET api/v2.0/patients), new patient and patient deletion (spec §6, §8).

export const PATIENTS_PAGE_SIZE = 20;
export const PATIENTS_PAGE_SIZE_MAX = 100;

/**
 * `risk`: the domain's risk order (triage.ts riskRank), most urgent first by default; the figures
 * sort by the 14-day summary; `last_reading` by days since the newest reading.
 */
export const patientSort = z.enum([
  'risk',
  'name',
  'upload_time',
  'glucose',
  'tir',
  'very_low',
  'below',
  'above',
  'very_high',
  'wear',
  'gmi',
  'cv',
  'last_reading',
]);
export type PatientSort = z.infer<typeof patientSort>;
/** The order a sort takes when none is asked: the riskiest first, else smallest first. */
export const defaultOrderOf = (sort: PatientSort): 'asc' | 'desc' => (sort === 'risk' ? 'desc' : 'asc');

export const patientsQuery = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(PATIENTS_PAGE_SIZE_MAX).default(PATIENTS_PAGE_SIZE),
  /** Part of the real name, alias or user name (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  diabetes_type: diabetesType.optional(),
  sort: patientSort.default('risk'),
  /** Default: defaultOrderOf(sort). */
  order: z.enum(['asc', 'desc']).optional(),
  /** "Needs attention": only the patients with at least one triage flag. */
  attention: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type PatientsQuery = z.input<typeof patientsQuery>;

/** The newest sensor reading: value in mg/dL (null for a display code such as H), trend 0–8 (CLINICAL.md). */
export const latestGlucose = z.object({
  mgdl: z.number().nullable(),
  time: z.string(),
  trend: z.number().int().nullable(),
  /** Quality flag (C, CX, NC, DE) or null. */
  quality: z.string().nullable(),
  /** Display code shown instead of a value (CE0, CE1, H) or null. */
  code: z.string().nullable(),
});
export type LatestGlucose = z.infer<typeof latestGlucose>;

/**
 * Time in range over the last 14 days, as the domain's `glucoseStats` counts it: percent of the
 * readings 70–180 mg/dL (bounds included), below 70 and above 180; `coverage` is the percent of
 * the 14 days the readings cover (each counted for its source's sampling interval, CLINICAL.md).
 */
export const timeInRange14 = z.object({
  in_range: z.number(),
  below: z.number(),
  above: z.number(),
  readings: z.number().int(),
  coverage: z.number(),
});
export type TimeInRange14 = z.infer<typeof timeInRange14>;

export const triageFlag = z.enum(TRIAGE_FLAGS);
export type TriageFlagCode = z.infer<typeof triageFlag>;

/**
 * A patient's triage figures over the list's 14 days, from the domain's glucoseStats (the report's
 * figures): the five bands in % of time (null without readings), wear (% of the 14 days covered),
 * GMI (null when withheld, with the reason), CV, the previous 14 days' time in range (null when too
 * little data showed it), the flags in risk order, and when they were computed.
 */
export const triageFigures = z.object({
  bands: z
    .object({
      very_low: z.number(),
      low: z.number(),
      in_range: z.number(),
      high: z.number(),
      very_high: z.number(),
    })
    .nullable(),
  wear: z.number().nullable(),
  gmi: z.number().nullable(),
  gmi_withheld: z.string().nullable(),
  cv: z.number().nullable(),
  previous_in_range: z.number().nullable(),
  flags: z.array(triageFlag),
  computed_at: z.string(),
});
export type TriageFigures = z.infer<typeof triageFigures>;

/** The population summary line: how many patients the list holds, flagged in all and per flag. */
export const triagePopulation = z.object({
  patients: z.number().int(),
  flagged: z.number().int(),
  per_flag: z.record(triageFlag, z.number().int()),
});
export type TriagePopulation = z.infer<typeof triagePopulation>;

export const patientListItem = z.object({
  uid,
  username: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  gender,
  diabetes_type: diabetesType,
  /** Last data upload (ISO time) or null when no data ever arrived. */
  upload_time: z.string().nullable(),
  created_by: createdBy,
  diabetes_diagnosis_date: z.string().nullable(),
  birthday: z.string().nullable(),
  age: z.number().int().nullable(),
  glucose: latestGlucose.nullable(),
  /** The unit the patient's monitor shows glucose in (their settings, else their country's). */
  unit: glucoseUnit,
  tir14: timeInRange14.nullable(),
  /** The triage figures of the last 14 days (null before the patient's summary is first computed). */
  triage: triageFigures.nullable(),
  /** Whole days since the newest reading (from its time, never the upload's); null without one. */
  days_since_reading: z.number().int().nullable(),
  /** True when deleting removes the whole account (this HCP created it and nobody else follows it). */
  deletes_account: z.boolean(),
});
export type PatientListItem = z.infer<typeof patientListItem>;

export const patientsResponse = z.object({
  error: z.literal(0),
  patients: z.object({
    items: z.array(patientListItem),
    pages: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
    /**
     * Clinic login only: how many patients accepted one of the clinic's HCPs but have not allowed
     * the clinic's desk to read their data (not listed, so the desk knows why they are missing).
     */
    awaiting_consent: z.number().int().optional(),
    population: triagePopulation,
  }),
});
export type PatientsResponse = z.infer<typeof patientsResponse>;

/** A patient account created by an HCP (created_by 'hcp'); e-mail or mobile becomes the username. */
export const patientNewRequest = z.object({
  email: z.string().trim().max(254).optional(),
  mobile: z.string().trim().max(20).optional(),
  password: z.string().max(200),
  realname: z.string().trim(),
  alias: z.string().trim().max(40).optional(),
  gender: gender.default('unspecified'),
  birthday: isoDate.optional(),
  diabetes_type: diabetesType.default('unspecified'),
  diabetes_diagnosis_date: isoDate.optional(),
  inpatient: z.boolean().default(false),
  patient_no: z.string().trim().max(40).optional(),
  bed_no: z.string().trim().max(20).optional(),
});
export type PatientNewRequest = z.input<typeof patientNewRequest>;
export const patientNewResponse = z.object({ error: z.literal(0), uid, username: z.string() });

export const patientsDeleteRequest = z.object({
  uids: z.array(uid).min(1).max(PATIENTS_PAGE_SIZE_MAX),
  /**
   * The user confirmed spec §8's "delete patients" question: a deletion can remove an account with
   * all its data, so the server refuses a call without it (as data/delete does).
   */
  confirm: z.literal(true, 'confirm.deletePatients'),
});
export const patientsDeleteResponse = z.object({
  error: z.literal(0),
  /** Accounts deleted with all their data. */
  deleted: z.array(uid),
  /** Patients only removed from this HCP's list (the relation ended). */
  removed: z.array(uid),
});
export type PatientsDeleteResponse = z.infer<typeof patientsDeleteResponse>;
