import { describe, expect, it } from 'vitest';
import type { ChartData } from '@cgm/contract';
import { buildChartModel, readoutAt, SERIES } from './chart-data';
import { readoutText, type TextContext } from './chart-texts';
import { glucosePrefs } from './status-view';

// The chart series of spec §3 beyond glucose, basal steps and boluses: transmtr, alarm_display,
// sleeptime, and the basal rows' id and auto-mode parts, as the monitor chart draws and reads them.

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const w = { from: T0, to: T0 + 3 * 60 * MIN };
const prefs = glucosePrefs({ unit: 'mg/dL' }, null);
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);
const c: TextContext = { prefs, lang: 'en', t, time: (ms) => `t${(ms - T0) / MIN}` };
const auto = (basal: number, corr: number, food: number) => ({
  auto_basal_delivery: basal,
  auto_corr_delivery: corr,
  auto_food_delivery: food,
});

const data: ChartData = {
  st: w.from,
  et: w.to,
  sg: [[T0 + 30 * MIN, 150, null]],
  basal: [
    [T0, 'BAS', 30, 0.8, 0.4, 0, 'PUMP-1:1', null],
    [T0 + 30 * MIN, 'BAAM', 5, 0.6, 0.05, 0.15, 'PUMP-1:2', auto(0.05, 0.1, 0)],
    [T0 + 35 * MIN, 'BAAM', 5, 0.6, 0.05, 0.05, 'PUMP-1:3', auto(0.05, 0, 0)],
    [T0 + 40 * MIN, 'BAAM', 5, 0.6, 0.05, 0.3, 'PUMP-1:4', auto(0.05, 0, 0.25)],
  ],
  bolus: [],
  calibRecord: [],
  sensor_alarm: [[T0 + 60 * MIN, 'SENSOR_LOST']],
  pump_alarm: [],
  // A state reported before the window counts from its start.
  transmtr: [
    [T0 - 10 * MIN, 'warmUp'],
    [T0 + 20 * MIN, 'monitoring'],
    [T0 + 60 * MIN, 'lost'],
    [T0 + 90 * MIN, 'someNewState'],
  ],
  alarm_display: [
    [T0 + 60 * MIN, 'sensor', 'SENSOR_LOST', T0 + 90 * MIN],
    [T0 + 120 * MIN, 'pump', 'LOW_RESERVOIR', null],
  ],
  sleeptime: [[T0 - 60 * MIN, T0 + 60 * MIN]],
};

describe('the new monitor chart series', () => {
  const model = buildChartModel(data, prefs, w);

  it('shades the sleeping times inside the window', () => {
    expect(model.sleep).toEqual([{ from: T0, to: T0 + 60 * MIN }]);
    expect(model.present.has('sleep')).toBe(true);
  });

  it('draws each transmitter state until the next, flagging those without current glucose', () => {
    expect(model.transmitter.map((s) => [s.from - T0, s.to - T0, s.state, s.warning, s.stateKey])).toEqual([
      [0, 20 * MIN, 'warmUp', true, 'device.sensorState.warmUp'],
      [20 * MIN, 60 * MIN, 'monitoring', false, 'device.sensorState.monitoring'],
      [60 * MIN, 90 * MIN, 'lost', true, 'device.sensorState.lost'],
      [90 * MIN, 180 * MIN, 'someNewState', true, null],
    ]);
    expect(model.present.has('transmitter')).toBe(true);
  });

  it('takes the alarms from alarm_display, with the time each was cleared', () => {
    expect(model.alarms).toEqual([
      { time: T0 + 60 * MIN, source: 'sensor', code: 'SENSOR_LOST', clearedAt: T0 + 90 * MIN },
      { time: T0 + 120 * MIN, source: 'pump', code: 'LOW_RESERVOIR', clearedAt: null },
    ]);
  });

  it('marks auto mode correction and meal micro-boluses, and keeps each row id and its parts', () => {
    const col = model.columns[SERIES.autoCorrection]!;
    const at = (time: number) => col[model.columns[0]!.indexOf(time)];
    expect(at(T0 + 30 * MIN)).toBe(0.1);
    expect(at(T0 + 35 * MIN)).toBeUndefined();
    expect(at(T0 + 40 * MIN)).toBe(0.25);
    expect(model.autoParts.map((p) => [p.id, p.basal, p.correction, p.meal])).toEqual([
      ['PUMP-1:2', 0.05, 0.1, 0],
      ['PUMP-1:3', 0.05, 0, 0],
      ['PUMP-1:4', 0.05, 0, 0.25],
    ]);
    expect(model.present.has('autoCorrection')).toBe(true);
  });

  it('reads the auto-mode parts, the alarm with its clearing and the transmitter state at the cursor', () => {
    const r = readoutAt(data, model, T0 + 31 * MIN);
    expect(r.auto?.id).toBe('PUMP-1:2');
    expect(r.transmitter?.state).toBe('monitoring');
    const text = readoutText(data, model, T0 + 31 * MIN, c);
    expect(text).toContain(
      'monitorChart.autoParts{"basal":"0.05 units.insulin","correction":"0.10 units.insulin","meal":"0.00 units.insulin"}',
    );
    expect(text).toContain('chart.transmtr: device.sensorState.monitoring');
    expect(readoutAt(data, model, T0 + 10 * MIN).auto).toBeNull();
    const alarm = readoutText(data, model, T0 + 60 * MIN, c);
    expect(alarm).toContain('(monitorChart.alarmCleared{"time":"t90"})');
    expect(alarm).toContain('chart.transmtr: device.sensorState.lost');
  });

  it('falls back to the sensor and pump alarm lists when alarm_display is empty', () => {
    const old = buildChartModel({ ...data, alarm_display: [] }, prefs, w);
    expect(old.alarms).toEqual([
      { time: T0 + 60 * MIN, source: 'sensor', code: 'SENSOR_LOST', clearedAt: null },
    ]);
  });
});
