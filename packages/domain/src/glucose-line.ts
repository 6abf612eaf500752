// How a sensor reading is drawn on a glucose chart, the same on the live monitor and the reports
// (CLINICAL.md "Readings flagged C or CX", "Showing numbers"; spec §5 "Glucose display").

import { AUC_MAX_GAP_MS } from './auc';
import { isLowQualityFlag } from './sg-flags';
import { DISPLAY_MAX_MGDL, DISPLAY_MIN_MGDL, displayGlucose, type GlucoseUnit } from './units';

/**
 * The glucose line breaks where consecutive readings are more than 15 minutes apart: the same
 * bridge as the area under the curve (no line, like no area, across a longer gap).
 */
export const GLUCOSE_LINE_MAX_GAP_MS = AUC_MAX_GAP_MS;
export const GLUCOSE_LINE_MAX_GAP_MIN = GLUCOSE_LINE_MAX_GAP_MS / 60_000;

/** True when two readings `gapMs` apart are not joined by the line (exactly 15 minutes still is). */
export function breaksGlucoseLine(gapMs: number): boolean {
  return gapMs > GLUCOSE_LINE_MAX_GAP_MS;
}

/** C and CX are calibration states, not measurements: they are never part of the line. */
export function isInvalidReading(flag: string | null | undefined): boolean {
  return !!flag && isLowQualityFlag(flag);
}

export type PlottedReading =
  /** On the glucose line, at `value` in the unit (clamped to the display range). */
  | { kind: 'line'; value: number }
  /** A separate marker at the floor of the display range (40 mg/dL, 2.2 mmol/L), not a low. */
  | { kind: 'flagged'; value: number }
  /** Nothing drawn: a display code without a value (CE0, CE1) or no value at all. */
  | { kind: 'gap'; value: null };

/**
 * Where a reading goes on a chart: C/CX as flagged markers at the floor, H (no value) at the top
 * of the display range, other display codes as nothing, values clamped to the display range.
 * `quality` is the reading's quality flag, `code` its display code (the monitor sends one field
 * holding either: pass it as both).
 */
export function plotReading(
  mgdl: number | null | undefined,
  quality: string | null | undefined,
  code: string | null | undefined,
  unit: GlucoseUnit,
): PlottedReading {
  if (isInvalidReading(quality))
    return { kind: 'flagged', value: displayGlucose(DISPLAY_MIN_MGDL, unit).value! };
  if ((mgdl === null || mgdl === undefined) && code === 'H') {
    return { kind: 'line', value: displayGlucose(DISPLAY_MAX_MGDL + 1, unit).value! };
  }
  const shown = displayGlucose(mgdl, unit);
  return shown.value === null ? { kind: 'gap', value: null } : { kind: 'line', value: shown.value };
}
