import type { ChartData } from '@cgm/contract';
import {
  breaksGlucoseLine,
  displayGlucose,
  glucoseStats,
  isInvalidReading,
  plotReading,
  type GlucoseUnit,
} from '@cgm/domain';
import type { GlucosePrefs } from './status-view';

// The glucose of the monitor chart (CLINICAL.md "Readings flagged C or CX", "Showing numbers"):
// the sensor line, broken where readings are more than 15 minutes apart (the domain's rule, as the
// reports and the AUC); C/CX readings as separate flagged markers at the floor, never on the line
// and never counted; calibrations and fingersticks as points.

export type Cell = number | null | undefined;

export interface Window {
  from: number;
  to: number;
}

export interface GlucosePoints {
  /** Values in the unit; null just after a point where the line breaks. */
  sg: Map<number, Cell>;
  /**
   * [last reading, next reading] of every gap the line must not cross (the domain's rule). uPlot
   * breaks a line only from the point before a null to the point after it in the shared time
   * column, so every shared time inside a gap must hold null: see `breakGaps`.
   */
  breaks: Array<[number, number]>;
  /** C/CX readings at the floor of the display range (2.2 mmol/L, 40 mg/dL). */
  flagged: Map<number, Cell>;
  calib: Map<number, Cell>;
  bg: Map<number, Cell>;
}

/** The plotted value of one SG row (the monitor sends one field for the flag or display code). */
export function sgPlotValue(mgdl: number | null, flag: string | null, unit: GlucoseUnit): number | null {
  return plotReading(mgdl, flag, flag, unit).value;
}

export function glucosePoints(chart: ChartData, unit: GlucoseUnit, w: Window): GlucosePoints {
  const out: GlucosePoints = {
    sg: new Map(),
    breaks: [],
    flagged: new Map(),
    calib: new Map(),
    bg: new Map(),
  };
  let prev: number | null = null;
  for (const [t, mgdl, flag] of chart.sg) {
    if (t < w.from || t > w.to) continue;
    const p = plotReading(mgdl, flag, flag, unit);
    if (p.kind === 'flagged') {
      out.flagged.set(t, p.value);
      continue;
    }
    if (prev !== null && breaksGlucoseLine(t - prev)) {
      out.sg.set(prev + 1, null);
      out.breaks.push([prev, t]);
    }
    out.sg.set(t, p.value);
    prev = p.value === null ? null : t;
  }
  for (const [t, mgdl, kind] of chart.calibRecord) {
    if (t < w.from || t > w.to) continue;
    out[kind === 'calibration' ? 'calib' : 'bg'].set(t, displayGlucose(mgdl, unit).value);
  }
  return out;
}

/**
 * The glucose column of the shared time column: null at every time strictly inside a gap (other
 * series' points included), so that uPlot's gap runs from the last reading before it to the first
 * after it. A lone null just after the last reading would leave uPlot drawing the line from the
 * next shared time onwards straight across the gap.
 */
export function breakGaps(
  column: Cell[],
  time: readonly number[],
  breaks: ReadonlyArray<[number, number]>,
): Cell[] {
  if (!breaks.length) return column;
  const out = column.slice();
  let b = 0;
  for (let i = 0; i < time.length; i++) {
    const x = time[i]!;
    while (b < breaks.length && breaks[b]![1] <= x) b++;
    if (b < breaks.length && x > breaks[b]![0] && x < breaks[b]![1]) out[i] = null;
  }
  return out;
}

export interface GlucoseSummary {
  /** Valid readings in the window (C/CX and display codes left out, CLINICAL.md). */
  readings: number;
  /** mg/dL, to show by the display rule. */
  min: number | null;
  max: number | null;
  inTargetPercent: number | null;
  /** Readings flagged C or CX in the window. */
  flagged: number;
  /** The newest row with a value or a C/CX flag. */
  latest: { time: number; mgdl: number | null; flag: string | null } | null;
}

export function glucoseSummary(chart: ChartData, prefs: GlucosePrefs, w: Window): GlucoseSummary {
  const inWindow = chart.sg.filter(([t]) => t >= w.from && t <= w.to);
  const readings = inWindow
    .filter(([, mgdl, flag]) => mgdl !== null && !isInvalidReading(flag))
    .map(([time, mgdl]) => ({ time, mgdl: mgdl! }));
  const stats = glucoseStats(readings, { targetLow: prefs.targetLow, targetHigh: prefs.targetHigh });
  const last = [...inWindow].reverse().find(([, mgdl, flag]) => mgdl !== null || isInvalidReading(flag));
  return {
    readings: stats.count,
    min: stats.min,
    max: stats.max,
    inTargetPercent: stats.inTarget,
    flagged: inWindow.filter(([, , flag]) => isInvalidReading(flag)).length,
    latest: last ? { time: last[0], mgdl: last[1], flag: last[2] } : null,
  };
}
