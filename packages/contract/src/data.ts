import { z } from 'zod';
import { GLUCOSE_UNITS } from '@cgm/domain';
import { uid } from './common';
import { diabetesType, gender } from './accounts';
import { pdmSettings } from './pdm-settings';

// A patient's device-data settings and housekeeping: monitor settings (spec §3 "Settings"), data
// options (§3 options, §4, §5 error 34), PDM settings and sessions (§3), the upload history, and
// deleting data (§7 data/delete, §8 confirmation). Every time is epoch milliseconds UTC, as in the
// rest of the device-data API; glucose in answers is mg/dL (the web app converts for display).

/** An instant between 2000-01-01 and 2100-01-01, epoch ms UTC. */
const epochMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);
/** The same, from a query string. */
const epochMsQuery = z.coerce.number().int().min(0).max(4_102_444_800_000);

// ---------------------------------------------------------------------------------------------
// Monitor settings (spec §3 "Settings", §5 "Settings in mg/dL", §9 thresholds)

export const glucoseUnit = z.enum(GLUCOSE_UNITS);
export const onOff = z.enum(['On', 'Off']);

/**
 * Glucose limits: `blos` (blood sugar, all day), then before (b) and after (a) breakfast (b),
 * lunch (l) and supper (s), and night. Each has a low and a high; the lows are clamped to
 * 60–100 mg/dL when saved (spec §5).
 */
export const MONITOR_LOW_KEYS = [
  'blos_low',
  'bb_low',
  'ab_low',
  'bl_low',
  'al_low',
  'bs_low',
  'as_low',
  'night_low',
] as const;
export const MONITOR_HIGH_KEYS = [
  'blos_high',
  'bb_high',
  'ab_high',
  'bl_high',
  'al_high',
  'bs_high',
  'as_high',
  'night_high',
] as const;
/** Every glucose value of the settings: the limits, the hypo line and the target range. */
export const MONITOR_GLUCOSE_KEYS = [
  ...MONITOR_LOW_KEYS,
  ...MONITOR_HIGH_KEYS,
  'hypo',
  'target_low',
  'target_high',
] as const;
export type MonitorGlucoseKey = (typeof MONITOR_GLUCOSE_KEYS)[number];

const glucoseShape = Object.fromEntries(MONITOR_GLUCOSE_KEYS.map((k) => [k, z.number()])) as Record<
  MonitorGlucoseKey,
  z.ZodNumber
>;

/** Stored settings, glucose in mg/dL whatever `unit` says. */
export const monitorSettings = z.object({
  ...glucoseShape,
  /** The patient's display unit (default from the country, spec §9 "Unit default"). */
  unit: glucoseUnit,
  alarm_display: onOff,
  glucose_display: onOff,
  /** False while nothing was saved: the answer is the defaults. */
  saved: z.boolean(),
  updated_at: z.number().nullable(),
});
export type MonitorSettings = z.infer<typeof monitorSettings>;
export const monitorSettingsResponse = z.object({ error: z.literal(0), settings: monitorSettings });

/** A glucose value as typed, in the request's unit; the server converts and checks the range. */
const typedGlucose = z.number().positive().max(1000);
const glucoseUpdateShape = Object.fromEntries(
  MONITOR_GLUCOSE_KEYS.map((k) => [k, typedGlucose.optional()]),
) as Record<MonitorGlucoseKey, z.ZodOptional<typeof typedGlucose>>;

/**
 * A save of the settings (spec §7 POST monitor/{id}/settings). Only the fields sent change.
 * `unit` says in which unit the glucose values are written (mmol/L values are converted with the
 * factor 18) and becomes the patient's display unit. Lows are clamped to 60–100 mg/dL; highs,
 * hypo and the target must lie in 40–400 mg/dL, each low below its high, target_low below
 * target_high and hypo below target_low, else 400 and nothing is saved. The answer is the stored
 * settings, in mg/dL.
 */
export const monitorSettingsUpdate = z.object({
  unit: glucoseUnit,
  ...glucoseUpdateShape,
  alarm_display: onOff.optional(),
  glucose_display: onOff.optional(),
});
export type MonitorSettingsUpdate = z.infer<typeof monitorSettingsUpdate>;

/** What the monitor screen's header shows of the watched patient (spec §7 GET monitor/{id}/profile). */
export const monitorProfile = z.object({
  uid: uid,
  realname: z.string(),
  alias: z.string().nullable(),
  gender: gender,
  diabetes_type: diabetesType,
  birthday: z.string().nullable(),
  /** Whole years today, null without a birthday. */
  age: z.number().int().nullable(),
  has_portrait: z.boolean(),
  settings: monitorSettings,
});
export type MonitorProfile = z.infer<typeof monitorProfile>;
export const monitorProfileResponse = z.object({ error: z.literal(0), profile: monitorProfile });

// ---------------------------------------------------------------------------------------------
// Data options (spec §3 options, §4 "Data option", §5 and §8 error 34)

/** [start, end): epoch ms; `end` null means open (still in force). */
export const dataOptionRange = z.object({ start: epochMs, end: epochMs.nullable() });
export type DataOptionRange = z.infer<typeof dataOptionRange>;

/** daopapp: the realtime apps feed the data; pdm: the PDM does. */
export const dataOptionName = z.enum(['daopapp', 'pdm']);
export const dataOption = z.object({
  option: dataOptionName,
  cgms: z.array(dataOptionRange).max(200),
  pump: z.array(dataOptionRange).max(200),
});
export type DataOption = z.infer<typeof dataOption>;

/**
 * The patient's whole list of data options; a save replaces it. Each option appears at most once;
 * every range ends after it starts (400); no two cgms ranges and no two pump ranges overlap,
 * across both options (error 34 TIME_OVERLAP, HTTP 409). Ranges that only touch do not overlap.
 */
export const dataOptionsRequest = z.object({
  options: z
    .array(dataOption)
    .max(2)
    .refine((list) => new Set(list.map((o) => o.option)).size === list.length, {
      message: 'validation.duplicateOption',
    }),
});
export type DataOptionsRequest = z.infer<typeof dataOptionsRequest>;
export const dataOptionsResponse = z.object({
  error: z.literal(0),
  /** Sorted by option, ranges by start. */
  options: z.array(dataOption),
});

// ---------------------------------------------------------------------------------------------
// PDM settings and sessions (spec §3 "PDM setting item; sessions", "Device settings reviewed")

export const pdmSettingsQuery = z.object({
  /** The settings in force at this instant (epoch ms), e.g. a report's end; default: the latest. */
  at: epochMsQuery.optional(),
});

/** `{ error: 0, settings: null }` when the PDM never sent settings (before `at`). */
export const pdmSettingsResponse = z.object({
  error: z.literal(0),
  settings: pdmSettings.nullable(),
  /** The PDM serial that sent them. */
  serial: z.string().optional(),
  /** When they took effect on the device, epoch ms. */
  time: z.number().optional(),
  source: z.enum(['realtime', 'uploaded']).optional(),
});
export type PdmSettingsResponse = z.infer<typeof pdmSettingsResponse>;

/** Sessions that overlap [from, to); both optional. */
export const sessionsQuery = z
  .object({ from: epochMsQuery.optional(), to: epochMsQuery.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'messages.endBeforeStart',
    path: ['to'],
  });

export const deviceSession = z.object({
  /** Sensor (transmitter) or patch (pump base) serial. */
  serial: z.string(),
  pdm_serial: z.string().nullable(),
  start: z.number(),
  /** Null while the session runs. */
  end: z.number().nullable(),
  rated_life_hours: z.number(),
  /** start + rated life. */
  expires_at: z.number(),
  /** Ended before its rated life was over (failure, early removal); null while running. */
  ended_early: z.boolean().nullable(),
  source: z.enum(['realtime', 'uploaded']),
});
export type DeviceSession = z.infer<typeof deviceSession>;

export const sessionsResponse = z.object({
  error: z.literal(0),
  /** The newest PDM serial among the sessions, or null. */
  pdm_serial: z.string().nullable(),
  /** Newest first. */
  sensor: z.array(deviceSession),
  /** Patch sessions, newest first. */
  pump: z.array(deviceSession),
});
export type SessionsResponse = z.infer<typeof sessionsResponse>;

// ---------------------------------------------------------------------------------------------
// Deleting data (spec §7 POST data/delete, §8 "real-time and uploaded data will be deleted and
// cannot be restored")

export const dataKind = z.enum([
  'sg',
  'bg',
  'basal',
  'bolus',
  'alarm',
  'status',
  'session',
  'event',
  'pdm_settings',
]);
export type DataKind = z.infer<typeof dataKind>;
export const dataSource = z.enum(['realtime', 'uploaded', 'all']);

/**
 * Deletes the chosen kinds of the patient's data in [from, to) from the chosen source, and only
 * those. Only the patient may (403 otherwise); `confirm: true` is the user's answer to the
 * confirmation, without it 400. `bg` covers calibrations and fingersticks; a session belongs to
 * the range its start lies in; events entered by people are not device data and stay (they are
 * deleted through the events calls).
 */
export const dataDeleteRequest = z
  .object({
    uid: uid,
    kinds: z
      .array(dataKind)
      .min(1)
      .max(dataKind.options.length)
      .refine((k) => new Set(k).size === k.length, { message: 'validation.duplicateKind' }),
    source: dataSource,
    from: epochMs,
    to: epochMs,
    confirm: z.literal(true, 'confirm.deleteData'),
  })
  .refine((b) => b.from < b.to, { message: 'messages.endBeforeStart', path: ['to'] });
export type DataDeleteRequest = z.infer<typeof dataDeleteRequest>;

const kindCounts = z.partialRecord(dataKind, z.number().int());
export const dataDeleteResponse = z.object({
  error: z.literal(0),
  /** Rows deleted per chosen kind. */
  deleted: kindCounts,
  total: z.number().int(),
  /** The upload-history entry that records the deletion. */
  upload_id: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Upload history

export const uploadsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const uploadItem = z.object({
  id: z.string(),
  /** 'all' only for a deletion of both sources. */
  source: dataSource,
  /** Null for an ordinary batch; 'deleted' for a deletion, or a name such as 'demo history'. */
  label: z.string().nullable(),
  device: z
    .object({ id: z.string(), kind: z.string(), serial: z.string(), name: z.string().nullable() })
    .nullable(),
  received_at: z.number(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** The earliest and latest record time of the batch (for a deletion: its range). */
  first_time: z.number().nullable(),
  last_time: z.number().nullable(),
  /** For a deletion: what was deleted. */
  deletion: z.object({ kinds: z.array(dataKind), deleted: kindCounts, total: z.number().int() }).nullable(),
});
export type UploadItem = z.infer<typeof uploadItem>;

/** Paged like the patient list (spec §7): items, pages, has_next, has_prev; newest first. */
export const uploadsResponse = z.object({
  error: z.literal(0),
  uploads: z.object({
    items: z.array(uploadItem),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
  }),
});
export type UploadsResponse = z.infer<typeof uploadsResponse>;
