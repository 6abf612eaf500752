import uPlot from 'uplot';
import { drawMarker, type MarkerShape } from '../../charts/markers';
import type { ChartOptionsInput } from '../../charts/uplot-chart';
import type { ChartTheme } from '../../charts/theme';
import { basalScaleRange, glucoseScaleRange, MARKER_SHARE, SERIES, type SeriesId } from './chart-data';
import type { AlarmMark, Span, TransmitterSpan } from './chart-extras';

// The monitor chart's uPlot options: glucose on the left axis over the top of the plot with the
// target band and the display limits, basal steps on the right axis along the bottom, bolus and
// alarm markers along the top (spec §3 "Chart series", §9 basal axis maxima).

export interface MonitorChartConfig {
  /** Glucose values in the display unit. */
  targetLow: number;
  targetHigh: number;
  glucoseLow: number;
  glucoseHigh: number;
  /** The display range's top ("High" above it). */
  displayMax: number;
  basalMax: number;
  hours: number;
  showAlarms: boolean;
  formatGlucose: (v: number) => string;
  formatRate: (v: number) => string;
  formatUnits: (v: number) => string;
  formatTime: (ms: number) => string;
  /** The patient's wall clock for the time axis's splits (uPlot `tzDate`); the viewer's when undefined. */
  tzDate?: ((ms: number) => Date) | undefined;
  labels: { high: string; low: string };
  /** Sleeping times, shaded behind everything (spec §3 chart `sleeptime`). */
  sleep: readonly Span[];
  /** Transmitter states, a strip along the top (spec §3 chart `transmtr`). */
  transmitter: readonly TransmitterSpan[];
  /** The alarms to display, for the line from each to its clearing (spec §3 chart `alarm_display`). */
  alarms: readonly AlarmMark[];
}

const px = (n: number) => Math.round(n * uPlot.pxRatio);
const none = () => null;

function stepSeries(stroke: string, fill: string): uPlot.Series {
  return {
    scale: 'basal',
    stroke,
    fill,
    width: 1,
    paths: uPlot.paths.stepped!({ align: 1 }),
    points: { show: false },
  };
}

const hidden = (scale: string): uPlot.Series => ({ scale, paths: none, points: { show: false } });

/** Canvas x of each end of a span, kept inside the plot. */
function spanX(u: uPlot, s: Span): [number, number] {
  const { bbox } = u;
  const at = (t: number) => Math.min(bbox.left + bbox.width, Math.max(bbox.left, u.valToPos(t, 'x', true)));
  return [at(s.from), at(s.to)];
}

/** Sleeping times: a shade over the whole plot height, under everything else. */
function drawSleep(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.fillStyle = theme.sleep;
  for (const s of cfg.sleep) {
    const [x0, x1] = spanX(u, s);
    if (x1 > x0) ctx.fillRect(x0, bbox.top, x1 - x0, bbox.height);
  }
  ctx.restore();
}

/** The transmitter strip: one bar per state along the top, in the alarm colour where no glucose is current. */
function drawTransmitter(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const y = bbox.top + bbox.height * MARKER_SHARE * 0.14;
  const h = px(4);
  ctx.save();
  for (const s of cfg.transmitter) {
    const [x0, x1] = spanX(u, s);
    if (x1 <= x0) continue;
    ctx.fillStyle = s.warning ? theme.alarm : theme.limit;
    // A hair of space between states, so each change shows.
    ctx.fillRect(x0, y, Math.max(1, x1 - x0 - px(1)), h);
  }
  ctx.restore();
}

/** Target band and the Low/High limit lines under the series. */
function drawBands(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const y = (v: number) => u.valToPos(v, 'glucose', true);
  drawSleep(u, cfg, theme);
  ctx.save();
  ctx.fillStyle = theme.target;
  const top = y(cfg.targetHigh);
  ctx.fillRect(bbox.left, top, bbox.width, y(cfg.targetLow) - top);
  ctx.strokeStyle = theme.limit;
  ctx.fillStyle = theme.muted;
  ctx.lineWidth = px(1);
  ctx.setLineDash([px(4), px(4)]);
  ctx.font = `${px(10)}px ${theme.font}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  const limits: Array<[number, string]> = [[cfg.glucoseLow, cfg.labels.low]];
  if (cfg.glucoseHigh >= cfg.displayMax) limits.push([cfg.displayMax, cfg.labels.high]);
  for (const [value, label] of limits) {
    const ly = Math.round(y(value)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(bbox.left, ly);
    ctx.lineTo(bbox.left + bbox.width, ly);
    ctx.stroke();
    ctx.fillText(label, bbox.left + bbox.width - px(4), ly - px(2));
  }
  ctx.restore();
}

const MARKERS: Array<{ id: SeriesId; shape: MarkerShape; colour: keyof ChartTheme; row: 0 | 1 }> = [
  // Auto mode's micro-boluses first, so a manual bolus at the same time is drawn over them.
  { id: 'autoCorrection', shape: 'triangleDown', colour: 'autoModeBasal', row: 0 },
  { id: 'bolus', shape: 'triangleDown', colour: 'bolus', row: 0 },
  { id: 'alarm', shape: 'diamond', colour: 'alarm', row: 1 },
  { id: 'newPatch', shape: 'circle', colour: 'newPatch', row: 1 },
  { id: 'stop', shape: 'square', colour: 'stop', row: 1 },
];

/**
 * Readings flagged C or CX: a neutral cross each at the floor of the display range, apart from the
 * line and not in a low's colour (CLINICAL.md "Readings flagged C or CX").
 */
function drawFlagged(u: uPlot, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const xs = u.data[0];
  const ys = u.data[SERIES.flagged]!;
  const size = px(8);
  ctx.save();
  for (let i = 0; i < xs.length; i++) {
    const v = ys[i];
    if (v === null || v === undefined) continue;
    const x = u.valToPos(xs[i]!, 'x', true);
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    drawMarker(ctx, 'cross', x, u.valToPos(v, 'glucose', true), size, theme.flagged);
  }
  ctx.restore();
}

/** Bolus triangles with their amounts, and the alarm, new patch and stop markers, along the top. */
function drawMarkers(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const xs = u.data[0];
  const band = bbox.height * MARKER_SHARE;
  const rows = [bbox.top + band * 0.52, bbox.top + band * 0.82];
  const size = Math.min(px(10), band * 0.3);
  ctx.save();
  ctx.font = `${px(10)}px ${theme.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  if (cfg.showAlarms) drawAlarmDurations(u, cfg, theme, rows[1]!);
  for (const m of MARKERS) {
    if (m.id === 'alarm' && !cfg.showAlarms) continue;
    // Micro-boluses are small and many: a smaller mark, no label (the readout gives the units).
    const markSize = m.id === 'autoCorrection' ? size * 0.6 : size;
    const ys = u.data[SERIES[m.id]]!;
    let labelEnd = -Infinity;
    for (let i = 0; i < xs.length; i++) {
      const v = ys[i];
      if (v === null || v === undefined) continue;
      const x = u.valToPos(xs[i]!, 'x', true);
      if (x < bbox.left || x > bbox.left + bbox.width) continue;
      drawMarker(ctx, m.shape, x, rows[m.row]!, markSize, theme[m.colour], theme.surface);
      if (m.id !== 'bolus') continue;
      const text = cfg.formatUnits(v);
      const half = ctx.measureText(text).width / 2;
      if (x - half <= labelEnd + px(3)) continue;
      ctx.fillStyle = theme.text;
      ctx.fillText(text, x, rows[0]! - size / 2 - px(1));
      labelEnd = x + half;
    }
  }
  ctx.restore();
}

/** From each alarm a thin line to the time it was cleared (to the window's end while it stands). */
function drawAlarmDurations(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme, y: number): void {
  const { ctx } = u;
  ctx.save();
  ctx.strokeStyle = theme.alarm;
  ctx.lineWidth = px(2);
  for (const a of cfg.alarms) {
    if (a.clearedAt === null || a.clearedAt <= a.time) continue;
    const [x0, x1] = spanX(u, { from: a.time, to: a.clearedAt });
    if (x1 - x0 < px(2)) continue;
    ctx.beginPath();
    ctx.moveTo(x0, Math.round(y) + 0.5);
    ctx.lineTo(x1, Math.round(y) + 0.5);
    ctx.stroke();
  }
  ctx.restore();
}

export function monitorChartOptions(cfg: MonitorChartConfig, { width, height, theme }: ChartOptionsInput) {
  const axis = { stroke: theme.muted, grid: { stroke: theme.grid, width: 1 }, ticks: { show: false } };
  const font = `${12}px ${theme.font}`;
  const inGlucose = (v: number) => v >= cfg.glucoseLow - 1e-9 && v <= cfg.glucoseHigh + 1e-9;
  const options: uPlot.Options = {
    width,
    height,
    ms: 1,
    ...(cfg.tzDate ? { tzDate: cfg.tzDate } : {}),
    legend: { show: false },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
    scales: {
      x: { time: true },
      glucose: { auto: false, range: glucoseScaleRange(cfg.glucoseLow, cfg.glucoseHigh) },
      basal: { auto: false, range: basalScaleRange(cfg.basalMax) },
      marker: { auto: false, range: [0, 1] },
    },
    axes: [
      {
        ...axis,
        font,
        space: 56,
        values: (_u, splits) => splits.map((v) => cfg.formatTime(v)),
      },
      {
        ...axis,
        font,
        scale: 'glucose',
        side: 3,
        size: 44,
        space: 24,
        filter: (_u, splits) => splits.map((v) => (inGlucose(v) ? v : null)),
        values: (_u, splits) =>
          splits.map((v) => (v === null || v === undefined ? '' : cfg.formatGlucose(v))),
      },
      {
        ...axis,
        font,
        scale: 'basal',
        side: 1,
        size: 40,
        grid: { show: false },
        splits: () => [0, cfg.basalMax],
        values: (_u, splits) => splits.map((v) => cfg.formatRate(v)),
      },
    ],
    series: [
      {},
      {
        scale: 'glucose',
        stroke: theme.sg,
        width: 2,
        spanGaps: false,
        points: { show: cfg.hours <= 6, size: 4, fill: theme.sg, stroke: theme.sg },
      },
      {
        scale: 'glucose',
        paths: none,
        points: { show: true, size: 10, width: 2, stroke: theme.calib, fill: theme.surface },
      },
      {
        scale: 'glucose',
        paths: none,
        points: { show: true, size: 9, width: 1, stroke: theme.surface, fill: theme.bg },
      },
      stepSeries(theme.basal, theme.basalFill),
      stepSeries(theme.tempBasal, theme.tempBasalFill),
      stepSeries(theme.autoModeBasal, theme.autoModeBasalFill),
      { ...stepSeries(theme.suspend, theme.suspend), width: 3, fill: undefined },
      hidden('marker'),
      hidden('marker'),
      hidden('marker'),
      hidden('marker'),
      // C/CX markers, drawn by drawFlagged: never joined, never part of the sensor line.
      hidden('glucose'),
      hidden('marker'),
    ],
    hooks: {
      drawClear: [(u) => drawBands(u, cfg, theme)],
      draw: [
        (u) => drawFlagged(u, theme),
        (u) => drawTransmitter(u, cfg, theme),
        (u) => drawMarkers(u, cfg, theme),
      ],
    },
  };
  return options;
}
