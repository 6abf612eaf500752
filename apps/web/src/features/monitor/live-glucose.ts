import type { MonitorGlucoseChange, MonitorStatus } from '@cgm/contract';
import { isStale, sleepSpans } from '@cgm/domain';

const HOUR = 3_600_000;
/** The status call's chart ends a minute after the server's time (monitor.service.ts). */
const CHART_END_MS = 60_000;

/**
 * A monitor status with the readings of a wake-up applied (issue 21): what a new status call would
 * answer when nothing but readings changed, without the call. `serverNow`: the server's time by
 * the clock offset kept at the last call. Null when the change cannot be applied exactly (no
 * sensor shown yet, or a newest reading without a rate, which the server fills from the sensor's
 * status): then the screen calls for the status.
 */
export function applyGlucoseChange(
  status: MonitorStatus,
  change: MonitorGlucoseChange,
  eventNo: number,
  hours: number,
  serverNow: number,
): MonitorStatus | null {
  const sensor = status.sensor_status;
  const newest = change.newest;
  const current = sensor?.glucoseTime ?? Number.NEGATIVE_INFINITY;
  const takesOver = newest !== null && newest.time >= current;
  if (takesOver && (!sensor || newest.rate === null)) return null;

  const serverTime = Math.max(status.server_time, serverNow);
  const st = serverTime - hours * HOUR;
  const et = serverTime + CHART_END_MS;
  const sg = status.chart.sg
    .filter(([time]) => time >= st && (time < change.from || time > change.to))
    .concat(change.sg.filter(([time]) => time >= st && time < et))
    .sort((a, b) => a[0] - b[0]);
  const offset = takesOver ? newest.utcOffsetMin : status.utc_offset_min;

  let sensorStatus = sensor;
  if (takesOver && sensor) {
    // A follower from whom the patient hides the current value still sees none (spec §2).
    const hidden = sensor.glucoseHidden === true;
    sensorStatus = {
      ...sensor,
      glucose: hidden ? null : newest.mgdl,
      glucoseRate: hidden ? null : newest.rate,
      glucoseTime: newest.time,
      quality: newest.quality,
      displayCode: newest.displayCode,
      updateTime: Math.max(sensor.updateTime, newest.time),
      stale: isStale(newest.time, serverTime),
    };
  }
  return {
    ...status,
    eventNo,
    server_time: serverTime,
    data_source: change.source,
    utc_offset_min: offset,
    sensor_status: sensorStatus,
    chart: {
      ...status.chart,
      st,
      et,
      sg,
      sleeptime: sleepSpans(st, et, offset ?? 0),
    },
  };
}
