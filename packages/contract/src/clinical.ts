import { z } from 'zod';
import {
  COMPLICATIONS,
  DOSE_UNITS,
  EXERCISE_INTENSITIES,
  isValidNotes,
  NOTES_MAX_LENGTH,
  PATIENT_CLINIC_FIELDS,
  PATIENT_PERSONAL_FIELDS,
  USER_EVENT_TYPES,
  type RecordKind as DomainRecordKind,
} from '@cgm/domain';
import { createdBy, isoDate, uid } from './common';
import { diabetesType, gender } from './accounts';
import { glucoseUnit } from './data';

// A clinician's work on one patient (spec §3 "Events", "Records", "Profile"; §7 events/{id},
// records/{id}, patients/{id}/profile). Times are epoch ms UTC; glucose in answers is mg/dL.

const epochMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);
const epochMsQuery = z.coerce.number().int().min(0).max(4_102_444_800_000);

/** Notes and content: at most 1000 characters, counted like the forms count them (spec §5). */
const notes = z
  .string()
  .max(NOTES_MAX_LENGTH * 2)
  .refine(isValidNotes, 'validation.notesTooLong');

// ---------------------------------------------------------------------------------------------
// Events (spec §3 "Events")

/** device: from the sensor or patch apps; uploaded: from another app's file; user: typed by a person. */
export const eventSource = z.enum(['device', 'user', 'uploaded']);
export type EventSource = z.infer<typeof eventSource>;

export const clinicalEvent = z.object({
  eid: z.string(),
  date: z.number().int(),
  /** The recording device's (or browser's) offset from UTC, for the patient's local day. */
  utc_offset_min: z.number().int(),
  type: z.string(),
  /** BG mg/dL, CARB g, INS U, EXR minutes, HBA1C %; null for the other types. */
  value: z.number().nullable(),
  /** URINEK result (Negative … ++++) or the DOSE text. */
  text: z.string().nullable(),
  /** EXR intensity: 0 light, 1 medium, 2 heavy. */
  exerciseIntensity: z.number().int().nullable(),
  /** Further fields a device sent, as it sent them. */
  details: z.record(z.string(), z.unknown()).nullable(),
  notes: z.string().nullable(),
  source: eventSource,
  /** Only events people entered can be changed or deleted; device data is kept as recorded. */
  editable: z.boolean(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  updated_at: z.number().int().nullable(),
});
export type ClinicalEvent = z.infer<typeof clinicalEvent>;

export const eventsQuery = z.object({
  /** Default: the last 14 days. At most 90 days (spec §5 "Dates"). */
  from: epochMsQuery.optional(),
  to: epochMsQuery.optional(),
  /** Comma-separated type codes, e.g. `BG,CARB`; all types when absent. */
  types: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/, 'events.problem.typeInvalid')
    .optional(),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

export const eventsResponse = z.object({
  error: z.literal(0),
  from: z.number().int(),
  to: z.number().int(),
  events: z.array(clinicalEvent),
  /** Whether the caller may add, edit and delete this patient's events. */
  may_edit: z.boolean(),
});
export type EventsResponse = z.infer<typeof eventsResponse>;

/** One event a person enters. The type decides which of value, text and exerciseIntensity count. */
export const eventInput = z.object({
  date: epochMs,
  utc_offset_min: z.number().int().min(-720).max(840).default(0),
  type: z.enum(USER_EVENT_TYPES as [string, ...string[]]),
  value: z.number().finite().nullable().optional(),
  /** The unit a BG value is typed in; stored in mg/dL. */
  unit: glucoseUnit.default('mg/dL'),
  text: z.string().trim().max(200).nullable().optional(),
  exerciseIntensity: z
    .number()
    .int()
    .min(0)
    .max(EXERCISE_INTENSITIES.length - 1)
    .nullable()
    .optional(),
  notes: notes.nullable().optional(),
});
export type EventInput = z.input<typeof eventInput>;

export const eventsNewRequest = z.object({ data: z.array(eventInput).min(1).max(100) });
export const eventsNewResponse = z.object({ error: z.literal(0), eids: z.array(z.string()) });
export const eventsDeleteRequest = z.object({ eids: z.array(z.string().min(1).max(64)).min(1).max(500) });
export const eventsDeleteResponse = z.object({ error: z.literal(0), deleted: z.number().int() });
export const eventEditResponse = z.object({ error: z.literal(0), event: clinicalEvent });

// ---------------------------------------------------------------------------------------------
// Medical records (spec §3 "Records", "Complications / concomitant diseases")

const text = (max: number) => z.string().trim().min(1, 'messages.fillRequired').max(max);

export const diseaseData = z.object({
  disease: z.enum(COMPLICATIONS),
  /** Known since (optional). */
  since: isoDate.nullable().optional(),
});
export const prescriptionData = z.object({
  medicine: text(100),
  dose: z.number().positive().max(10_000),
  unit: z.enum(DOSE_UNITS),
  /** Free text: "3 times a day", "before meals". */
  frequency: z.string().trim().max(100).default(''),
  start: isoDate,
  end: isoDate.nullable().optional(),
});
export const textData = z.object({
  text: text(NOTES_MAX_LENGTH * 2).refine(isValidNotes, 'validation.notesTooLong'),
});

/** The record kinds with their fields; `extra` adds what a call needs besides (an id to edit). */
function recordUnion<E extends z.ZodRawShape>(extra: E) {
  const at = { recorded_at: epochMs.optional(), ...extra };
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('complication'), data: diseaseData, ...at }),
    z.object({ kind: z.literal('concomitant'), data: diseaseData, ...at }),
    z.object({ kind: z.literal('prescription'), data: prescriptionData, ...at }),
    z.object({ kind: z.literal('suggestion'), data: textData, ...at }),
    z.object({ kind: z.literal('note'), data: textData, ...at }),
  ]);
}

/** One record as sent: its kind and the kind's fields; recorded_at defaults to now. */
export const recordInput = recordUnion({});
export type RecordInput = z.infer<typeof recordInput>;
export type RecordKind = RecordInput['kind'];
/** The union's kinds are the domain's RECORD_KINDS, no more and no fewer: a type error if they part. */
type SameKinds = [RecordKind] extends [DomainRecordKind]
  ? [DomainRecordKind] extends [RecordKind]
    ? true
    : false
  : false;
const _recordKindsAreTheDomains: SameKinds = true;
export type DiseaseData = z.infer<typeof diseaseData>;
export type PrescriptionData = z.infer<typeof prescriptionData>;
export type TextData = z.infer<typeof textData>;

const recordMeta = {
  rid: z.string(),
  recorded_at: z.number().int(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  updated_at: z.number().int().nullable(),
};
export const diseaseRecord = z.object({ ...recordMeta, data: diseaseData });
export const prescriptionRecord = z.object({ ...recordMeta, data: prescriptionData });
export const textRecord = z.object({ ...recordMeta, data: textData });
export type DiseaseRecord = z.infer<typeof diseaseRecord>;
export type PrescriptionRecord = z.infer<typeof prescriptionRecord>;
export type TextRecord = z.infer<typeof textRecord>;

export const recordsNewRequest = z.object({ data: z.array(recordInput).min(1).max(50) });
export const recordsNewResponse = z.object({ error: z.literal(0), rids: z.array(z.string()) });
export const recordsDeleteRequest = z.object({ rids: z.array(z.string().min(1).max(64)).min(1).max(200) });
export const recordsDeleteResponse = z.object({ error: z.literal(0), deleted: z.number().int() });
/** Edit one record: its id, its (unchanged) kind and the new fields. */
export const recordsEditRequest = recordUnion({ rid: z.string().min(1).max(64) });
export type RecordsEditRequest = z.infer<typeof recordsEditRequest>;
export const recordsEditResponse = z.object({ error: z.literal(0), rid: z.string() });

// ---------------------------------------------------------------------------------------------
// A patient's profile as the care team sees it (spec §3 "Profile", "Patient labels")

export const patientProfileField = z.enum([...PATIENT_PERSONAL_FIELDS, ...PATIENT_CLINIC_FIELDS]);
export type PatientProfileFieldName = z.infer<typeof patientProfileField>;

export const patientProfile = z.object({
  uid: uid,
  username: z.string(),
  realname: z.string(),
  alias: z.string().nullable(),
  gender: gender,
  height: z.number().nullable(),
  weight: z.number().nullable(),
  diabetes_type: diabetesType,
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  telephone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  diabetes_diagnosis_date: z.string().nullable(),
  country: z.string(),
  age: z.number().int().nullable(),
  /** The last upload of device data (epoch ms), null before any. */
  upload_time: z.number().int().nullable(),
  created_by: createdBy,
  /** Who opened the account: the patient (registered) or the clinician (when known). */
  account_creator: z.string().nullable(),
  inpatient: z.boolean(),
  patient_no: z.string().nullable(),
  bed_no: z.string().nullable(),
  has_portrait: z.boolean(),
  /** The fields the caller may change (empty: read only). */
  editable: z.array(patientProfileField),
});
export type PatientProfile = z.infer<typeof patientProfile>;
export const patientProfileResponse = z.object({ error: z.literal(0), profile: patientProfile });

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
export const patientProfileUpdate = z
  .object({
    realname: z.string().trim().optional(),
    alias: optText(40),
    gender: gender.optional(),
    height: z.number().min(10).max(300).nullable().optional(),
    weight: z.number().min(10).max(500).nullable().optional(),
    diabetes_type: diabetesType.optional(),
    address: optText(200),
    zipcode: optText(10),
    telephone: optText(30),
    birthday: isoDate.nullable().optional(),
    diabetes_diagnosis_date: isoDate.nullable().optional(),
    inpatient: z.boolean().optional(),
    patient_no: optText(32),
    bed_no: optText(16),
  })
  .strict();
export type PatientProfileUpdate = z.infer<typeof patientProfileUpdate>;

export const recordsResponse = z.object({
  error: z.literal(0),
  profile: patientProfile,
  complications: z.array(diseaseRecord),
  concomitant: z.array(diseaseRecord),
  prescriptions: z.array(prescriptionRecord),
  suggestions: z.array(textRecord),
  notes: z.array(textRecord),
  /** Whether the caller may add, edit and delete records. */
  may_edit: z.boolean(),
});
export type RecordsResponse = z.infer<typeof recordsResponse>;
