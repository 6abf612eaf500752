import { describe, expect, it } from 'vitest';
import type { MonitorGlucoseChange, MonitorStatus, SensorStatus } from '@cgm/contract';
import { applyGlucoseChange } from './live-glucose';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const sensor: SensorStatus = {
  status: 'monitoring',
  serial: 'TX-1',
  deviceType: null,
  updateTime: NOW - 5 * MIN,
  glucose: 120,
  glucoseTime: NOW - 5 * MIN,
  glucoseRate: 1,
  quality: null,
  displayCode: null,
  batteryPercent: 60,
  sensorLifetimeTotalCount: null,
  sequence: 3,
  sessionStart: null,
  expiresAt: null,
  lastCalibration: null,
  stale: false,
};

function status(over: Partial<MonitorStatus> = {}): MonitorStatus {
  return {
    patient: { uid: 'p1', realname: 'Pat', alias: null },
    data_source: 'uploaded',
    server_time: NOW,
    utc_offset_min: 60,
    eventNo: 100,
    sensor_status: sensor,
    pump_status: null,
    chart: {
      st: NOW - 3 * HOUR,
      et: NOW + MIN,
      sg: [
        [NOW - 4 * HOUR, 90, null],
        [NOW - 10 * MIN, 118, null],
        [NOW - 5 * MIN, 120, null],
      ],
      basal: [],
      bolus: [],
      calibRecord: [],
      sensor_alarm: [],
      pump_alarm: [],
      transmtr: [],
      alarm_display: [],
      sleeptime: [],
    },
    ...over,
  } as MonitorStatus;
}

const change = (over: Partial<MonitorGlucoseChange> = {}): MonitorGlucoseChange => ({
  source: 'realtime',
  from: NOW,
  to: NOW,
  sg: [[NOW, 131.4, null]],
  newest: { time: NOW, mgdl: 131.4, rate: 3, quality: null, displayCode: null, utcOffsetMin: 60 },
  ...over,
});

describe('applying a wake-up’s readings to the monitor status', () => {
  it('adds the reading to the chart and makes it the current value, as a new status would', () => {
    const next = applyGlucoseChange(status(), change(), 130, 3, NOW + 30_000)!;
    expect(next.eventNo).toBe(130);
    expect(next.data_source).toBe('realtime');
    expect(next.sensor_status).toMatchObject({
      glucose: 131.4,
      glucoseRate: 3,
      glucoseTime: NOW,
      updateTime: NOW,
      stale: false,
    });
    // The window moves with the server's clock; what fell out of it is dropped.
    expect(next.server_time).toBe(NOW + 30_000);
    expect(next.chart.st).toBe(NOW + 30_000 - 3 * HOUR);
    expect(next.chart.sg.map((p) => p[1])).toEqual([118, 120, 131.4]);
  });

  it('replaces the range it carries and keeps an older reading from taking the current value', () => {
    const backfill = change({
      from: NOW - 10 * MIN,
      to: NOW - 10 * MIN,
      sg: [[NOW - 10 * MIN, 117, 'CX']],
      newest: {
        time: NOW - 10 * MIN,
        mgdl: 117,
        rate: 0,
        quality: 'CX',
        displayCode: null,
        utcOffsetMin: 60,
      },
    });
    const next = applyGlucoseChange(status(), backfill, 130, 3, NOW)!;
    expect(next.chart.sg.slice(-2)).toEqual([
      [NOW - 10 * MIN, 117, 'CX'],
      [NOW - 5 * MIN, 120, null],
    ]);
    expect(next.sensor_status?.glucose).toBe(120);
  });

  it('keeps the current value hidden from a follower the patient hides it from', () => {
    const hidden = status({
      sensor_status: { ...sensor, glucose: null, glucoseRate: null, glucoseHidden: true },
    });
    const next = applyGlucoseChange(hidden, change(), 130, 3, NOW)!;
    expect(next.sensor_status).toMatchObject({ glucose: null, glucoseRate: null, glucoseTime: NOW });
  });

  it('declines what it cannot apply exactly: no sensor shown yet, or a newest reading without a rate', () => {
    expect(applyGlucoseChange(status({ sensor_status: null }), change(), 130, 3, NOW)).toBeNull();
    const noRate = change({ newest: { ...change().newest!, rate: null } });
    expect(applyGlucoseChange(status(), noRate, 130, 3, NOW)).toBeNull();
  });

  it('lays the sleeping time into the moved window on the patient’s clock', () => {
    // 22:00 at UTC+1 is 21:00 UTC: a window ending at 21:30 UTC shows half an hour of it.
    const evening = Date.parse('2026-11-21T21:30:00Z');
    const s = status({ server_time: evening - 5 * MIN });
    const next = applyGlucoseChange(
      s,
      change({
        from: evening,
        to: evening,
        sg: [[evening, 100, null]],
        newest: { ...change().newest!, time: evening },
      }),
      130,
      3,
      evening,
    )!;
    expect(next.chart.sleeptime).toEqual([[Date.parse('2026-11-21T21:00:00Z'), evening + MIN]]);
  });
});
