// Which follower alerts a patient's data raises now (issue 16). Pure: the server passes the recent
// readings, the devices' expiry times and alarms, the follower's settings and the time.

import {
  PREDICTION_MINUTES,
  URGENT_ALERT_KINDS,
  URGENT_LOW_MGDL,
  type AlertKind,
  type AlertSettings,
} from './alert-settings';
import {
  PATCH_EXPIRY_ALERT_MINUTES,
  patchExpiryAlert,
  SENSOR_EXPIRY_ALERT_MINUTES,
  sensorExpiryAlert,
} from './device-status';
import { isInvalidReading } from './glucose-line';
import { glucoseRateOfChange, type RateReading } from './glucose-rate';

export interface PumpAlarmInput {
  /** Identifies the alarm (serial:seq): one alarm raises one alert. */
  id: string;
  time: number;
  code: string;
  clearedAt: number | null;
}

export interface AlertInput {
  now: number;
  /** The patient's sensor readings of the last half hour or more, any order (C/CX included). */
  readings: readonly RateReading[];
  /** Time of the newest reading of any kind, however old (no-data alert); null when none ever. */
  lastReadingTime: number | null;
  sensorExpiresAt: number | null;
  patchExpiresAt: number | null;
  pumpAlarms: readonly PumpAlarmInput[];
}

export interface AlertCondition {
  kind: AlertKind;
  /**
   * One occurrence: a glucose condition is one episode while it lasts ('current'); a no-data alert
   * one per outage; an expiry alert one per threshold and session; a pump alarm one per alarm.
   */
  episode: string;
  urgent: boolean;
  /** The reading or figure that raised it (mg/dL, mg/dL/min, minutes), for the message. */
  value: number | null;
}

/** The pump's own alarms that alert followers, by the codes the devices send. */
const PUMP_ALARM_KINDS: Record<string, AlertKind> = {
  occlusion: 'pumpOcclusion',
  emptyReservoir: 'pumpEmptyReservoir',
  lowSuspend: 'pumpSuspend',
  predictiveLowSuspend: 'pumpSuspend',
  suspend: 'pumpSuspend',
};
/** A pump alarm older than this is history, not something a follower can still act on. */
export const PUMP_ALARM_MAX_AGE_MS = 60 * 60_000;

const cond = (kind: AlertKind, episode: string, value: number | null): AlertCondition => ({
  kind,
  episode,
  urgent: URGENT_ALERT_KINDS.has(kind),
  value,
});

function glucoseConditions(input: AlertInput, s: AlertSettings): AlertCondition[] {
  const valid = input.readings
    .filter((r) => r.mgdl !== null && r.time <= input.now && !isInvalidReading(r.flag))
    .sort((a, b) => a.time - b.time);
  const latest = valid[valid.length - 1];
  // A level is judged on the newest reading until the no-data alert takes over.
  if (!latest || input.now - latest.time > s.noDataMinutes * 60_000) return [];
  const g = latest.mgdl!;
  const out: AlertCondition[] = [];
  if (g < URGENT_LOW_MGDL) out.push(cond('urgentLow', 'current', g));
  else if (g < s.lowMgdl) out.push(cond('low', 'current', g));
  if (g > s.highMgdl) out.push(cond('high', 'current', g));
  const rate = glucoseRateOfChange(valid);
  if (rate !== null) {
    if (rate >= s.riseRate) out.push(cond('risingFast', 'current', rate));
    if (rate <= -s.fallRate) out.push(cond('fallingFast', 'current', rate));
    if (g >= URGENT_LOW_MGDL && rate < 0 && g + rate * PREDICTION_MINUTES < URGENT_LOW_MGDL)
      out.push(cond('predictedUrgentLow', 'current', g + rate * PREDICTION_MINUTES));
  }
  return out;
}

/** Every condition that holds now for a follower with settings `s` (whether switched on or not). */
export function alertConditions(input: AlertInput, s: AlertSettings): AlertCondition[] {
  const out = glucoseConditions(input, s);
  const last = input.lastReadingTime;
  if (last !== null && input.now - last > s.noDataMinutes * 60_000) {
    out.push(cond('noData', `since:${last}`, Math.floor((input.now - last) / 60_000)));
  }
  const sensor = input.sensorExpiresAt === null ? null : sensorExpiryAlert(input.sensorExpiresAt, input.now);
  if (sensor?.kind === 'expiring') {
    out.push(
      cond('sensorExpiry', `${sensor.thresholdMinutes}:${input.sensorExpiresAt}`, sensor.thresholdMinutes),
    );
  }
  const patch = input.patchExpiresAt === null ? null : patchExpiryAlert(input.patchExpiresAt, input.now);
  if (patch?.kind === 'expiring') {
    out.push(
      cond('patchExpiry', `${patch.thresholdMinutes}:${input.patchExpiresAt}`, patch.thresholdMinutes),
    );
  }
  for (const a of input.pumpAlarms) {
    const kind = PUMP_ALARM_KINDS[a.code];
    if (!kind || a.clearedAt !== null || a.time > input.now || input.now - a.time > PUMP_ALARM_MAX_AGE_MS)
      continue;
    out.push(cond(kind, `alarm:${a.id}`, null));
  }
  return out;
}

/**
 * The earliest time after `input.now` at which a condition could start for any of the followers
 * (`settings`) without new data: the most eager follower's no-data threshold, the next expiry
 * threshold of the open sensor or patch, a reading or alarm stamped ahead of now. Null when none
 * can. A timer may leave a patient with no open alert alone until then: new data is evaluated as
 * it arrives, and open alerts (repeats, snoozes, quiet hours) are always looked at.
 */
export function nextTimedCondition(input: AlertInput, settings: readonly AlertSettings[]): number | null {
  const candidates: number[] = [];
  const last = input.lastReadingTime;
  if (last !== null && settings.length) {
    const eagerest = Math.min(...settings.map((s) => s.noDataMinutes));
    candidates.push(last + eagerest * 60_000 + 1);
  }
  const thresholds = (expiresAt: number | null, minutes: readonly number[]) => {
    if (expiresAt !== null) for (const m of minutes) candidates.push(expiresAt - m * 60_000);
  };
  thresholds(input.sensorExpiresAt, SENSOR_EXPIRY_ALERT_MINUTES);
  thresholds(input.patchExpiresAt, PATCH_EXPIRY_ALERT_MINUTES);
  for (const r of input.readings) candidates.push(r.time);
  for (const a of input.pumpAlarms) candidates.push(a.time);
  const ahead = candidates.filter((t) => t > input.now);
  return ahead.length ? Math.min(...ahead) : null;
}
