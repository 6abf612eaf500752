import type { DdDay } from '@cgm/contract';
import { agpPlotValue, type GlucoseUnit } from '@cgm/domain';
import { daySg, type FlaggedReading, type Pt, type Runs } from './shaping';

// The AGP's daily glucose profiles draw each day's actual readings (CLINICAL.md: not bin medians,
// which drew an isolated 39 mg/dL at 71, inside the target band), on the wall clock as the daily
// chart, with the parts of the line below 70 and above 180 in the colours of the lows and highs.

export interface AgpPanelModel {
  /** The day's glucose line (display unit, drawn on the AGP axis: higher values at the top). */
  line: Runs;
  /** The parts of the line below the target band (lows) and above it (highs). */
  lows: Runs;
  highs: Runs;
  /** C/CX readings: flagged markers at the floor, never part of the line. */
  flagged: FlaggedReading[];
  hasData: boolean;
}

/** The pieces of each run on one side of `limit` ('below': y < limit), cut where the line crosses it. */
export function clipRuns(runs: Runs, limit: number, side: 'below' | 'above'): Runs {
  const inside = (y: number) => (side === 'below' ? y < limit : y > limit);
  const out: Runs = [];
  for (const run of runs) {
    let cur: Pt[] = [];
    run.forEach((p, i) => {
      const prev = run[i - 1];
      if (prev && inside(prev[1]) !== inside(p[1])) {
        const x = prev[0] + ((limit - prev[1]) / (p[1] - prev[1])) * (p[0] - prev[0]);
        if (inside(prev[1])) {
          cur.push([x, limit]);
          out.push(cur);
          cur = [];
        } else cur = [[x, limit]];
      }
      if (inside(p[1])) cur.push(p);
    });
    if (cur.length) out.push(cur);
  }
  return out;
}

/** One panel of the daily glucose profiles; a day without readings has no line (drawn empty). */
export function agpPanelModel(
  day: DdDay | undefined,
  unit: GlucoseUnit,
  low: number,
  high: number,
): AgpPanelModel {
  if (!day) return { line: [], lows: [], highs: [], flagged: [], hasData: false };
  const m = daySg(day, unit);
  const line = m.sg.map((run) => run.map(([x, y]): Pt => [x, agpPlotValue(y, unit)]));
  return {
    line,
    lows: clipRuns(line, low, 'below'),
    highs: clipRuns(line, high, 'above'),
    flagged: m.flagged,
    hasData: line.length > 0 || m.flagged.length > 0,
  };
}
