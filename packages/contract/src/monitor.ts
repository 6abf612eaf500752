import { z } from 'zod';

// Live monitor (spec §3 "Monitor status", §4 live monitor, §7 monitor calls). Times are epoch ms
// UTC; glucose mg/dL (the web app converts); `stale` follows spec §4 (older than 3600 s → '--').

export const monitorStatusQuery = z.object({
  /** Hours of chart before now (spec §7: one param). */
  hours: z.coerce.number().int().min(1).max(24).default(6),
});

export const sensorStatus = z.object({
  status: z.string(),
  serial: z.string(),
  deviceType: z.string().nullable(),
  updateTime: z.number(),
  glucose: z.number().nullable(),
  glucoseTime: z.number().nullable(),
  glucoseRate: z.number().int().nullable(),
  quality: z.string().nullable(),
  displayCode: z.string().nullable(),
  batteryPercent: z.number().nullable(),
  sensorLifetimeTotalCount: z.number().nullable(),
  sequence: z.number().nullable(),
  sessionStart: z.number().nullable(),
  expiresAt: z.number().nullable(),
  lastCalibration: z.number().nullable(),
  stale: z.boolean(),
  /**
   * True for a follower when the patient has switched "show glucose value" off (security setting):
   * glucose and glucoseRate are then null although the sensor may be measuring.
   */
  glucoseHidden: z.boolean().optional(),
});
export type SensorStatus = z.infer<typeof sensorStatus>;

export const pumpStatus = z.object({
  state: z.number().int(),
  serial: z.string(),
  pdmSerial: z.string().nullable(),
  basalType: z.number().int().nullable(),
  basalRate: z.number().nullable(),
  AutoModeEnabledNew: z.boolean(),
  iob: z.number().nullable(),
  reservoir: z.number().nullable(),
  batteryPercent: z.number().nullable(),
  patchState: z.string().nullable(),
  mode: z.string().nullable(),
  suspendTime: z.number().nullable(),
  // Spec §3 pump_status delivery fields (device contract: pumpStatusRecord), null when not sent.
  basalDeliveried: z.number().nullable(),
  basalDeliveriedTime: z.number().nullable(),
  bolusType: z.string().nullable(),
  bolusSet: z.number().nullable(),
  bolusDeliveried: z.number().nullable(),
  extendBolusSet: z.number().nullable(),
  extendBolusDeliveried: z.number().nullable(),
  extendBolusDuration: z.number().nullable(),
  wizardType: z.string().nullable(),
  wizardGlucose: z.number().nullable(),
  wizardCorrSet: z.number().nullable(),
  wizardCarb: z.number().nullable(),
  wizardCarbSet: z.number().nullable(),
  wizardIob: z.number().nullable(),
  adjustmentType: z.number().nullable(),
  remainingDose: z.number().nullable(),
  remainingTime: z.number().nullable(),
  lastBolus: z.object({ time: z.number(), code: z.string(), delivered: z.number() }).nullable(),
  tempBasal: z.object({ code: z.string(), rate: z.number(), endsAt: z.number() }).nullable(),
  updateTime: z.number(),
  patchStart: z.number().nullable(),
  expiresAt: z.number().nullable(),
  stale: z.boolean(),
});
export type PumpStatus = z.infer<typeof pumpStatus>;

/** The auto-mode JSON of a basal row (spec §3), U each. */
export const autoModeDelivery = z.object({
  auto_basal_delivery: z.number(),
  auto_corr_delivery: z.number(),
  auto_food_delivery: z.number(),
});

export const chartData = z.object({
  st: z.number(),
  et: z.number(),
  /** [time, mg/dL or null, quality flag or display code or null] */
  sg: z.array(z.tuple([z.number(), z.number().nullable(), z.string().nullable()])),
  /**
   * [time, code, duration min, rate U/h, delivered U, auto-mode micro-delivery total U, row id
   * ("serial:seq", spec §3 basal row id string), the auto-mode JSON as sent or null]
   */
  basal: z.array(
    z.tuple([
      z.number(),
      z.string(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.string(),
      autoModeDelivery.nullable(),
    ]),
  ),
  /** [time, code, delivered U (normal part + extended part)] */
  bolus: z.array(z.tuple([z.number(), z.string(), z.number()])),
  /** [time, mg/dL, 'calibration' | 'bg'] */
  calibRecord: z.array(z.tuple([z.number(), z.number(), z.enum(['calibration', 'bg'])])),
  /** [time, code] */
  sensor_alarm: z.array(z.tuple([z.number(), z.string()])),
  pump_alarm: z.array(z.tuple([z.number(), z.string()])),
  /** [time, state] each time the transmitter reports a new state (sensor status), oldest first. */
  transmtr: z.array(z.tuple([z.number(), z.string()])),
  /** [time, 'sensor' | 'pump', code, cleared at or null]: every alarm to draw, both devices in time order. */
  alarm_display: z.array(
    z.tuple([z.number(), z.enum(['sensor', 'pump']), z.string(), z.number().nullable()]),
  ),
  /** [start, end] of each sleeping time (night, 22:00–06:00 local) inside the window. */
  sleeptime: z.array(z.tuple([z.number(), z.number()])),
});
export type ChartData = z.infer<typeof chartData>;

export const monitorStatus = z.object({
  patient: z.object({ uid: z.string(), realname: z.string(), alias: z.string().nullable() }),
  data_source: z.enum(['realtime', 'uploaded']).nullable(),
  server_time: z.number(),
  /**
   * The patient's UTC offset in minutes as the devices record it (the newest reading's, else the
   * transmitter's), null when no device data: the monitor shows times on the patient's clock.
   */
  utc_offset_min: z.number().int().nullable(),
  eventNo: z.number(),
  sensor_status: sensorStatus.nullable(),
  pump_status: pumpStatus.nullable(),
  chart: chartData,
});
export type MonitorStatus = z.infer<typeof monitorStatus>;
export const monitorStatusResponse = z.object({ error: z.literal(0), status: monitorStatus });

/** Long poll (spec §4, §7): answers as soon as a watched patient has data newer than eventNo, or after 118 s. */
export const monitorPollRequest = z.object({
  uids: z.array(z.string().min(1).max(64)).min(1).max(200),
  eventNo: z.number().min(0),
});
/**
 * What a wake-up changed when that was sensor readings alone (issue 21): every reading of the
 * touched range [from, to] the monitor shows (as chart.sg, the patient's data options applied),
 * and the newest of them as the sensor card shows it. Sent only to a follower that had seen the
 * data just before the change, so applying it to that follower's status gives what a new status
 * call would; without it the follower calls for the status again.
 */
export const monitorGlucoseChange = z.object({
  source: z.enum(['realtime', 'uploaded']),
  from: z.number(),
  to: z.number(),
  sg: chartData.shape.sg,
  newest: z
    .object({
      time: z.number(),
      mgdl: z.number().nullable(),
      rate: z.number().int().nullable(),
      quality: z.string().nullable(),
      displayCode: z.string().nullable(),
      utcOffsetMin: z.number().int(),
    })
    .nullable(),
});
export type MonitorGlucoseChange = z.infer<typeof monitorGlucoseChange>;

export const monitorPollResponse = z.object({
  error: z.literal(0),
  eventNo: z.number(),
  data: z.array(z.object({ uid: z.string(), eventNo: z.number(), glucose: monitorGlucoseChange.optional() })),
});
