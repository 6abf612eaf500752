// The CGM sensor and its transmitter: a reading every 2 minutes on the even-minute grid, 14-day
// sessions with a 2-hour warm-up, interstitial lag, autocorrelated noise, a slowly drifting gain
// that fingerstick calibrations correct, a few signal-loss gaps per session, rare night-time
// compression artefacts (flagged CX) and rare early sensor failures. Values are whole mg/dL within
// the sensor range 40–400; above 400 the sensor shows H.

import {
  DISPLAY_MAX_MGDL,
  DISPLAY_MIN_MGDL,
  MS_PER_DAY,
  MS_PER_MINUTE,
  SAMPLING_INTERVAL_MIN,
  SENSOR_EXPIRY_ALERT_MINUTES,
} from '@cgm/domain';
import type { SensorAlarm, SensorState } from './codes';
import type { Rng } from './random';
import type { RecordSink } from './records';
import { planSession, type SensorSession } from './sensor-session';
import { rateOfSlope, TrendWindow } from './trend';

export const SENSOR_LIFE_HOURS = 14 * 24;
const READING_MS = SAMPLING_INTERVAL_MIN * MS_PER_MINUTE;
const STATUS_EVERY_MS = 30 * MS_PER_MINUTE;
/** Alerts before expiry (spec §9: 6 h, 2 h, 30 min). */
const EXPIRY_ALARM: Partial<Record<number, SensorAlarm>> = {
  360: 'sensorExpiry6h',
  120: 'sensorExpiry2h',
  30: 'sensorExpiry30min',
};

export interface Reading {
  time: number;
  /** What the sensor measured, unclamped (what the pump's algorithms see). */
  value: number;
  /** The recorded value: null above 400 (display code H). */
  mgdl: number | null;
  slope: number | null;
  rate: number;
  quality: 'NC' | 'CX' | null;
}

export class Cgm {
  state: SensorState = 'charged';
  session: SensorSession | null = null;
  latest: Reading | null = null;
  /** Set while the sensor asks for a fingerstick calibration. */
  calibrationNeededSince: number | null = null;
  /** When the last session ended (the patient then inserts a new sensor). */
  endedAt: number | null = null;
  private firstCalibrationPending = false;
  private interstitial: number;
  private noise = 0;
  private gain = 1;
  private bias = 0;
  private calFactor = 1;
  private battery = 100;
  private count = 0;
  private readonly trend = new TrendWindow();

  constructor(
    private readonly rng: Rng,
    private readonly sink: RecordSink,
    private readonly pdmSerial: string,
    private readonly utcOffsetMin: number,
    glucose: number,
    /** Longest signal-loss gap, minutes (sensor-session.ts); unlimited by default. */
    private readonly maxGapMin = Number.POSITIVE_INFINITY,
  ) {
    this.interstitial = glucose;
  }

  /** Inserts a sensor at `t`; `ageMin` > 0 starts one already that old (for the first day). */
  insert(t: number, ageMin = 0): void {
    const start = t - ageMin * MS_PER_MINUTE;
    this.session = planSession(this.rng, start, this.utcOffsetMin, this.maxGapMin);
    this.endedAt = null;
    this.gain = this.rng.around(1, 0.06, 0.85, 1.15);
    this.bias = this.rng.normal(0, 5);
    this.calFactor = 1;
    this.noise = 0;
    this.count = Math.max(0, Math.floor((ageMin - 120) / SAMPLING_INTERVAL_MIN));
    this.battery = Math.max(5, 100 - (ageMin / (24 * 60)) * 4);
    this.trend.clear();
    this.latest = null;
    this.firstCalibrationPending = ageMin === 0;
    this.calibrationNeededSince = null;
    this.sessionRecord(t, null);
    this.setState(t, ageMin >= 120 ? 'monitoring' : 'warmUp');
  }

  /** A fingerstick entered as calibration: the sensor scales itself toward the meter value. */
  calibrate(t: number, meterMgdl: number): void {
    if (!this.session) return;
    const raw = this.measure(t, false);
    this.calFactor = Math.min(1.3, Math.max(0.7, this.calFactor * (1 + 0.7 * (meterMgdl / raw - 1))));
    this.sink.emit('transmitter', { type: 'calibration', time: t, mgdl: Math.round(meterMgdl) });
    this.calibrationNeededSince = null;
    this.firstCalibrationPending = false;
    if (this.state === 'calibrationNeeded') this.setState(t, 'monitoring');
  }

  /** Snapshot records of the session in progress (the first visible minute of a history). */
  snapshot(t: number): void {
    if (this.session) this.sessionRecord(t, null);
    this.statusRecord(t);
  }

  /** One minute of simulated time; returns the reading taken this minute, if any. */
  tick(t: number, glucose: number): Reading | null {
    const s = this.session;
    this.interstitial += (glucose - this.interstitial) / (s?.lagMin ?? 7);
    if (!s) {
      // The transmitter recharges between sensors.
      const since = this.endedAt === null ? 0 : t - this.endedAt;
      if (this.state !== 'charging' && this.state !== 'charged' && since >= 5 * MS_PER_MINUTE) {
        this.setState(t, 'charging');
      } else if (this.state === 'charging' && since >= 95 * MS_PER_MINUTE) {
        this.battery = 100;
        this.setState(t, 'charged');
      }
      return null;
    }
    this.lifecycle(t, s);
    if (!this.session) return null;
    if (t % STATUS_EVERY_MS === 0) this.statusRecord(t);
    if (t % READING_MS !== 0 || t < s.warmupEnd || s.gaps.some((g) => t >= g.start && t < g.end)) return null;
    return this.read(t, s);
  }

  private lifecycle(t: number, s: SensorSession): void {
    if (t === s.warmupEnd && this.state === 'warmUp') {
      if (this.firstCalibrationPending) this.requestCalibration(t);
      else this.setState(t, 'monitoring');
    }
    if (s.calibrationRequests.includes(t) && this.calibrationNeededSince === null) this.requestCalibration(t);
    for (const g of s.gaps) {
      const into = t - g.start;
      if (into === 10 * MS_PER_MINUTE && g.end - t > 0) this.setState(t, 'lost');
      if (into === 20 * MS_PER_MINUTE && g.end - t > 0) this.alarm(t, 'signalLoss');
    }
    for (const m of SENSOR_EXPIRY_ALERT_MINUTES) {
      const code = EXPIRY_ALARM[m];
      if (code && t === s.expires - m * MS_PER_MINUTE) this.alarm(t, code);
    }
    if (t === s.failAt) this.end(t, 'sensorFailure');
    else if (t >= s.expires) this.end(t, 'expired');
    if (t % (6 * 60 * MS_PER_MINUTE) === 0) this.battery = Math.max(5, this.battery - 1);
  }

  private requestCalibration(t: number): void {
    this.calibrationNeededSince = t;
    this.setState(t, 'calibrationNeeded');
    this.alarm(t, 'calibrationNeeded');
  }

  private end(t: number, reason: 'expired' | 'sensorFailure'): void {
    this.alarm(t, reason === 'expired' ? 'sensorExpired' : 'sensorFailure');
    this.setState(t, reason);
    this.sessionRecord(t, t);
    this.session = null;
    this.endedAt = t;
    this.latest = null;
    this.calibrationNeededSince = null;
    this.trend.clear();
  }

  /** Sensor signal before noise: interstitial glucose through gain, bias and calibration. */
  private measure(t: number, withNoise: boolean): number {
    const s = this.session!;
    const ageH = (t - s.start) / 3_600_000;
    const firstDay = -8 * Math.exp(-ageH / 12);
    let v = this.calFactor * (this.gain * this.interstitial + this.bias + firstDay);
    if (withNoise) v += this.noise;
    return v;
  }

  private read(t: number, s: SensorSession): Reading {
    const ageDays = (t - s.start) / MS_PER_DAY;
    const sd = (2 + 0.025 * this.interstitial) * (ageDays < 1 ? 1.5 : 1);
    this.noise = 0.7 * this.noise + 0.71 * this.rng.normal(0, sd);
    this.gain = Math.min(
      1.2,
      Math.max(0.8, this.gain + this.rng.normal(0, 0.0006) + (1 - this.gain) * 0.0002),
    );
    let value = this.measure(t, true);
    let quality: Reading['quality'] = this.firstCalibrationPending ? 'NC' : null;
    for (const a of s.artifacts) {
      if (t < a.start || t >= a.end) continue;
      const depth = a.depth * Math.sin((Math.PI * (t - a.start)) / (a.end - a.start));
      value -= depth;
      if (depth >= 20) quality = 'CX';
    }
    value = Math.round(value);
    this.trend.add(t, value);
    const slope = this.trend.slope();
    const clamped = Math.max(DISPLAY_MIN_MGDL, value);
    const reading: Reading = {
      time: t,
      value: Math.min(500, clamped),
      mgdl: clamped > DISPLAY_MAX_MGDL ? null : clamped,
      slope,
      rate: rateOfSlope(slope),
      quality,
    };
    this.latest = reading;
    this.count++;
    if (this.state === 'lost')
      this.setState(t, this.calibrationNeededSince === null ? 'monitoring' : 'calibrationNeeded');
    this.sink.emit('transmitter', {
      type: 'sg',
      time: t,
      mgdl: reading.mgdl,
      quality,
      display_code: reading.mgdl === null ? 'H' : null,
      rate: reading.rate,
    });
    return reading;
  }

  private setState(t: number, state: SensorState): void {
    if (state === this.state) return;
    this.state = state;
    this.statusRecord(t);
  }

  private statusRecord(t: number): void {
    const fresh = this.latest && t - this.latest.time <= 10 * MS_PER_MINUTE ? this.latest : null;
    this.sink.emit('transmitter', {
      type: 'sensor_status',
      time: t,
      status: this.state,
      device_type: 'CGM',
      battery_percent: Math.round(this.battery),
      lifetime_total_count: this.count,
      glucose: fresh?.mgdl ?? null,
      rate: fresh?.rate ?? null,
    });
  }

  private sessionRecord(t: number, endedAt: number | null): void {
    this.sink.emit('transmitter', {
      type: 'session',
      time: t,
      kind: 'sensor',
      pdm_serial: this.pdmSerial,
      started_at: this.session!.start,
      ended_at: endedAt,
      rated_life_hours: SENSOR_LIFE_HOURS,
    });
  }

  alarm(t: number, code: SensorAlarm): void {
    this.sink.emit('transmitter', { type: 'alarm', time: t, source: 'sensor', code, cleared_at: null });
  }
}
