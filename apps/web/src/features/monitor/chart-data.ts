import type { ChartData } from '@cgm/contract';
import {
  basalAxisMax,
  basalSeriesOf,
  bolusCodeInfo,
  displayGlucose,
  DISPLAY_MAX_MGDL,
  DISPLAY_MIN_MGDL,
  roundInsulin,
  toUnit,
  type GlucoseUnit,
} from '@cgm/domain';
import {
  breakGaps,
  glucosePoints,
  glucoseSummary,
  sgPlotValue,
  type Cell,
  type GlucoseSummary,
} from './glucose-series';
import {
  alarmMarks,
  autoModeParts,
  autoPartsAt,
  sleepSpans,
  transmitterAt,
  transmitterSpans,
  type AlarmMark,
  type AutoParts,
  type Span,
  type TransmitterSpan,
} from './chart-extras';
import type { GlucosePrefs } from './status-view';

export { sgPlotValue, type AlarmMark, type Cell };

// The monitor chart's data (spec §3 "Chart series"): the status's chart rows turned into the
// aligned columns uPlot draws (one shared time column; `undefined` where a series has no point,
// which uPlot steps over, and `null` where a line must break), plus the ranges and the figures of
// the accessible summary. Glucose in the display unit, rates in U/h, insulin in U.

export const SERIES = {
  sg: 1,
  calib: 2,
  bg: 3,
  basal: 4,
  tempBasal: 5,
  autoModeBasal: 6,
  suspend: 7,
  bolus: 8,
  alarm: 9,
  newPatch: 10,
  stop: 11,
  /** Readings flagged C or CX: markers at the floor, apart from the line. */
  flagged: 12,
  /** Auto mode's correction and meal micro-boluses of a basal row (spec §3 "auto mode correction bolus"). */
  autoCorrection: 13,
} as const;
export type SeriesId = keyof typeof SERIES;
export const SERIES_IDS = Object.keys(SERIES) as SeriesId[];
/** What the legend can name: the series, and the sleeping times and transmitter strip drawn behind them. */
export type LegendId = SeriesId | 'sleep' | 'transmitter';

/** Share of the plot height: basal along the bottom, bolus and alarm markers along the top. */
export const BASAL_SHARE = 0.25;
export const MARKER_SHARE = 0.16;

export interface ChartWindow {
  from: number;
  to: number;
}

export interface BolusMark {
  time: number;
  units: number;
  code: string;
  labelKey: string | null;
}

export interface ChartSummary extends GlucoseSummary {
  bolusCount: number;
  bolusTotal: number;
  basalMin: number | null;
  basalMax: number | null;
  autoModePercent: number;
  alarms: number;
  calibrations: number;
  fingersticks: number;
}

export interface MonitorChartModel {
  window: ChartWindow;
  unit: GlucoseUnit;
  /** [time, ...one column per SERIES]. */
  columns: Cell[][];
  /** Glucose data range in the unit: the bottom of the display range up to a rounded maximum. */
  glucoseLow: number;
  glucoseHigh: number;
  basalMax: number;
  boluses: BolusMark[];
  alarms: AlarmMark[];
  /** Sleeping times, shaded behind the plot. */
  sleep: Span[];
  /** The transmitter's states, a strip along the top. */
  transmitter: TransmitterSpan[];
  /** Auto-mode basal rows' micro-deliveries split into basal, correction and meal. */
  autoParts: AutoParts[];
  present: ReadonlySet<LegendId>;
  summary: ChartSummary;
}

interface Segment {
  series: SeriesId;
  from: number;
  to: number;
  rate: number;
}

type Points = Map<SeriesId, Map<number, Cell>>;

function put(points: Points, series: SeriesId, x: number, v: Cell): void {
  let m = points.get(series);
  if (!m) points.set(series, (m = new Map()));
  m.set(x, v);
}

/** Adds the glucose series; returns the gaps the sensor line must not cross. */
function addGlucose(
  points: Points,
  chart: ChartData,
  unit: GlucoseUnit,
  w: ChartWindow,
): Array<[number, number]> {
  const g = glucosePoints(chart, unit, w);
  for (const id of ['sg', 'flagged', 'calib', 'bg'] as const) if (g[id].size) points.set(id, g[id]);
  return g.breaks;
}

function basalSegments(chart: ChartData, w: ChartWindow, points: Points): Segment[] {
  const segments: Segment[] = [];
  for (const [t, code, minutes, rate] of chart.basal) {
    const series = basalSeriesOf(code);
    if (series === 'newPatch' || series === 'stop') {
      if (t >= w.from && t <= w.to) put(points, series, t, 1);
      continue;
    }
    const id: SeriesId | null =
      series === 'basal' || series === 'tempBasal' || series === 'autoModeBasal'
        ? series
        : series === 'manualStop' || series === 'autoSuspend'
          ? 'suspend'
          : null;
    if (!id) continue;
    const from = Math.max(t, w.from);
    const to = Math.min(t + minutes * 60_000, w.to);
    if (to > from) segments.push({ series: id, from, to, rate: id === 'suspend' ? 0 : rate });
  }
  return segments.sort((a, b) => a.from - b.from);
}

/**
 * Step points of each basal series: a value at each segment's start; where the next segment of the
 * same series does not follow on, the value again at the end and a break after it. Returns the gaps
 * of each series, to be broken by the glucose line's rule (`breakGaps`): a lone null just after the
 * end is narrower than a pixel, and uPlot would draw the step on across the gap.
 */
function addSteps(
  points: Points,
  segments: Segment[],
  suspendLevel: number,
): Map<SeriesId, Array<[number, number]>> {
  const bySeries = new Map<SeriesId, Segment[]>();
  for (const s of segments) bySeries.set(s.series, [...(bySeries.get(s.series) ?? []), s]);
  const gaps = new Map<SeriesId, Array<[number, number]>>();
  for (const [series, list] of bySeries) {
    list.forEach((s, i) => {
      const level = series === 'suspend' ? suspendLevel : s.rate;
      put(points, series, s.from, level);
      const next = list[i + 1];
      if (next && next.from <= s.to) return;
      put(points, series, s.to, level);
      if (next && next.from > s.to + 1) {
        put(points, series, s.to + 1, null);
        gaps.set(series, [...(gaps.get(series) ?? []), [s.to, next.from]]);
      }
    });
  }
  return gaps;
}

function autoModePercent(segments: Segment[], w: ChartWindow): number {
  const span = w.to - w.from;
  if (span <= 0) return 0;
  const auto = segments.filter((s) => s.series === 'autoModeBasal').reduce((a, s) => a + s.to - s.from, 0);
  return Math.min(100, (100 * auto) / span);
}

/** Top of the glucose data range: at least 250 mg/dL and the target, rounded up, at most 400. */
export function glucoseHighOf(maxMgdl: number | null, targetHigh: number, unit: GlucoseUnit): number {
  const mgdl = Math.min(DISPLAY_MAX_MGDL, Math.max(250, targetHigh + 30, maxMgdl ?? 0));
  const step = unit === 'mg/dL' ? 50 : 2;
  const top = displayGlucose(DISPLAY_MAX_MGDL, unit).value!;
  return Math.min(top, Math.ceil(toUnit(mgdl, unit) / step) * step);
}

/** The glucose scale leaves the bottom share to basal and the top share to markers. */
export function glucoseScaleRange(low: number, high: number): [number, number] {
  const span = (high - low) / (1 - BASAL_SHARE - MARKER_SHARE);
  return [low - BASAL_SHARE * span, high + MARKER_SHARE * span];
}

/** The basal scale puts the axis maximum just under the glucose range's bottom. */
export function basalScaleRange(basalMax: number): [number, number] {
  return [0, basalMax / (0.9 * BASAL_SHARE)];
}

export function buildChartModel(chart: ChartData, prefs: GlucosePrefs, w: ChartWindow): MonitorChartModel {
  const { unit } = prefs;
  const points: Points = new Map();
  const glucoseBreaks = addGlucose(points, chart, unit, w);
  const segments = basalSegments(chart, w, points);
  const rates = segments.filter((s) => s.series !== 'suspend').map((s) => s.rate);
  const basalMax = basalAxisMax(Math.max(0, ...rates));
  const stepGaps = addSteps(points, segments, basalMax * 0.04);

  const boluses: BolusMark[] = chart.bolus
    .filter(([t]) => t >= w.from && t <= w.to)
    .map(([time, code, units]) => ({
      time,
      code,
      units: roundInsulin(units),
      labelKey: bolusCodeInfo(code)?.labelKey ?? null,
    }));
  for (const b of boluses) put(points, 'bolus', b.time, b.units);
  const alarms = alarmMarks(chart, w);
  for (const a of alarms) put(points, 'alarm', a.time, 1);
  const autoParts = autoModeParts(chart, w);
  for (const a of autoParts) {
    const extra = roundInsulin(a.correction + a.meal);
    if (extra > 0 && a.time >= w.from) put(points, 'autoCorrection', a.time, extra);
  }
  const sleep = sleepSpans(chart, w);
  const transmitter = transmitterSpans(chart, w);

  const xs = new Set<number>([w.from, w.to]);
  for (const m of points.values()) for (const x of m.keys()) xs.add(x);
  const time = [...xs].sort((a, b) => a - b);
  const columns: Cell[][] = [time];
  for (const id of SERIES_IDS) {
    const m = points.get(id);
    const column = time.map((x) => m?.get(x));
    const gaps = id === 'sg' ? glucoseBreaks : stepGaps.get(id);
    columns.push(gaps ? breakGaps(column, time, gaps) : column);
  }

  const glucose = glucoseSummary(chart, prefs, w);
  const inWindow = (t: number) => t >= w.from && t <= w.to;
  const calib = chart.calibRecord.filter(([t]) => inWindow(t));
  return {
    window: w,
    unit,
    columns,
    glucoseLow: displayGlucose(DISPLAY_MIN_MGDL, unit).value!,
    glucoseHigh: glucoseHighOf(glucose.max, prefs.targetHigh, unit),
    basalMax,
    boluses,
    alarms,
    sleep,
    transmitter,
    autoParts,
    present: new Set<LegendId>([
      ...SERIES_IDS.filter((id) => points.has(id)),
      ...(sleep.length ? (['sleep'] as const) : []),
      ...(transmitter.length ? (['transmitter'] as const) : []),
    ]),
    summary: {
      ...glucose,
      bolusCount: boluses.length,
      bolusTotal: roundInsulin(boluses.reduce((a, b) => a + b.units, 0)),
      basalMin: rates.length ? roundInsulin(Math.min(...rates)) : null,
      basalMax: rates.length ? roundInsulin(Math.max(...rates)) : null,
      autoModePercent: autoModePercent(segments, w),
      alarms: alarms.length,
      calibrations: calib.filter(([, , k]) => k === 'calibration').length,
      fingersticks: calib.filter(([, , k]) => k === 'bg').length,
    },
  };
}

export interface Readout {
  time: number;
  /** The reading within 5 minutes of the time, as the screen shows it (`value` as plotted). */
  sg: { mgdl: number | null; flag: string | null; value: number | null } | null;
  basal: { series: SeriesId; rate: number } | null;
  bolus: BolusMark | null;
  alarm: AlarmMark | null;
  transmitter: TransmitterSpan | null;
  /** The auto-mode row's parts while the cursor is on one. */
  auto: AutoParts | null;
}

const NEAR_MS = 5 * 60_000;

function nearest<T extends { time: number }>(list: readonly T[], time: number, within: number): T | null {
  let best: T | null = null;
  for (const item of list) {
    const d = Math.abs(item.time - time);
    if (d <= within && (!best || d < Math.abs(best.time - time))) best = item;
  }
  return best;
}

/** What the chart shows at a time under the cursor. */
export function readoutAt(chart: ChartData, model: MonitorChartModel, time: number): Readout {
  const rows = chart.sg.map(([t, mgdl, flag]) => ({ time: t, mgdl, flag }));
  const sg = nearest(rows, time, NEAR_MS);
  let basal: Readout['basal'] = null;
  for (const [t, code, minutes, rate] of chart.basal) {
    const series = basalSeriesOf(code);
    if (time < t || time >= t + minutes * 60_000 || !series) continue;
    if (series === 'basal' || series === 'tempBasal' || series === 'autoModeBasal') {
      basal = { series, rate: roundInsulin(rate) };
    } else if (series === 'manualStop' || series === 'autoSuspend') basal = { series: 'suspend', rate: 0 };
  }
  const span = model.window.to - model.window.from;
  return {
    time,
    sg: sg ? { ...sg, value: sgPlotValue(sg.mgdl, sg.flag, model.unit) } : null,
    basal,
    bolus: nearest(model.boluses, time, span / 100),
    alarm: nearest(model.alarms, time, span / 100),
    transmitter: transmitterAt(model.transmitter, time),
    auto: basal?.series === 'autoModeBasal' ? autoPartsAt(model.autoParts, time) : null,
  };
}
