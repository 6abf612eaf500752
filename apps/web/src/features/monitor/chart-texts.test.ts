import { describe, expect, it } from 'vitest';
import type { ChartData } from '@cgm/contract';
import { buildChartModel } from './chart-data';
import { readoutText, summaryText, type TextContext } from './chart-texts';
import { glucosePrefs } from './status-view';

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const w = { from: T0, to: T0 + 3 * 60 * MIN };
// Keys with their options, so the test reads what each figure became.
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);
const ctx = (unit: 'mg/dL' | 'mmol/L'): TextContext => ({
  prefs: glucosePrefs({ unit }, null),
  lang: 'en',
  t,
  time: (ms) => `t${(ms - T0) / MIN}`,
});

const chart = (sg: ChartData['sg']): ChartData => ({
  st: w.from,
  et: w.to,
  sg,
  basal: [],
  bolus: [],
  calibRecord: [],
  sensor_alarm: [],
  pump_alarm: [],
  transmtr: [],
  alarm_display: [],
  sleeptime: [],
});

describe('the monitor chart texts', () => {
  it('write the extremes by the display rule: Low at 40 mg/dL, High above 400', () => {
    const data = chart([
      [T0, 40, null],
      [T0 + 2 * MIN, 401, null],
    ]);
    const text = summaryText(buildChartModel(data, ctx('mmol/L').prefs, w), 3, true, ctx('mmol/L'));
    expect(text).toContain('"min":"monitor.glucose.low"');
    expect(text).toContain('"max":"monitor.glucose.high"');
    expect(text).toContain('monitor.summary.latest{"value":"monitor.glucose.high","unit":""');
  });

  it('name C/CX readings as not valid instead of giving a value', () => {
    const data = chart([
      [T0, 120, null],
      [T0 + 2 * MIN, 30, 'CX'],
    ]);
    const c = ctx('mg/dL');
    const model = buildChartModel(data, c.prefs, w);
    const text = summaryText(model, 3, true, c);
    expect(text).toContain('monitor.summary.flagged{"count":"1"}');
    expect(text).toContain('monitor.summary.latestFlagged{"time":"t2"}');
    expect(readoutText(data, model, T0 + 2 * MIN, c)).toBe('t2 · chart.invalidCalibration');
    expect(readoutText(data, model, T0, c)).toBe('t0 · chart.sg 120 mg/dL');
  });
});
