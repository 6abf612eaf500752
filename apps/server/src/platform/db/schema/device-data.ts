import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

// Device data (spec §1 data sources, §3 rows). Every table is keyed by the patient first, so one
// patient's 90 days are one index range (and the key a distributed PostgreSQL would shard on).
// Records from the device apps are identified by (patient, serial, seq): a resend is stored once.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const patientId = () =>
  text('patient_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const seq = () => bigint('seq', { mode: 'number' }).notNull();
/** 'realtime' (the sensor and patch apps) or 'uploaded' (other apps, file imports). */
const source = () => text('source', { enum: ['realtime', 'uploaded'] }).notNull();
/** What every device record carries: whose, which device, its sequence, when (UTC + offset), from where. */
const deviceRecordColumns = () => ({
  patientId: patientId(),
  serial: text('serial').notNull(),
  seq: seq(),
  time: ts('time').notNull(),
  utcOffsetMin: smallint('utc_offset_min').notNull(),
  source: source(),
});

/** Device apps a patient registered; the app sends its token with every batch (hash stored). */
export const devices = pgTable(
  'devices',
  {
    id: text('id').notNull(),
    patientId: patientId(),
    kind: text('kind', { enum: ['sensor_app', 'patch_app', 'pdm'] }).notNull(),
    serial: text('serial').notNull(),
    name: text('name'),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at'),
    revokedAt: ts('revoked_at'),
  },
  // Keyed by patient first (migration 0017); a token is 256 random bits, looked up alone.
  (t) => [
    primaryKey({ columns: [t.patientId, t.id] }),
    index('devices_token_idx').on(t.tokenHash),
    index('devices_patient_idx').on(t.patientId),
  ],
);

// Sensor glucose lives in hour blocks: sg_blocks (schema/patient-data.ts, migration 0011).

/** Calibrations and fingerstick BG. */
export const bgReadings = pgTable(
  'bg_readings',
  {
    ...deviceRecordColumns(),
    kind: text('kind', { enum: ['calibration', 'bg'] }).notNull(),
    mgdl: real('mgdl').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.serial, t.kind, t.seq] }),
    index('bg_patient_time_idx').on(t.patientId, t.time),
  ],
);

export const basalSegments = pgTable(
  'basal_segments',
  {
    ...deviceRecordColumns(),
    code: text('code').notNull(),
    durationMin: real('duration_min').notNull(),
    rate: real('rate').notNull(),
    delivered: real('delivered').notNull(),
    /** Auto-mode micro-deliveries (spec §3): auto_basal/corr/food_delivery in U. */
    auto: jsonb('auto'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.serial, t.seq] }),
    index('basal_patient_time_idx').on(t.patientId, t.time),
  ],
);

export const boluses = pgTable(
  'boluses',
  {
    ...deviceRecordColumns(),
    code: text('code').notNull(),
    set: real('set').notNull(),
    delivered: real('delivered').notNull(),
    extendedSet: real('extended_set'),
    extendedDelivered: real('extended_delivered'),
    extendedDurationMin: real('extended_duration_min'),
    details: jsonb('details'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.serial, t.seq] }),
    index('bolus_patient_time_idx').on(t.patientId, t.time),
  ],
);

export const alarms = pgTable(
  'alarms',
  {
    ...deviceRecordColumns(),
    deviceSource: text('device_source', { enum: ['sensor', 'pump'] }).notNull(),
    code: text('code').notNull(),
    clearedAt: ts('cleared_at'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.serial, t.seq] }),
    index('alarm_patient_time_idx').on(t.patientId, t.time),
  ],
);

/** Status snapshots of the sensor and the pump (history; the latest is the live state). */
export const deviceStatus = pgTable(
  'device_status',
  {
    ...deviceRecordColumns(),
    kind: text('kind', { enum: ['sensor', 'pump'] }).notNull(),
    status: jsonb('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.serial, t.kind, t.seq] }),
    index('status_patient_kind_time_idx').on(t.patientId, t.kind, t.time),
  ],
);

/** Sensor and patch lifetimes (spec §3 sessions) with the PDM serial. */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    patientId: patientId(),
    serial: text('serial').notNull(),
    kind: text('kind', { enum: ['sensor', 'patch'] }).notNull(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    pdmSerial: text('pdm_serial'),
    ratedLifeHours: real('rated_life_hours').notNull(),
    utcOffsetMin: smallint('utc_offset_min').notNull(),
    source: source(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.kind, t.serial, t.startedAt] }),
    index('session_patient_start_idx').on(t.patientId, t.startedAt),
  ],
);

/** Events (spec §3): from devices (serial + seq) and entered by people (serial 'user', seq from a sequence). */
export const events = pgTable(
  'events',
  {
    id: text('id').notNull(),
    patientId: patientId(),
    serial: text('serial').notNull(),
    seq: bigint('seq', { mode: 'number' }),
    time: ts('time').notNull(),
    utcOffsetMin: smallint('utc_offset_min').notNull(),
    eventType: text('event_type').notNull(),
    value: real('value'),
    details: jsonb('details'),
    notes: text('notes'),
    /** 'device', 'user' (patient, carer or HCP), 'uploaded'. */
    origin: text('origin').notNull(),
    createdBy: text('created_by'),
    updatedAt: ts('updated_at'),
    updatedBy: text('updated_by'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.id] }),
    uniqueIndex('events_device_uq').on(t.patientId, t.serial, t.seq),
    index('events_patient_time_idx').on(t.patientId, t.time),
  ],
);

/** Data options (spec §3, §4): which source feeds which time range; overlaps give error 34. */
export const dataOptions = pgTable(
  'data_options',
  {
    id: text('id').notNull(),
    patientId: patientId(),
    option: text('option', { enum: ['daopapp', 'pdm'] }).notNull(),
    kind: text('kind', { enum: ['cgms', 'pump'] }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.id] }), index('data_options_patient_idx').on(t.patientId)],
);

/** PDM settings (spec §3 "Device settings reviewed"), versioned: one row per change seen. */
export const pdmSettings = pgTable(
  'pdm_settings',
  {
    patientId: patientId(),
    serial: text('serial').notNull(),
    time: ts('time').notNull(),
    settings: jsonb('settings').notNull(),
    source: source(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.serial, t.time] })],
);

/** Upload history: every ingest batch or import, with its counts. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').notNull(),
    patientId: patientId(),
    deviceId: text('device_id'),
    source: source(),
    receivedAt: ts('received_at').notNull(),
    stored: integer('stored').notNull(),
    duplicates: integer('duplicates').notNull(),
    rejected: integer('rejected').notNull(),
    firstTime: ts('first_time'),
    lastTime: ts('last_time'),
    label: text('label'),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.id] }),
    index('uploads_patient_idx').on(t.patientId, t.receivedAt),
  ],
);
