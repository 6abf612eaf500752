import { z } from 'zod';
import {
  FIRMWARE_DEVICE_TYPES,
  FIRMWARE_STATES,
  isCountryCode,
  isDeviceSerial,
  isSemanticVersion,
  REGIONS,
} from '@cgm/domain';
import { countryCode, isoDate, uid, userType } from './common';

// The operations tools of the account-administration area (spec §2 account-admin screens; issue
// "account administration, clinics and operations", part B): clinics, firmware releases, usage
// statistics, account counts, patch-app results, the hybrid-closed-loop print and the super admin's
// debug page. Times are epoch milliseconds UTC; days are YYYY-MM-DD.

const epochMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

export const opsPaging = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Clinics (/ClinicDataAdd, /ClinicalData)

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

// ---------------------------------------------------------------------------------------------
// Firmware releases (/otamanagement, /otamanagementHistory)

export const firmwareDeviceType = z.enum(FIRMWARE_DEVICE_TYPES);
export const firmwareState = z.enum(FIRMWARE_STATES);
/** A target region: one of the six regions, or a country code. */
const firmwareRegion = z
  .string()
  .trim()
  .refine((s) => (REGIONS as readonly string[]).includes(s) || isCountryCode(s), 'firmware.errors.region')
  .transform((s) => ((REGIONS as readonly string[]).includes(s) ? s : s.toUpperCase()));

const firmwareTargets = {
  notes: z.string().trim().max(4000),
  target_serials: z
    .array(z.string().trim().refine(isDeviceSerial, 'firmware.errors.serial'))
    .max(1000)
    .transform((a) => [...new Set(a)]),
  target_regions: z
    .array(firmwareRegion)
    .max(300)
    .transform((a) => [...new Set(a)]),
};

export const firmwareCreateRequest = z
  .object({
    device_type: firmwareDeviceType,
    version: z.string().trim().refine(isSemanticVersion, 'firmware.errors.version'),
    ...firmwareTargets,
  })
  .refine((r) => r.target_serials.length + r.target_regions.length > 0, {
    message: 'firmware.errors.target',
    path: ['target_regions'],
  });
export type FirmwareCreateRequest = z.input<typeof firmwareCreateRequest>;

export const firmwareEditRequest = z
  .object(firmwareTargets)
  .refine((r) => r.target_serials.length + r.target_regions.length > 0, {
    message: 'firmware.errors.target',
    path: ['target_regions'],
  });
export type FirmwareEditRequest = z.input<typeof firmwareEditRequest>;

/** Completing and withdrawing are final (no move back): they need `confirm: true`. */
export const FIRMWARE_CONFIRMED_STATES: ReadonlyArray<z.infer<typeof firmwareState>> = [
  'completed',
  'withdrawn',
];
export const firmwareStateRequest = z
  .object({ state: firmwareState, confirm: z.boolean().optional() })
  .refine((r) => !FIRMWARE_CONFIRMED_STATES.includes(r.state) || r.confirm === true, {
    message: 'admin.confirmRequired',
    path: ['confirm'],
  });

export const firmwareRelease = z.object({
  id: z.string(),
  device_type: firmwareDeviceType,
  version: z.string(),
  notes: z.string(),
  target_serials: z.array(z.string()),
  target_regions: z.array(z.string()),
  state: firmwareState,
  next_states: z.array(firmwareState),
  created_by: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type FirmwareRelease = z.infer<typeof firmwareRelease>;

export const firmwareListQuery = z.object({
  device_type: firmwareDeviceType.optional(),
  state: firmwareState.optional(),
});
export const firmwareListResponse = z.object({
  error: z.literal(0),
  releases: z.array(firmwareRelease),
  /** Whether the caller may create releases and move their state (the super admin). */
  can_manage: z.boolean(),
});
export const firmwareResponse = z.object({ error: z.literal(0), release: firmwareRelease });

export const firmwareHistoryQuery = z.object({ release_id: uid.optional(), page, size });
export const firmwareChange = z.object({
  id: z.number(),
  release_id: z.string().nullable(),
  action: z.string(),
  actor: z.string(),
  at: z.number(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type FirmwareChange = z.infer<typeof firmwareChange>;
export const firmwareHistoryResponse = z.object({
  error: z.literal(0),
  changes: z.array(firmwareChange),
  paging: opsPaging,
});

// ---------------------------------------------------------------------------------------------
// Usage statistics (/dataStatistics, /BasicQuantityRecord) and account counts (/AccountSumarry)

/** At most a year per query: one row per UTC day and country. */
export const USAGE_MAX_DAYS = 366;
export const usageQuery = z.object({
  from: isoDate,
  to: isoDate,
  country: countryCode.optional(),
});
export const usageRow = z.object({
  day: z.string(),
  country: z.string(),
  uploads: z.number().int(),
  active_patients: z.number().int(),
  sensors_started: z.number().int(),
  patches_started: z.number().int(),
  new_accounts: z.number().int(),
});
export type UsageRow = z.infer<typeof usageRow>;
export const usageResponse = z.object({
  error: z.literal(0),
  from: z.string(),
  to: z.string(),
  rows: z.array(usageRow),
  /** Sums over the rows, except active_patients: distinct patients over the whole period. */
  totals: usageRow.omit({ day: true, country: true }),
});
export type UsageResponse = z.infer<typeof usageResponse>;

export const ACCOUNT_STATES = ['active', 'pending', 'rejected', 'disabled', 'deleted'] as const;
export const accountSummaryQuery = z.object({
  months: z.coerce.number().int().min(1).max(60).default(12),
  country: countryCode.optional(),
});
const countOf = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number().int() }));
export const accountSummaryResponse = z.object({
  error: z.literal(0),
  /** Accounts not deleted. */
  total: z.number().int(),
  by_type: countOf(userType),
  by_country: countOf(z.string()),
  by_region: countOf(z.string()),
  by_state: countOf(z.enum(ACCOUNT_STATES)),
  monthly: z.array(
    z.object({
      month: z.string(),
      created: z.number().int(),
      deleted: z.number().int(),
      /** Accounts existing at the month's end. */
      total: z.number().int(),
      /** The same three figures per account type (P, D, M, A), every type listed. */
      by_type: z.array(
        z.object({
          key: userType,
          created: z.number().int(),
          deleted: z.number().int(),
          total: z.number().int(),
        }),
      ),
    }),
  ),
});
export type AccountSummaryResponse = z.infer<typeof accountSummaryResponse>;

// ---------------------------------------------------------------------------------------------
// Patch results (/EasyPatchResult)

export const patchResultKind = z.enum(['activation', 'self_test']);
export const patchResultOutcome = z.enum(['pass', 'fail']);

/** What the patch app reports, with its device token (access kind 'device'). */
export const patchResultsReport = z.object({
  results: z
    .array(
      z.object({
        serial: z.string().trim().refine(isDeviceSerial, 'firmware.errors.serial'),
        kind: patchResultKind,
        result: patchResultOutcome,
        code: z.string().trim().max(40).nullable().optional(),
        details: z.record(z.string(), z.unknown()).nullable().optional(),
        reported_at: epochMs,
      }),
    )
    .min(1)
    .max(500),
});
export type PatchResultsReport = z.input<typeof patchResultsReport>;
export const patchResultsReportResponse = z.object({
  error: z.literal(0),
  stored: z.number().int(),
  duplicates: z.number().int(),
});

export const patchResultsQuery = z.object({
  serial: z.string().trim().max(40).optional(),
  kind: patchResultKind.optional(),
  result: patchResultOutcome.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  country: countryCode.optional(),
  page,
  size,
});
export const patchResult = z.object({
  id: z.string(),
  serial: z.string(),
  kind: patchResultKind,
  result: patchResultOutcome,
  code: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  country: z.string().nullable(),
  reported_at: z.number(),
  received_at: z.number(),
});
export type PatchResult = z.infer<typeof patchResult>;
export const patchResultsResponse = z.object({
  error: z.literal(0),
  results: z.array(patchResult),
  paging: opsPaging,
});

// ---------------------------------------------------------------------------------------------
// Hybrid-closed-loop print (/HCLprint)

/** At most 90 local days (spec §9 report ranges). */
export const HCL_MAX_DAYS = 90;
export const hclQuery = z.object({ from: isoDate, to: isoDate });
const nullableNumber = z.number().nullable();
/**
 * An account admin is not the patient's clinician (docs/PERMISSIONS.md: health data is seen only by
 * the person and accepted followers), so the summary carries how the device ran — time in auto mode,
 * its exits, how many sensor readings arrived — and no glucose or insulin figure.
 */
export const hclDay = z.object({
  day: z.string(),
  time_in_auto: nullableNumber,
  auto_exits: z.number().int(),
  readings: z.number().int(),
});
export type HclDay = z.infer<typeof hclDay>;
export const hclReport = z.object({
  patient: z.object({ uid: z.string(), realname: z.string(), username: z.string(), country: z.string() }),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  readings: z.number().int(),
  auto_mode: z.object({
    /** Days with pump data. */
    days: z.number().int(),
    time_in_auto: nullableNumber,
    auto_exits: z.number().int(),
  }),
  daily: z.array(hclDay),
});
export type HclReport = z.infer<typeof hclReport>;
export const hclResponse = z.object({ error: z.literal(0), report: hclReport });

// ---------------------------------------------------------------------------------------------
// Developer debug (/DevDebug), the super admin only

export const devDebugResponse = z.object({
  error: z.literal(0),
  server: z.object({
    version: z.string(),
    node: z.string(),
    driver: z.enum(['pglite', 'postgres']),
    uptime_s: z.number(),
    started_at: z.number(),
    memory: z.object({
      rss: z.number(),
      heap_used: z.number(),
      heap_total: z.number(),
      external: z.number(),
    }),
  }),
  migrations: z.array(
    z.object({
      tag: z.string().nullable(),
      hash: z.string(),
      /** When the migration was written (the journal's time, which drizzle stores). */
      created_at: z.number(),
      /** When it was applied to this database; null where the database did not record it yet. */
      applied_at: z.number().nullable(),
    }),
  ),
  outbox: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      recipient: z.string(),
      subject: z.string(),
      created_at: z.number(),
      sent_at: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
  bus: z.object({
    transport: z.string(),
    patients: z.number().int(),
    listeners: z.number().int(),
    published: z.number().int(),
    waiting_polls: z.number().int(),
    waiting_patients: z.number().int(),
  }),
});
export type DevDebugResponse = z.infer<typeof devDebugResponse>;
