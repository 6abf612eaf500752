import { z } from 'zod';
import {
  HIGH_ABOVE,
  LOW_BELOW,
  PREGNANCY_HIGH_ABOVE,
  PREGNANCY_LOW_BELOW,
  VALID_DAY_MIN_SECONDS,
  VERY_HIGH_ABOVE,
  VERY_LOW_BELOW,
} from '@cgm/domain';
import { isoDate } from './common';
import { glucoseUnit } from './data';

// Building blocks of the report answers (reports.ts): the statistics block, the insulin block, day
// coverage, the envelope every range report shares, and the items a daily chart draws. Glucose in
// mg/dL, insulin in U unrounded, times epoch ms UTC with the device's UTC offset in minutes.

export const mgdl = (what: string) => z.number().describe(`${what}, mg/dL`);
const nmgdl = (what: string) => mgdl(what).nullable();
const pct = (what: string) => z.number().nullable().describe(`${what}, % (0–100)`);
const units = (what: string) => z.number().nullable().describe(`${what}, U`);
export const epochMsField = z.number().int().describe('Epoch ms UTC');
export const utcOffsetField = z.number().int().describe("Device's UTC offset in minutes at that time");
const epoch = epochMsField;

// ---------------------------------------------------------------------------------------------
// Shared blocks

export const timeInRanges = z
  .object({
    very_low: z.number().describe(`< ${VERY_LOW_BELOW} mg/dL, %`),
    low: z.number().describe(`${VERY_LOW_BELOW}–${LOW_BELOW - 1} mg/dL, %`),
    in_range: z.number().describe(`${LOW_BELOW}–${HIGH_ABOVE} mg/dL, %`),
    high: z.number().describe(`${HIGH_ABOVE + 1}–${VERY_HIGH_ABOVE} mg/dL, %`),
    very_high: z.number().describe(`> ${VERY_HIGH_ABOVE} mg/dL, %`),
  })
  .describe('Share of readings per consensus band (Battelino 2019), % of readings');

export const timeInPregnancyRanges = z
  .object({
    very_low: z.number().describe(`< ${VERY_LOW_BELOW} mg/dL, %`),
    low: z.number().describe(`${VERY_LOW_BELOW} to < ${PREGNANCY_LOW_BELOW} mg/dL, %`),
    in_range: z.number().describe(`${PREGNANCY_LOW_BELOW}–${PREGNANCY_HIGH_ABOVE} mg/dL, %`),
    high: z.number().describe(`> ${PREGNANCY_HIGH_ABOVE} to ${VERY_HIGH_ABOVE} mg/dL, %`),
    very_high: z.number().describe(`> ${VERY_HIGH_ABOVE} mg/dL, %`),
  })
  .describe('Share of time per band with the pregnancy (type 1) limits of Battelino 2019, %');

/** The statistics block (spec §3 "Statistics"; domain glucoseStats). Null figures print "--". */
export const glucoseStatsBlock = z.object({
  count: z.number().int().describe('Readings after removing duplicates'),
  mean: nmgdl('Average'),
  sd: nmgdl('Sample SD (n − 1)'),
  cv: pct('Coefficient of variation 100·SD/mean'),
  min: nmgdl('Minimum'),
  max: nmgdl('Maximum'),
  median: nmgdl('Median (type 7)'),
  q1: nmgdl('First quartile'),
  q3: nmgdl('Third quartile'),
  iqr: nmgdl('Interquartile range Q3 − Q1'),
  time_in_ranges: timeInRanges.nullable(),
  time_in_pregnancy_ranges: timeInPregnancyRanges.nullable(),
  in_target: pct('Readings within the target range, bounds included'),
  auc_above: z.number().nullable().describe('Area above auc_above, mg/dL·h per day of data'),
  auc_below: z.number().nullable().describe('Area below auc_below, mg/dL·h per day of data'),
  ea1c: z
    .number()
    .nullable()
    .describe(
      'Estimated A1c %, null unless covered time exceeds 80 % of the period (ea1c_withheld says why)',
    ),
  gmi: z
    .number()
    .nullable()
    .describe(
      'Glucose management indicator %, null unless 14 days or more, covered at least 70 % (gmi_withheld)',
    ),
  ea1c_withheld: z.enum(['too-little-data']).nullable().describe('Why eA1c is not shown, null when it is'),
  gmi_withheld: z
    .enum(['too-few-days', 'too-little-data'])
    .nullable()
    .describe('Why GMI is not shown, null when it is'),
  covered_pct: z
    .number()
    .nullable()
    .describe("Covered time ÷ period × 100 (≤ 100): each reading counts its source's sampling interval"),
  gri: z.number().nullable().describe('Glycemia risk index 0–100'),
  gri_zone: z.enum(['A', 'B', 'C', 'D', 'E']).nullable(),
  lbgi: z.number().nullable(),
  hbgi: z.number().nullable(),
  days: z.number().describe('Length of the period in days used by the sufficiency rule'),
  sufficient: z.boolean().describe('Whether eA1c is shown (GMI: gmi_withheld)'),
});
export type GlucoseStatsBlock = z.infer<typeof glucoseStatsBlock>;

/** Insulin figures per day of insulin data (spec §3 "Statistics"; domain insulinSummary). */
export const insulinBlock = z.object({
  days: z.number().int().describe('Local days with any basal or bolus record'),
  total_daily_dose: units('Total daily dose per day'),
  basal: units('Basal per day (auto basal included)'),
  bolus: units('Bolus per day: normal + extended + combo + auto bolus'),
  bolus_normal: units('Normal bolus per day'),
  bolus_extended: units('Extended bolus per day'),
  bolus_combo: units('Combo bolus per day'),
  auto_basal: units('Auto-mode basal per day'),
  auto_bolus: units('Auto-mode correction and food micro-boluses per day'),
  basal_percent: pct('Basal share of the total dose'),
  bolus_percent: pct('Bolus share of the total dose'),
  time_in_auto_mode: pct('Share of basal-covered time in auto mode (BAAM and variants)'),
  auto_mode_exits: z.number().int().describe('Auto mode exit markers (BAAME)'),
});
export type InsulinBlock = z.infer<typeof insulinBlock>;

/** One day's insulin (domain insulinByLocalDay), U. */
export const dailyInsulin = z.object({
  basal: z.number(),
  auto_basal: z.number(),
  bolus: z.number(),
  bolus_normal: z.number(),
  bolus_extended: z.number(),
  bolus_combo: z.number(),
  auto_bolus: z.number(),
  total: z.number(),
  basal_minutes: z.number(),
  auto_mode_minutes: z.number(),
  suspend_minutes: z.number(),
  auto_mode_exits: z.number().int(),
});
export type DailyInsulin = z.infer<typeof dailyInsulin>;

export const dayCoverage = z.object({
  day: isoDate,
  count: z.number().int().describe('Sensor readings that local day'),
  valid: z
    .boolean()
    .describe(
      `More than ${VALID_DAY_MIN_SECONDS} s of covered time (each reading its source's sampling interval, CLINICAL.md)`,
    ),
});
export type DayCoverageItem = z.infer<typeof dayCoverage>;

/** What every range report answers besides its data (the range as used, thresholds, coverage). */
export const reportEnvelope = {
  error: z.literal(0),
  patient: z.string(),
  from: isoDate,
  to: isoDate,
  from_ms: epoch.describe('Start of the range: local midnight of `from`'),
  to_ms: epoch.describe('End of the range (exclusive): local midnight after `to`'),
  unit: z.literal('mg/dL').describe('Unit of every glucose value in the answer'),
  display_unit: glucoseUnit.describe("The patient's chosen display unit (settings)"),
  valid_days_only: z.boolean(),
  thresholds: z.object({
    target_low: mgdl('Target low used'),
    target_high: mgdl('Target high used'),
    auc_above: mgdl('AUC upper limit used'),
    auc_below: mgdl('AUC lower limit used'),
  }),
  coverage: z.array(dayCoverage).describe('Every local date of the range, in order, with its data'),
};
export const reportEnvelopeSchema = z.object(reportEnvelope);
export type ReportEnvelope = z.infer<typeof reportEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Items of the daily report, the logbook, the events and alerts reports

/** A bolus (spec §3 "Bolus row"); kind and series from domain bolusKind / bolusSeriesOf. */
export const bolusItem = z.object({
  time: epoch,
  utc_offset_min: utcOffsetField,
  code: z.string().describe('NB, EB, CB (+M manual), CRW, CAW, CCW'),
  kind: z.enum(['normal', 'extended', 'combo']),
  series: z.enum(['normalBolus', 'extendBolus']).describe('Chart series it is drawn in (spec §3)'),
  manual: z.boolean(),
  set: z.number().describe('Units set, U'),
  delivered: z.number().describe('Units delivered now (normal part), U'),
  extended_set: z.number().nullable(),
  extended_delivered: z.number().nullable().describe('Units delivered over time, U'),
  extended_duration_min: z.number().nullable(),
  total: z.number().describe('delivered + extended_delivered, U'),
  details: z
    .record(z.string(), z.number().nullable())
    .nullable()
    .describe(
      'Wizard details: bg (mg/dL), corr_bolus, carb (g), carb_bolus, iob, suggest, adjustmentType, bg_bolus',
    ),
});
export type BolusItem = z.infer<typeof bolusItem>;

/** A calibration or a fingerstick BG. */
export const bgItem = z.object({
  time: epoch,
  utc_offset_min: utcOffsetField,
  kind: z.enum(['calibration', 'bg']),
  mgdl: mgdl('Meter glucose'),
});
export type BgItem = z.infer<typeof bgItem>;

/** An event (spec §3 "Events"): BG value in mg/dL, CARB g, INS U, EXR minutes… */
export const reportEvent = z.object({
  id: z.string(),
  time: epoch,
  utc_offset_min: utcOffsetField,
  type: z.string().describe('BG, CARB, INS, EXR, HBA1C, DOSE, URINEK, OTR, Auto*'),
  value: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable().describe('e.g. exerciseIntensity 0–2, URINEK text'),
  notes: z.string().nullable(),
  origin: z.string().describe("'device', 'user' or 'uploaded'"),
});
export type ReportEvent = z.infer<typeof reportEvent>;

/** An alarm or alert of the sensor or pump, with how long it lasted when it was cleared. */
export const alarmItem = z.object({
  time: epoch,
  utc_offset_min: utcOffsetField,
  source: z.enum(['sensor', 'pump']),
  code: z.string(),
  cleared_at: z.number().int().nullable(),
  duration_min: z.number().nullable().describe('cleared_at − time in minutes; null while not cleared'),
});
export type AlarmItem = z.infer<typeof alarmItem>;

/** A sensor or patch session that started in the period: a sensor change or a new patch. */
export const sessionChange = z.object({
  kind: z.enum(['sensor', 'patch']),
  serial: z.string(),
  start: epoch,
  end: z.number().int().nullable(),
  utc_offset_min: utcOffsetField,
  rated_life_hours: z.number(),
});
export type SessionChange = z.infer<typeof sessionChange>;

/** Daily profile or segment view, column-wise: index i is bin i; empty bins have null percentiles. */
export const profileColumns = z.object({
  bin_minutes: z.number().int().describe('10 (144 bins, daily profile) or 30 (48 bins, segment view)'),
  start_min: z.array(z.number().int()).describe('Start of each bin, minutes after local midnight'),
  count: z.array(z.number().int()),
  p5: z.array(z.number().nullable()).describe('5th percentile (AGP convention), mg/dL'),
  p10: z.array(z.number().nullable()),
  p25: z.array(z.number().nullable()),
  p50: z.array(z.number().nullable()).describe('Median, mg/dL'),
  p75: z.array(z.number().nullable()),
  p90: z.array(z.number().nullable()),
  p95: z.array(z.number().nullable()).describe('95th percentile (AGP convention), mg/dL'),
});
export type ProfileColumns = z.infer<typeof profileColumns>;
