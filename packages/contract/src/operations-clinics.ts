import { z } from 'zod';
import { isCountryCode } from '@cgm/domain';
import { countryCode } from './common';
import { text, optionalText } from './operations-fields';

// Operations tools of account administration (part B): clinics (/ClinicDataAdd, /ClinicalData).

export const clinicFields = z.object({
  name: text(120),
  country: countryCode.refine(isCountryCode, 'validation.country'),
  address: optionalText(300),
  contact: optionalText(200),
});

/** A new clinic and its clinic login (an HCP account flagged clinic_login, spec §1). */
export const clinicCreateRequest = clinicFields.extend({
  login: z.object({
    username: z.string().trim().email('validation.email').max(254),
    password: z.string().min(1).max(64),
    realname: text(100),
  }),
});
export type ClinicCreateRequest = z.input<typeof clinicCreateRequest>;
export const clinicEditRequest = clinicFields;
export type ClinicEditRequest = z.input<typeof clinicEditRequest>;

export const clinicPerson = z.object({ uid: z.string(), username: z.string(), realname: z.string() });

export const clinic = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number().nullable(),
  login: clinicPerson.nullable(),
  hcps: z.array(clinicPerson),
  /** Patients who accepted one of the clinic's HCPs (the patients its clinic login reads). */
  patient_count: z.number().int(),
});
export type Clinic = z.infer<typeof clinic>;

/** A patient of a clinic, with the clinic's HCPs the patient accepted. */
export const clinicPatient = clinicPerson.extend({ country: z.string(), hcps: z.array(z.string()) });
export type ClinicPatient = z.infer<typeof clinicPatient>;
/** At most this many patients are listed per clinic (the count has them all). */
export const CLINIC_PATIENTS_MAX = 500;
export const clinicPatientsResponse = z.object({
  error: z.literal(0),
  patients: z.array(clinicPatient),
  /** All the clinic's patients, including those outside the admin's scope (not listed). */
  total: z.number().int(),
});

export const clinicsQuery = z.object({ q: z.string().trim().max(120).optional() });
export const clinicsResponse = z.object({ error: z.literal(0), clinics: z.array(clinic) });
export const clinicResponse = z.object({ error: z.literal(0), clinic });

/**
 * Assign an HCP (by username) to a clinic, or take them out of theirs (clinic_id null). Taking an
 * HCP out ends the clinic login's access to that HCP's patients, so it needs `confirm: true` (the
 * screen asks first, the server insists).
 */
export const clinicHcpRequest = z
  .object({
    username: z.string().trim().min(1).max(254),
    clinic_id: z.string().min(1).max(64).nullable(),
    confirm: z.boolean().optional(),
  })
  .refine((r) => r.clinic_id !== null || r.confirm === true, {
    message: 'admin.confirmRequired',
    path: ['confirm'],
  });
export type ClinicHcpRequest = z.input<typeof clinicHcpRequest>;
