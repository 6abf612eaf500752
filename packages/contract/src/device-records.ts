import { z } from 'zod';
import { SG_DISPLAY_CODES, SG_FLAGS, type SgDisplayCode, type SgFlag } from '@cgm/domain';
import { pdmSettings } from './pdm-settings';

// Records a device app (sensor app, patch app, PDM) sends to the realtime ingest API, and the
// simulator produces. Glucose in mg/dL; times as epoch milliseconds UTC plus the device's UTC
// offset in minutes (DESIGN.md conventions). Every record names the device serial and a
// per-device sequence number: (serial, type, seq) identifies it, so a resend is stored once.

/** A time in epoch ms from 2000-01-01 to 2100-01-01: a device clock outside that is wrong, and
 *  a far larger number would fail the database's timestamp (and with it the whole batch). */
export const EPOCH_MS_MIN = 946_684_800_000;
export const EPOCH_MS_MAX = 4_102_444_800_000;
const epochMs = z.number().int().min(EPOCH_MS_MIN).max(EPOCH_MS_MAX);
/** A device's UTC offset, minutes either way. */
export const UTC_OFFSET_MAX_MIN = 14 * 60;
// The flags and display codes a reading may carry are the domain's (sg-flags.ts).
const sgFlags = Object.keys(SG_FLAGS) as [SgFlag, ...SgFlag[]];
const sgDisplayCodes = Object.keys(SG_DISPLAY_CODES) as [SgDisplayCode, ...SgDisplayCode[]];

const base = {
  serial: z.string().trim().min(1).max(64),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  time: epochMs,
  utc_offset_min: z.number().int().min(-UTC_OFFSET_MAX_MIN).max(UTC_OFFSET_MAX_MIN),
};

export const sgRecord = z.object({
  type: z.literal('sg'),
  ...base,
  /** Sensor glucose; null when the sensor shows a display code instead (CE0, CE1, H). */
  mgdl: z.number().min(0).max(1000).nullable(),
  quality: z.enum(sgFlags).nullable().optional(),
  display_code: z.enum(sgDisplayCodes).nullable().optional(),
  /** glucoseRate 0–8 (spec §3). */
  rate: z.number().int().min(0).max(8).nullable().optional(),
});

export const calibrationRecord = z.object({
  type: z.literal('calibration'),
  ...base,
  mgdl: z.number().min(20).max(600),
});
export const bgRecord = z.object({ type: z.literal('bg'), ...base, mgdl: z.number().min(10).max(1000) });

const autoDelivery = z.object({
  /** Auto-mode micro-deliveries in U (spec §3 basal row JSON). */
  auto_basal_delivery: z.number().min(0).max(100),
  auto_corr_delivery: z.number().min(0).max(100),
  auto_food_delivery: z.number().min(0).max(100),
});

export const basalRecord = z.object({
  type: z.literal('basal'),
  ...base,
  /** BAS, BAE, BAH, BAPA…BAPD, BASK, BAAM, BART, BAAT, suspends, NEW, END*, BAAM* (spec §3). */
  code: z.string().min(2).max(24),
  duration_min: z
    .number()
    .min(0)
    .max(24 * 60 * 7),
  rate: z.number().min(0).max(50),
  delivered: z.number().min(0).max(500),
  auto: autoDelivery.nullable().optional(),
});

export const bolusDetails = z.object({
  bg: z.number().nullable().optional(),
  corr_bolus: z.number().nullable().optional(),
  carb: z.number().nullable().optional(),
  carb_bolus: z.number().nullable().optional(),
  iob: z.number().nullable().optional(),
  suggest: z.number().nullable().optional(),
  adjustmentType: z.number().int().nullable().optional(),
  bg_bolus: z.number().nullable().optional(),
});

export const bolusRecord = z.object({
  type: z.literal('bolus'),
  ...base,
  /** NB, EB, CB (+M manual), CRW, CAW, CCW (spec §3). */
  code: z.string().min(2).max(8),
  set: z.number().min(0).max(100),
  delivered: z.number().min(0).max(100),
  extended_set: z.number().min(0).max(100).nullable().optional(),
  extended_delivered: z.number().min(0).max(100).nullable().optional(),
  extended_duration_min: z
    .number()
    .min(0)
    .max(24 * 60)
    .nullable()
    .optional(),
  details: bolusDetails.nullable().optional(),
});

export const alarmRecord = z.object({
  type: z.literal('alarm'),
  ...base,
  source: z.enum(['sensor', 'pump']),
  code: z.string().min(1).max(40),
  cleared_at: epochMs.nullable().optional(),
});

export const sensorStatusRecord = z.object({
  type: z.literal('sensor_status'),
  ...base,
  status: z.string().min(1).max(40),
  device_type: z.string().max(40).optional(),
  battery_percent: z.number().min(0).max(100).nullable().optional(),
  /** The battery of the phone that runs the app and uploads (Nightscout's "uploader"). */
  uploader_battery_percent: z.number().min(0).max(100).nullable().optional(),
  lifetime_total_count: z.number().int().min(0).nullable().optional(),
  glucose: z.number().nullable().optional(),
  rate: z.number().int().min(0).max(8).nullable().optional(),
});

const units = z.number().min(0).max(100).nullable().optional();
const minutes = z
  .number()
  .min(0)
  .max(24 * 60)
  .nullable()
  .optional();

/**
 * What the pump is delivering when it reports (spec §3 pump_status, the fields after basalRate):
 * the basal delivered today and when it last delivered, the bolus in progress (its code, the
 * normal part set and delivered, the extended part set, delivered and its minutes), the bolus
 * wizard's inputs of that bolus, and the dose and minutes that remain of it. Amounts in U (raw
 * wrapped values are decoded on ingest, spec §9), glucose in mg/dL, carbohydrates in g.
 */
const pumpDeliveryFields = {
  basal_delivered: z.number().min(0).max(500).nullable().optional(),
  basal_delivered_time: epochMs.nullable().optional(),
  /** The bolus code (NB, EB, CB, …M, CRW, CAW, CCW; spec §3 "Bolus row"). */
  bolus_type: z.string().min(2).max(8).nullable().optional(),
  bolus_set: units,
  bolus_delivered: units,
  extended_bolus_set: units,
  extended_bolus_delivered: units,
  extended_bolus_duration: minutes,
  /** The wizard's code when the wizard calculated the bolus (CRW, CAW, CCW); null otherwise. */
  wizard_type: z.string().min(2).max(8).nullable().optional(),
  wizard_glucose: z.number().min(0).max(1000).nullable().optional(),
  /** The correction part; negative below the target range (it reduces the meal part). */
  wizard_corr_set: z.number().min(-100).max(100).nullable().optional(),
  wizard_carb: z.number().min(0).max(1000).nullable().optional(),
  wizard_carb_set: units,
  wizard_iob: z.number().min(-200).max(100).nullable().optional(),
  adjustment_type: z.number().int().min(0).max(255).nullable().optional(),
  /** What is left of the bolus in progress: units and minutes (0 when it has finished). */
  remaining_dose: units,
  remaining_time: minutes,
};

export const pumpStatusRecord = z.object({
  type: z.literal('pump_status'),
  ...base,
  /** Pump state number (spec §4 ranges) and the monitor fields of spec §3 pump_status. */
  state: z.number().int().min(0).max(255),
  basal_type: z.number().int().nullable().optional(),
  basal_rate: z.number().min(0).max(50).nullable().optional(),
  auto_mode: z.boolean().optional(),
  iob: z.number().nullable().optional(),
  reservoir_units: z.number().min(0).max(400).nullable().optional(),
  battery_percent: z.number().min(0).max(100).nullable().optional(),
  /** The battery of the phone that runs the patch app and uploads (Nightscout's "uploader"). */
  uploader_battery_percent: z.number().min(0).max(100).nullable().optional(),
  patch_state: z.string().max(40).nullable().optional(),
  mode: z.string().max(40).nullable().optional(),
  last_bolus: z
    .object({ time: z.number().int(), code: z.string(), delivered: z.number() })
    .nullable()
    .optional(),
  suspend_time: z.number().int().nullable().optional(),
  ...pumpDeliveryFields,
});

export const sessionRecord = z.object({
  type: z.literal('session'),
  ...base,
  kind: z.enum(['sensor', 'patch']),
  pdm_serial: z.string().max(64).nullable().optional(),
  started_at: epochMs,
  ended_at: epochMs.nullable().optional(),
  /** Rated life in hours (sensor 14 days, patch 3 days). */
  rated_life_hours: z
    .number()
    .min(1)
    .max(24 * 30),
});

export const eventRecord = z.object({
  type: z.literal('event'),
  ...base,
  /** BG, CARB, INS, EXR, HBA1C, DOSE, URINEK, OTR, Auto* (spec §3 events). */
  event_type: z.string().min(2).max(24),
  value: z.number().nullable().optional(),
  details: z.record(z.string(), z.unknown()).nullable().optional(),
  notes: z.string().max(1000).nullable().optional(),
});

/** The PDM's settings (spec §3 "Device settings reviewed"), sent when they change; `time` is when. */
export const pdmSettingsRecord = z.object({
  type: z.literal('pdm_settings'),
  ...base,
  settings: pdmSettings,
});

export const deviceRecord = z.discriminatedUnion('type', [
  pdmSettingsRecord,
  sgRecord,
  calibrationRecord,
  bgRecord,
  basalRecord,
  bolusRecord,
  alarmRecord,
  sensorStatusRecord,
  pumpStatusRecord,
  sessionRecord,
  eventRecord,
]);
export type DeviceRecord = z.infer<typeof deviceRecord>;
export type DeviceRecordType = DeviceRecord['type'];
export type SgRecord = z.infer<typeof sgRecord>;
export type BasalRecord = z.infer<typeof basalRecord>;
export type BolusRecord = z.infer<typeof bolusRecord>;
export type PumpStatusRecord = z.infer<typeof pumpStatusRecord>;
export type SensorStatusRecord = z.infer<typeof sensorStatusRecord>;
export type SessionRecord = z.infer<typeof sessionRecord>;
export type AlarmRecord = z.infer<typeof alarmRecord>;
export type EventRecord = z.infer<typeof eventRecord>;

/**
 * A batch: records are validated one by one (a malformed record is rejected with its reason and
 * the good records of the batch are stored), so the body is an array of unknowns here.
 */
export const ingestRequest = z.object({
  records: z.array(z.unknown()).min(1).max(10_000),
});

export const ingestResult = z.object({
  index: z.number().int(),
  status: z.enum(['stored', 'duplicate', 'rejected']),
  reason: z.string().optional(),
});

export const ingestResponse = z.object({
  error: z.literal(0),
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** Only the rejected records' results, with reasons (indexes into the request's records). */
  problems: z.array(ingestResult),
});

/** A patient registers a device app; the answer carries the device token the app sends with every batch. */
export const deviceRegisterRequest = z.object({
  kind: z.enum(['sensor_app', 'patch_app', 'pdm']),
  serial: z.string().trim().min(1).max(64),
  name: z.string().trim().max(80).optional(),
});
export const deviceRegisterResponse = z.object({
  error: z.literal(0),
  device_id: z.string(),
  /** Shown once; only its hash is stored. Send as `Authorization: Bearer <token>` to the ingest API. */
  device_token: z.string(),
});
