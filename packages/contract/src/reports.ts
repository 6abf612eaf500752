import { z } from 'zod';
import {
  DEFAULT_AUC_ABOVE,
  DEFAULT_AUC_BELOW,
  DISPLAY_MAX_MGDL,
  DISPLAY_MIN_MGDL,
  HIGH_ABOVE,
  LOW_BELOW,
  mgdlToMmol,
  VALID_DAY_MIN_SECONDS,
} from '@cgm/domain';
import { isoDate } from './common';
import { reviewedPdmSettings } from './reviewed-settings';
import {
  alarmItem,
  bgItem,
  bolusItem,
  dailyInsulin,
  dayCoverage,
  epochMsField,
  glucoseStatsBlock,
  insulinBlock,
  profileColumns,
  reportEnvelope,
  reportEvent,
  sessionChange,
  utcOffsetField,
} from './reports-blocks';

export * from './reports-blocks';

// Reports (spec §1 reports, §3 chart series / statistics / device settings reviewed, §5 date
// ranges, §7 chart datamap, chart data ds/dd/ol/ta/lgb, data/{id} dashboard and segment, §9 bins,
// percentiles, thresholds). Every figure comes from @cgm/domain on the patient's data; glucose is
// mg/dL everywhere (the web converts with domain `toUnit`/`displayGlucose`), times are epoch ms
// UTC with the device's UTC offset in minutes, days are the patient's local dates YYYY-MM-DD.
// Insulin is in U unrounded (display with domain `formatInsulin`, 0.05 U steps). docs/REPORTS-API.md
// describes every call with an example.

// ---------------------------------------------------------------------------------------------
// Requests

const THRESHOLDS = {
  target_low: "Target range low; default the patient's settings target_low",
  target_high: "Target range high; default the patient's settings target_high",
  auc_above: `AUC upper limit; default ${DEFAULT_AUC_ABOVE} (${mgdlToMmol(DEFAULT_AUC_ABOVE).toFixed(1)} mmol/L, spec §9)`,
  auc_below: `AUC lower limit; default ${DEFAULT_AUC_BELOW} (${mgdlToMmol(DEFAULT_AUC_BELOW).toFixed(1)} mmol/L, spec §9)`,
} as const;
/** The four thresholds, in mg/dL within the display range 40–400 (the web converts from mmol/L). */
function thresholdFields<T extends z.ZodNumber | z.ZodCoercedNumber>(num: () => T) {
  const field = (what: string) =>
    num().min(DISPLAY_MIN_MGDL).max(DISPLAY_MAX_MGDL).optional().describe(`${what}, mg/dL`);
  return {
    target_low: field(THRESHOLDS.target_low),
    target_high: field(THRESHOLDS.target_high),
    auc_above: field(THRESHOLDS.auc_above),
    auc_below: field(THRESHOLDS.auc_below),
  };
}
const range = {
  from: isoDate.describe('First local date of the range (included)'),
  to: isoDate.describe('Last local date of the range (included); not before `from`'),
};

/**
 * Query of GET chart/{id}/data/{kind} and the report calls (spec §5 "Dates", §9 thresholds). Ranges:
 * dd and ol at most 14 days, ds, ta and lgb at most 90 (400 with messages.moreThan14Days /
 * moreThan90Days; messages.endBeforeStart when `to` is before `from`).
 */
export const reportQuery = z.object({
  ...range,
  valid_days_only: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      `'true': statistics and profiles use valid days only (> ${VALID_DAY_MIN_SECONDS} s of data, spec §9)`,
    ),
  ...thresholdFields(() => z.coerce.number()),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const datamapQuery = z.object({
  from: isoDate.optional().describe('First local date; default 364 days before `to`'),
  to: isoDate.optional().describe("Last local date; default the patient's today"),
});
export type DatamapQuery = z.infer<typeof datamapQuery>;

export const dataReportKind = z.enum(['dashboard', 'segment']);
export type DataReportKind = z.infer<typeof dataReportKind>;

/** POST data/{id}: one or both of the dashboard and the segment view over one range (≤ 90 days). */
export const dataReportRequest = z.object({
  reports: z.array(dataReportKind).min(1).max(2).describe('Which reports to compute'),
  ...range,
  valid_days_only: z.boolean().default(false).describe('Valid days only (spec §9) or all days'),
  ...thresholdFields(() => z.number()),
});
export type DataReportRequest = z.infer<typeof dataReportRequest>;

export const reportRangeKinds = z.enum(['ds', 'dd', 'ol', 'ta', 'lgb']);
export type ChartDataKind = z.infer<typeof reportRangeKinds>;

// ---------------------------------------------------------------------------------------------
// Answers. Every range report: the envelope (range as used, thresholds, coverage) + report_data.

const nullableNumbers = (what: string) => z.array(z.number().nullable()).describe(what);

/** ds: the summary of the range. */
export const dsReport = z.object({
  stats: glucoseStatsBlock,
  insulin: insulinBlock,
  days_with_data: z.number().int().describe('Local dates with sensor readings'),
  valid_days: z.number().int(),
  sensor_wear: z
    .number()
    .nullable()
    .describe('Readings ÷ expected 2-minute readings of the range, % (≤ 100)'),
});

/** One local date of the daily report; SG and basal are column-wise (index i is one row). */
export const ddDay = z.object({
  day: isoDate,
  from_ms: epochMsField.describe('Local midnight starting the day'),
  to_ms: epochMsField.describe('Local midnight ending the day (23 or 25 h later on DST changes)'),
  valid: z.boolean(),
  stats: glucoseStatsBlock.describe('The day alone (domain glucoseStatsByLocalDay)'),
  insulin: dailyInsulin.nullable().describe('Null when the day has no basal or bolus record'),
  sg: z.object({
    time: z.array(z.number().int()),
    utc_offset_min: z.array(z.number().int()),
    mgdl: nullableNumbers('Sensor glucose, mg/dL; null when the sensor showed a display code'),
    quality: z.array(z.enum(['C', 'CX', 'NC', 'DE']).nullable()).describe('Quality flag (spec §3 SG row)'),
    display_code: z.array(z.enum(['CE0', 'CE1', 'H']).nullable()),
  }),
  basal: z
    .object({
      start: z.array(z.number().int()),
      utc_offset_min: z.array(z.number().int()),
      duration_min: z.array(z.number()),
      rate: z.array(z.number()).describe('U/h'),
      delivered: z.array(z.number()).describe('U'),
      code: z.array(z.string()).describe('Basal type code (spec §3)'),
      kind: z
        .array(z.string().nullable())
        .describe('scheduled, auto, autoMarker, temp, suspend, newPatch, end (domain basalCodeInfo)'),
      series: z
        .array(z.string().nullable())
        .describe(
          'basal, tempBasal, manualStop, autoSuspend, autoModeBasal, newPatch, stop; null: not drawn',
        ),
      auto_basal: nullableNumbers('Auto-mode micro-deliveries: auto_basal_delivery, U'),
      auto_corr: nullableNumbers('auto_corr_delivery, U'),
      auto_food: nullableNumbers('auto_food_delivery, U'),
    })
    .describe('Basal segments overlapping the day (one crossing midnight is listed on both days)'),
  boluses: z.array(bolusItem),
  bg: z.array(bgItem).describe('Calibrations and fingersticks'),
  events: z.array(reportEvent),
  alarms: z.array(alarmItem),
  sessions: z.array(sessionChange).describe('Sensor changes and new patches that day'),
});
export type DdDay = z.infer<typeof ddDay>;
export const ddReport = z.object({
  days: z.array(ddDay).describe('Every local date of the range, in order'),
});

/** ol: each day's SG on one 0–24 h axis. */
export const olReport = z.object({
  days: z.array(
    z.object({
      day: isoDate,
      valid: z.boolean(),
      minute: z.array(z.number()).describe('Local minutes after midnight (0 ≤ m < 1440), fractional'),
      mgdl: z.array(z.number()),
    }),
  ),
});

/** ta: the daily profile (AGP), the statistics and each day's curve for the small multiples. */
export const taReport = z.object({
  stats: glucoseStatsBlock,
  profile: profileColumns.describe(
    '144 bins of 10 minutes; bands 10–90 and 25–75 (or 5–95 for the AGP page)',
  ),
  days_with_data: z.number().int(),
  valid_days: z.number().int(),
  sensor_wear: z
    .number()
    .nullable()
    .describe(
      "The AGP's time CGM active: readings ÷ expected 2-minute readings of the whole range, % (≤ 100; domain sensorWear, all days even with valid days only)",
    ),
  days: z
    .array(
      z.object({
        day: isoDate,
        valid: z.boolean(),
        count: z.number().int(),
        median: nullableNumbers('144 ten-minute medians of that day, mg/dL; null without readings'),
      }),
    )
    .describe('Daily glucose profiles (small multiples), dates with readings'),
});

const logbookCell = z.object({
  count: z.number().int().describe('Sensor readings in the cell'),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  bg: z.array(z.object({ time: epochMsField, mgdl: z.number() })).describe('Fingersticks'),
  wizard_carbs: z.number().describe('g entered in the bolus wizard'),
  event_carbs: z.number().describe('g of CARB events'),
  carbs: z.number().describe('wizard_carbs + event_carbs, g'),
  bolus: z.number().describe('Units of boluses started in the cell'),
  bolus_count: z.number().int(),
  events: z.array(reportEvent),
});
/** lgb: a table by local date × meal period (domain logbook, meal-periods). */
export const lgbReport = z.object({
  periods: z
    .record(z.string(), z.object({ start_min: z.number().int(), end_min: z.number().int() }))
    .describe('Hours of each meal period, minutes after midnight (night wraps midnight)'),
  days: z.array(
    z.object({
      day: isoDate,
      insulin: dailyInsulin.nullable(),
      periods: z.object({
        breakfast: logbookCell,
        lunch: logbookCell,
        dinner: logbookCell,
        night: logbookCell,
      }),
    }),
  ),
});

const envelope = <T extends z.ZodType>(data: T) => z.object({ ...reportEnvelope, report_data: data });
export const dsResponse = envelope(dsReport);
export const ddResponse = envelope(ddReport);
export const olResponse = envelope(olReport);
export const taResponse = envelope(taReport);
export const lgbResponse = envelope(lgbReport);
export type DsResponse = z.infer<typeof dsResponse>;
export type DdResponse = z.infer<typeof ddResponse>;
export type OlResponse = z.infer<typeof olResponse>;
export type TaResponse = z.infer<typeof taResponse>;
export type LgbResponse = z.infer<typeof lgbResponse>;

/** POST data/{id}: the dashboard (every statistic of spec §3) and the 48-bin segment view. */
export const dashboardReport = z.object({
  stats: glucoseStatsBlock,
  insulin: insulinBlock,
  days_with_data: z.number().int(),
  valid_days: z.number().int(),
  sensor_wear: z.number().nullable(),
  daily: z
    .array(
      z.object({
        day: isoDate,
        count: z.number().int(),
        mean: z.number().nullable(),
        in_range: z.number().nullable().describe(`${LOW_BELOW}–${HIGH_ABOVE} mg/dL, %`),
        insulin: dailyInsulin.nullable(),
      }),
    )
    .describe('Per local date, for the charts'),
});
export const dataReportResponse = z.object({
  ...reportEnvelope,
  report_data: z.object({
    dashboard: dashboardReport.optional(),
    segment: profileColumns.optional().describe('48 bins of 30 minutes'),
  }),
});
export type DataReportResponse = z.infer<typeof dataReportResponse>;

/** GET chart/{id}/datamap: which local dates have sensor data (for the date pickers). */
export const datamapResponse = z.object({
  error: z.literal(0),
  patient: z.string(),
  from: isoDate,
  to: isoDate,
  today: isoDate.describe("The patient's local date now"),
  days: z.array(dayCoverage).describe('Only the dates with readings, in order'),
});
export type DatamapResponse = z.infer<typeof datamapResponse>;

const rangeOnly = {
  error: z.literal(0),
  patient: z.string(),
  from: isoDate,
  to: isoDate,
  from_ms: epochMsField,
  to_ms: epochMsField,
};

/** GET report/{id}/events: the events of the range (≤ 90 days), oldest first, with counts per type. */
export const eventsReportResponse = z.object({
  ...rangeOnly,
  events: z.array(reportEvent),
  counts: z.record(z.string(), z.number().int()).describe('Events per type'),
});
export type EventsReportResponse = z.infer<typeof eventsReportResponse>;

/** GET report/{id}/alerts: alarms and alerts of the range (≤ 90 days), oldest first. */
export const alertsReportResponse = z.object({
  ...rangeOnly,
  alarms: z.array(alarmItem),
  counts: z
    .array(z.object({ source: z.enum(['sensor', 'pump']), code: z.string(), count: z.number().int() }))
    .describe('Per source and code, most frequent first'),
});
export type AlertsReportResponse = z.infer<typeof alertsReportResponse>;

export const deviceSettingsQuery = z.object({
  at: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Settings in force at this epoch ms; default latest'),
});
/** GET report/{id}/device-settings: the PDM settings for review (spec §3 "Device settings reviewed"). */
export const deviceSettingsReportResponse = z.object({
  error: z.literal(0),
  patient: z.string(),
  settings: reviewedPdmSettings
    .nullable()
    .describe('Null when no settings were ever received; uploaded ones hold only what their app sent'),
  serial: z.string().nullable(),
  time: z.number().int().nullable().describe('When these settings were read from the device'),
  utc_offset_min: utcOffsetField.nullable().describe('Offset of the latest reading, for local display'),
  source: z.enum(['realtime', 'uploaded']).nullable(),
  basal_totals: z
    .record(z.string(), z.number())
    .describe('Daily total of each basal pattern, U/day (Σ rate × hours)'),
  changes: z.array(epochMsField).describe('Times the settings changed, newest first (at most 20)'),
});
export type DeviceSettingsReportResponse = z.infer<typeof deviceSettingsReportResponse>;
