// Clinical work on a patient (spec §3 "Events", "Records", "Complications", "Profile"): the values
// of events people enter, the medical-record code tables, and who may change which profile field.

import { EVENT_TYPES, eventTypeInfo } from './event-types';
import { roundInsulin } from './insulin';
import { roundTo } from './round';
import { fromUnit, roundGlucose, type GlucoseUnit } from './units';

/** The event types a person may enter: every type except the pump's own auto-mode announcements. */
export const USER_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter((e) => !e.auto).map((e) => e.type);

/**
 * The stored value of a typed event value: glucose to mg/dL (to 0.1, since mmol/L × 18 leaves binary
 * noise), insulin to 0.05 U steps (spec §5), everything else as typed.
 */
export function eventValueToStored(type: string, value: number, unit: GlucoseUnit): number {
  const kind = eventTypeInfo(type)?.value;
  if (kind === 'glucose') return roundTo(fromUnit(value, unit), 1);
  if (kind === 'units') return roundInsulin(value);
  return value;
}

/** A stored event value in the viewer's unit, rounded as the screens show it (glucose only converts). */
export function eventValueInUnit(type: string, stored: number, unit: GlucoseUnit): number {
  const kind = eventTypeInfo(type)?.value;
  if (kind === 'glucose') return roundGlucose(stored, unit);
  if (kind === 'units') return roundInsulin(stored);
  return stored;
}

/**
 * Events record what happened, so a time in the future is a typing mistake; a few minutes of
 * tolerance cover a browser clock that runs ahead. 2000-01-01 is the portal's earliest date.
 */
export const EVENT_FUTURE_TOLERANCE_MS = 10 * 60_000;
export const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1);

export function isPlausibleEventTime(at: number, now: number): boolean {
  return Number.isInteger(at) && at >= EARLIEST_EVENT_MS && at <= now + EVENT_FUTURE_TOLERANCE_MS;
}

/** Complications and concomitant diseases (spec §3), in the spec's order. */
export const COMPLICATIONS = [
  'coronaryHeartDisease',
  'highBloodLipids',
  'highBloodPressure',
  'kidneyDisease',
  'neuropathy',
  'obesity',
  'peripheralArterialDisease',
  'retinopathy',
  'smokingAddiction',
] as const;
export type Complication = (typeof COMPLICATIONS)[number];

/** Units a prescription's dose is written in (spec §3 "prescription (medicine, dose)"). */
export const DOSE_UNITS = ['U', 'mg', 'g', 'ml', 'tablet', 'puff', 'drop'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];

/** A prescribed dose as stored: insulin in 0.05 U steps (spec §5), other units to 0.001. */
export function normalizeDose(dose: number, unit: DoseUnit): number {
  return unit === 'U' ? roundInsulin(dose) : roundTo(dose, 3);
}

/** Record kinds of the medical record (spec §3 "Records"). */
export const RECORD_KINDS = ['complication', 'concomitant', 'prescription', 'suggestion', 'note'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A patient's personal profile fields (spec §3 "Patient labels") and the clinic's own fields. */
export const PATIENT_PERSONAL_FIELDS = [
  'realname',
  'alias',
  'gender',
  'height',
  'weight',
  'diabetes_type',
  'address',
  'zipcode',
  'telephone',
  'birthday',
  'diabetes_diagnosis_date',
] as const;
export const PATIENT_CLINIC_FIELDS = ['inpatient', 'patient_no', 'bed_no'] as const;
export type PatientProfileField =
  (typeof PATIENT_PERSONAL_FIELDS)[number] | (typeof PATIENT_CLINIC_FIELDS)[number];

/**
 * Who edits: the patient themself; a follower with clinical rights who is of the care team that
 * created the account (the creating HCP, or a member of the creating HCP's group); any other
 * follower with clinical rights; or someone who may only read.
 */
export type ProfileEditor = 'self' | 'creator' | 'clinician' | 'reader';

/**
 * Which profile fields an editor may change (docs/PERMISSIONS.md). A patient's personal details are
 * theirs: a clinician records only the clinic's fields (inpatient, patient and bed number). Only
 * for an account a clinician created (created_by hcp) does the creating care team keep the
 * personal details too, since the patient did not enter them. The clinic's fields are the
 * clinic's, so the patient does not change them.
 */
export function editableProfileFields(
  editor: ProfileEditor,
  createdBy: string,
): readonly PatientProfileField[] {
  if (editor === 'self') return PATIENT_PERSONAL_FIELDS;
  if (editor === 'reader') return [];
  if (editor === 'creator' && createdBy === 'hcp') {
    return [...PATIENT_PERSONAL_FIELDS, ...PATIENT_CLINIC_FIELDS];
  }
  return PATIENT_CLINIC_FIELDS;
}
