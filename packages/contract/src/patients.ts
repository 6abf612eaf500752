import { z } from 'zod';
import { createdBy, isoDate, uid } from './common';
import { diabetesType, gender } from './accounts';
import { glucoseUnit } from './data';

// The clinician's patient list (spec §2 /PatientList, /HcpMenu, /ClinicPatientList; §3 "Patient
// list item"; §7 GET api/v2.0/patients), new patient and patient deletion (spec §6, §8).

export const PATIENTS_PAGE_SIZE = 20;
export const PATIENTS_PAGE_SIZE_MAX = 100;

export const patientSort = z.enum(['name', 'upload_time', 'glucose', 'tir']);
export type PatientSort = z.infer<typeof patientSort>;

export const patientsQuery = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(PATIENTS_PAGE_SIZE_MAX).default(PATIENTS_PAGE_SIZE),
  /** Part of the real name, alias or user name (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  diabetes_type: diabetesType.optional(),
  sort: patientSort.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
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
