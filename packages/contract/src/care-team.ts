import { z } from 'zod';
import { isoDate, uid } from './common';
import { profession } from './accounts';

// The clinician's care team (spec §2 /HcpUserManagement, /HcpGroupUserInfo, /HcpAddUser), the HCP
// operation history (/HcpOperationHistory) and the clinic's patient data export (/ClinicExportData).
// Times are epoch milliseconds UTC, as in the rest of the API.

const epochMsQuery = z.coerce.number().int().min(0).max(4_102_444_800_000);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);

const paging = {
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
};

// ---------------------------------------------------------------------------------------------
// Operation history

/**
 * Filters of the operation history: `patient` is the subject acted on, `member` one of the
 * group's HCPs (a manager's history only), [from, to) an instant range, `action` one operation key.
 */
export const hcpHistoryQuery = z.object({
  page,
  size,
  patient: uid.optional(),
  member: uid.optional(),
  from: epochMsQuery.optional(),
  to: epochMsQuery.optional(),
  action: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'validation.action')
    .optional(),
});
export type HcpHistoryQuery = z.infer<typeof hcpHistoryQuery>;

export const hcpHistoryItem = z.object({
  id: z.number().int(),
  at: z.number(),
  actor_id: z.string(),
  /** The HCP's real name today, or the user name recorded when the account is gone. */
  actor_name: z.string(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
  /** Operation key (`events.add`…), translated by the web app. */
  action: z.string(),
  /** What the server recorded with it, e.g. `{ method, route }` for an access through a route. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type HcpHistoryItem = z.infer<typeof hcpHistoryItem>;

const namedId = z.object({ uid: z.string(), name: z.string() });
export type NamedId = z.infer<typeof namedId>;

export const hcpHistoryResponse = z.object({
  error: z.literal(0),
  history: z.object({ items: z.array(hcpHistoryItem), ...paging }),
  /** The HCPs whose rows the caller sees (the caller first, then the group's members). */
  members: z.array(namedId),
  /** The subjects named in the caller's visible history, for the patient filter. */
  subjects: z.array(namedId),
});
export type HcpHistoryResponse = z.infer<typeof hcpHistoryResponse>;

// ---------------------------------------------------------------------------------------------
// HCP group users

export const groupUser = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string(),
  major: profession,
  organisation: z.string().nullable(),
  status: z.enum(['active', 'pending', 'rejected', 'disabled']),
  created_at: z.number(),
  /** Patients who accepted this HCP's connection. */
  patient_count: z.number().int(),
});
export type GroupUser = z.infer<typeof groupUser>;

export const groupUsersResponse = z.object({ error: z.literal(0), users: z.array(groupUser) });

/** A patient of a member: names only; the data stays behind each patient's own consent. */
export const groupMemberPatient = z.object({
  uid: z.string(),
  realname: z.string(),
  alias: z.string().nullable(),
  /** When the patient accepted the connection. */
  since: z.number(),
});
export type GroupMemberPatient = z.infer<typeof groupMemberPatient>;

export const groupUserInfoResponse = z.object({
  error: z.literal(0),
  user: groupUser.extend({ email: z.string().nullable(), mobile: z.string().nullable() }),
  patients: z.array(groupMemberPatient),
});
export type GroupUserInfo = z.infer<typeof groupUserInfoResponse>;

/**
 * A new member of the manager's group. `username` is an e-mail or a mobile number (spec §5);
 * the password follows the registration rules; the organisation defaults to the manager's.
 */
export const groupUserNewRequest = z.object({
  username: z.string().trim().min(1).max(254),
  realname: z.string().trim(),
  major: profession.default('unspecified'),
  organisation: z.string().trim().max(200).optional(),
  password: z.string().max(200),
});
export type GroupUserNewRequest = z.input<typeof groupUserNewRequest>;

export const groupUserNewResponse = z.object({ error: z.literal(0), uid: z.string(), username: z.string() });

export const groupUserStatusRequest = z.object({ status: z.enum(['active', 'disabled']) });
export type GroupUserStatus = z.infer<typeof groupUserStatusRequest>['status'];
export const groupUserStatusResponse = z.object({ error: z.literal(0), user: groupUser });

/**
 * Deleting a member of the group, after the manager confirmed. The member's connections end (their
 * patients keep their accounts and data); `ended` is how many patients the member followed or had
 * asked to follow.
 */
export const groupUserDeleteRequest = z.object({ confirm: z.literal(true) });
export const groupUserDeleteResponse = z.object({ error: z.literal(0), ended: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Patient data export (clinics)

export const exportFormat = z.enum(['csv', 'json']);
export type ExportFormat = z.infer<typeof exportFormat>;

/** Local dates of the patient, both included; at most 90 days, end not before start (spec §5). */
export const patientExportQuery = z.object({
  from: isoDate,
  to: isoDate,
  format: exportFormat.default('csv'),
});
export type PatientExportQuery = z.input<typeof patientExportQuery>;

const localTime = { time: z.number(), local: z.string(), utc_offset: z.string() };

/** The JSON variant of the export (the CSV has the same sections and columns). */
export const patientExportJson = z.object({
  error: z.literal(0),
  patient: z.object({ uid: z.string(), name: z.string() }),
  from: isoDate,
  to: isoDate,
  generated_at: z.number(),
  sg: z.array(
    z.object({
      ...localTime,
      mgdl: z.number().nullable(),
      mmol: z.number().nullable(),
      flag: z.string().nullable(),
    }),
  ),
  bg: z.array(z.object({ ...localTime, kind: z.string(), mgdl: z.number(), mmol: z.number() })),
  basal: z.array(
    z.object({
      ...localTime,
      code: z.string(),
      duration_min: z.number(),
      rate: z.number(),
      delivered: z.number(),
      auto: z.record(z.string(), z.number()).nullable(),
    }),
  ),
  bolus: z.array(
    z.object({
      ...localTime,
      code: z.string(),
      set: z.number(),
      delivered: z.number(),
      extended_set: z.number().nullable(),
      extended_delivered: z.number().nullable(),
      extended_duration_min: z.number().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  events: z.array(
    z.object({
      ...localTime,
      type: z.string(),
      value: z.number().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      notes: z.string().nullable(),
      origin: z.string(),
    }),
  ),
});
export type PatientExportJson = z.infer<typeof patientExportJson>;
