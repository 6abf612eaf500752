import uPlot from 'uplot';
import { drawMarker, type MarkerShape } from '../../charts/markers';
import type { ChartOptionsInput } from '../../charts/uplot-chart';
import type { ChartTheme } from '../../charts/theme';
import { basalScaleRange, glucoseScaleRange, MARKER_SHARE, SERIES, type SeriesId } from './chart-data';

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

/** Target band and the Low/High limit lines under the series. */
function drawBands(u: uPlot, cfg: MonitorChartConfig, theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const y = (v: number) => u.valToPos(v, 'glucose', true);
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
  for (const m of MARKERS) {
    if (m.id !== 'bolus' && m.id !== 'newPatch' && m.id !== 'stop' && !cfg.showAlarms) continue;
    const ys = u.data[SERIES[m.id]]!;
    let labelEnd = -Infinity;
    for (let i = 0; i < xs.length; i++) {
      const v = ys[i];
      if (v === null || v === undefined) continue;
      const x = u.valToPos(xs[i]!, 'x', true);
      if (x < bbox.left || x > bbox.left + bbox.width) continue;
      drawMarker(ctx, m.shape, x, rows[m.row]!, size, theme[m.colour], theme.surface);
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
    ],
    hooks: {
      drawClear: [(u) => drawBands(u, cfg, theme)],
      draw: [(u) => drawFlagged(u, theme), (u) => drawMarkers(u, cfg, theme)],
    },
  };
  return options;
}
