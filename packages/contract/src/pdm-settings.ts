import { z } from 'zod';

// PDM settings: every item of spec §3 "Device settings reviewed", as the PDM (or the patch app)
// holds them. Glucose in mg/dL, insulin in U, rates in U/h, times of day as minutes after local
// midnight. Schedules are 24-hour segment lists: each segment runs from its start to the next
// start, the first starts at 0 (00:00).

const minuteOfDay = z.number().int().min(0).max(1439);
const glucose = z.number().min(40).max(400);

type Starts = ReadonlyArray<{ start_min: number }>;
const startsAtMidnight = (list: Starts) => list[0]?.start_min === 0;
const startsIncrease = (list: Starts) =>
  list.every((s, i) => i === 0 || s.start_min > list[i - 1]!.start_min);

/** A 24-hour schedule: starts strictly increasing, the first at 00:00, at most 48 segments. */
function schedule<T extends z.ZodRawShape>(value: T) {
  return z
    .array(z.object({ start_min: minuteOfDay, ...value }))
    .min(1)
    .max(48)
    .refine((list) => startsAtMidnight(list as unknown as Starts), 'The first segment starts at 00:00')
    .refine((list) => startsIncrease(list as unknown as Starts), 'Segment starts increase through the day');
}

export const basalSchedule = schedule({ rate: z.number().min(0).max(35) });
export type BasalSchedule = z.infer<typeof basalSchedule>;

/** Basal patterns (spec §3, §4 "Pump modes"): standard, exercise, holiday, sick, programs A–D. */
export const basalPatternName = z.enum([
  'standard',
  'exercise',
  'holiday',
  'sick',
  'programA',
  'programB',
  'programC',
  'programD',
]);
export type BasalPatternName = z.infer<typeof basalPatternName>;

const onOff = z.boolean();
const alertLimit = z.object({ enabled: onOff, mgdl: glucose });

export const pdmSettings = z.object({
  pdm_serial: z.string().min(1).max(64),
  /** When these settings were read from the device, epoch ms UTC. */
  updated_at: z.number().int().optional(),
  basal: z.object({
    max_basal_rate: z.number().min(0).max(35),
    active_pattern: basalPatternName,
    patterns: z.object({
      standard: basalSchedule,
      exercise: basalSchedule,
      holiday: basalSchedule,
      sick: basalSchedule,
      programA: basalSchedule,
      programB: basalSchedule,
      programC: basalSchedule,
      programD: basalSchedule,
    }),
  }),
  bolus: z.object({
    max_bolus: z.number().min(0).max(75),
    bolus_increment: z.union([z.literal(0.05), z.literal(0.1), z.literal(0.5), z.literal(1)]),
    /** Insulin-to-carbohydrate ratios, g per U. */
    ic_ratios: schedule({ grams_per_unit: z.number().min(1).max(150) }),
    /** Insulin sensitivity, mg/dL per U. */
    insulin_sensitivity: schedule({ mgdl_per_unit: z.number().min(5).max(400) }),
    bg_target: schedule({ low_mgdl: glucose, high_mgdl: glucose }),
    active_insulin_time_h: z.number().min(2).max(8),
  }),
  /** Hourly and daily maximum delivery; delivery suspends when exceeded (SUSHM, SUSDM). */
  delivery_limits: z.object({
    hourly_max_u: z.number().min(0).max(100),
    daily_max_u: z.number().min(0).max(300),
  }),
  low_reservoir: z.object({ enabled: onOff, units: z.number().min(5).max(50) }),
  /** Suspend when no button is pressed for the given hours (SUSEB). */
  auto_off: z.object({ enabled: onOff, hours: z.number().int().min(1).max(24) }),
  low_suspend: alertLimit,
  predictive_low_suspend: alertLimit,
  glucose_limits: z.object({ high: alertLimit, low: alertLimit }),
  predictive_alerts: z.object({
    high: onOff,
    low: onOff,
    /** How far ahead the prediction looks, minutes. */
    minutes: z.number().int().min(5).max(60),
  }),
  rate_alerts: z.object({
    rise: z.object({ enabled: onOff, mgdl_per_min: z.number().min(1).max(5) }),
    fall: z.object({ enabled: onOff, mgdl_per_min: z.number().min(1).max(5) }),
  }),
  calibration_reminder: z.object({ enabled: onOff, hours: z.number().min(1).max(24) }),
  /** Snooze of glucose alerts: once (for the next minutes) and daily (a quiet period). */
  snooze: z.object({
    once: z.object({ enabled: onOff, minutes: z.number().int().min(5).max(480) }),
    daily: z.object({ enabled: onOff, start_min: minuteOfDay, end_min: minuteOfDay }),
  }),
  alert_delivery: z.enum(['sound', 'vibrate', 'both', 'silent']),
  reminders: z
    .array(
      z.object({
        kind: z.enum(['bg_check', 'meal_bolus', 'patch_change', 'sensor_change', 'custom']),
        enabled: onOff,
        time_min: minuteOfDay,
        label: z.string().max(40).optional(),
      }),
    )
    .max(20),
  alarm_clock: z
    .array(z.object({ enabled: onOff, time_min: minuteOfDay, label: z.string().max(40).optional() }))
    .max(8),
  /** Alerts before the sensor (6 h, 2 h, 30 min) and the patch (1 h) expire (spec §9). */
  expiration_alerts: z.object({
    sensor: z.object({ enabled: onOff, minutes_before: z.array(z.number().int().min(1).max(1440)).max(6) }),
    patch: z.object({ enabled: onOff, minutes_before: z.array(z.number().int().min(1).max(1440)).max(6) }),
  }),
  display: z.object({
    backlight_s: z.number().int().min(5).max(300),
    time_format: z.enum(['12h', '24h']),
    weight_unit: z.enum(['kg', 'lb']),
    height_unit: z.enum(['cm', 'in']),
    pump_light: onOff,
  }),
  auto_mode: z.object({
    enabled: onOff,
    target_mgdl: z.union([z.literal(100), z.literal(110), z.literal(120)]),
  }),
});
export type PdmSettings = z.infer<typeof pdmSettings>;
