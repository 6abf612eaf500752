import { describe, expect, it } from 'vitest';
import type { AlarmItem, ReportEvent, SensorStatus } from '@cgm/contract';
import { lastReading, overviewRange, recentItems } from './overview-view';

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const sensor = (over: Partial<SensorStatus>): SensorStatus => ({
  status: 'ok',
  serial: 'S1',
  deviceType: null,
  updateTime: NOW,
  glucose: 120,
  glucoseTime: NOW - 5 * 60_000,
  glucoseRate: 0,
  quality: null,
  displayCode: null,
  batteryPercent: null,
  sensorLifetimeTotalCount: null,
  sequence: null,
  sessionStart: null,
  expiresAt: null,
  lastCalibration: null,
  stale: false,
  ...over,
});

describe('overviewRange', () => {
  it('is the 14 days ending on the patient today, across a month end', () => {
    expect(overviewRange('2026-03-05')).toEqual({ from: '2026-02-20', to: '2026-03-05' });
  });
});

describe('lastReading', () => {
  it('shows the value in the unit with the age of the reading, not of the upload', () => {
    const r = lastReading(sensor({ updateTime: NOW - 1000, glucose: 126 }), 'mmol/L', NOW);
    expect(r).toMatchObject({ kind: 'value', value: 7, ageMs: 5 * 60_000 });
    expect(lastReading(sensor({ glucose: 126 }), 'mg/dL', NOW).value).toBe(126);
  });
  it('shows nothing for a reading older than an hour, but keeps its age', () => {
    const r = lastReading(sensor({ glucoseTime: NOW - 61 * 60_000 }), 'mg/dL', NOW);
    expect(r).toMatchObject({ kind: 'stale', value: null, ageMs: 61 * 60_000 });
  });
  it('follows the display rule above 400 and at or below 40', () => {
    expect(lastReading(sensor({ glucose: 450 }), 'mg/dL', NOW).kind).toBe('high');
    expect(lastReading(sensor({ glucose: 40 }), 'mmol/L', NOW).kind).toBe('low');
  });
  it('hides the value when the patient hides it, and has none without a sensor', () => {
    expect(lastReading(sensor({ glucoseHidden: true }), 'mg/dL', NOW)).toMatchObject({
      kind: 'hidden',
      value: null,
    });
    expect(lastReading(null, 'mg/dL', NOW)).toMatchObject({ kind: 'none', ageMs: null });
    expect(lastReading(sensor({ glucoseTime: null }), 'mg/dL', NOW).kind).toBe('none');
  });
  it('marks a reading over 10 minutes old and drops its trend, as the monitor does', () => {
    const ten = lastReading(sensor({ glucoseRate: 2, glucoseTime: NOW - 10 * 60_000 }), 'mg/dL', NOW);
    expect(ten).toMatchObject({ kind: 'value', old: false });
    expect(ten.trend?.rate).toBe(2);
    const eleven = lastReading(sensor({ glucoseRate: 2, glucoseTime: NOW - 11 * 60_000 }), 'mg/dL', NOW);
    expect(eleven).toMatchObject({ kind: 'value', value: 120, old: true, trend: null });
  });
  it('notes a calibration reading shown at the floor, so it does not read as a measured low', () => {
    const cx = lastReading(sensor({ glucose: 40, quality: 'CX' }), 'mg/dL', NOW);
    expect(cx.flagKey).toBe('sgFlag.cx');
    expect(lastReading(sensor({ glucose: 40 }), 'mg/dL', NOW).flagKey).toBeNull();
  });
  it('gives the trend only when glucose moves', () => {
    expect(lastReading(sensor({ glucoseRate: 0 }), 'mg/dL', NOW).trend).toBeNull();
    expect(lastReading(sensor({ glucoseRate: 2 }), 'mg/dL', NOW).trend?.rate).toBe(2);
  });
});

describe('recentItems', () => {
  const event = (time: number): ReportEvent => ({
    id: `e${time}`,
    time,
    utc_offset_min: 60,
    type: 'CARB',
    value: 30,
    details: null,
    notes: null,
    origin: 'user',
  });
  const alarm = (time: number): AlarmItem => ({
    time,
    utc_offset_min: 60,
    source: 'sensor',
    code: 'LOW',
    cleared_at: null,
    duration_min: null,
  });
  it('merges events and alerts newest first and keeps the limit', () => {
    const items = recentItems([event(1), event(5), event(3)], [alarm(4), alarm(2)], 3);
    expect(items.map((i) => [i.kind, i.time])).toEqual([
      ['event', 5],
      ['alert', 4],
      ['event', 3],
    ]);
  });
  it('is empty without any', () => {
    expect(recentItems([], [])).toEqual([]);
  });
});
