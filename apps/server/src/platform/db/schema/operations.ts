import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Tables of the account-administration area (spec §1, §2 account-admin screens).

/** Clinics (spec §2 /ClinicDataAdd, /ClinicalData): HCPs, clinic logins and patients belong to one. */
export const clinics = pgTable(
  'clinics',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    region: text('region').notNull(),
    address: text('address'),
    contact: text('contact'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('clinics_country_idx').on(t.country)],
);

/**
 * A patient's consent to a clinic's desk (migration 0013; issue 15, finding 1): the clinic login
 * reads the patient only while this row is given and not revoked (access/clinic-access.ts).
 */
export const clinicConsents = pgTable(
  'clinic_consents',
  {
    patientId: text('patient_id').notNull(),
    clinicId: text('clinic_id').notNull(),
    givenAt: ts('given_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [primaryKey({ name: 'clinic_consents_pk', columns: [t.patientId, t.clinicId] })],
);

/**
 * Device firmware releases (spec §2 /otamanagement): device type, version, notes, the serials or
 * regions it targets and its rollout state. Each state change is written to the operation history.
 */
export const firmwareReleases = pgTable(
  'firmware_releases',
  {
    id: text('id').primaryKey(),
    deviceType: text('device_type').notNull(),
    version: text('version').notNull(),
    notes: text('notes').notNull(),
    targetSerials: jsonb('target_serials').$type<string[]>().notNull(),
    targetRegions: jsonb('target_regions').$type<string[]>().notNull(),
    /** draft → rolling_out ⇄ paused → completed; any but completed → withdrawn. */
    state: text('state', { enum: ['draft', 'rolling_out', 'paused', 'completed', 'withdrawn'] }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('firmware_releases_type_idx').on(t.deviceType, t.createdAt),
    // One release per device type and version (migration 0007): two admins cannot both create it.
    uniqueIndex('firmware_releases_type_version_uq').on(t.deviceType, t.version),
  ],
);

/**
 * What the patch app reports about a patch (spec §2 /EasyPatchResult): activation and self-test
 * results by serial. Kept without a patient foreign key: it is device quality data.
 */
export const patchResults = pgTable(
  'patch_results',
  {
    id: text('id').primaryKey(),
    serial: text('serial').notNull(),
    kind: text('kind', { enum: ['activation', 'self_test'] }).notNull(),
    result: text('result', { enum: ['pass', 'fail'] }).notNull(),
    code: text('code'),
    details: jsonb('details'),
    country: text('country'),
    reportedBy: text('reported_by'),
    reportedAt: ts('reported_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('patch_results_serial_idx').on(t.serial, t.reportedAt),
    index('patch_results_time_idx').on(t.reportedAt),
    // A result resent after a lost answer is stored once (migration 0007).
    uniqueIndex('patch_results_serial_kind_time_uq').on(t.serial, t.kind, t.reportedAt),
  ],
);
