import { DISPLAY_MAX_MGDL, DISPLAY_MIN_MGDL, displayGlucose, type GlucoseUnit } from '@cgm/domain';

// How the overlay tells up to 14 days apart: seven colours of the Okabe–Ito palette (safe for the
// common colour-vision deficiencies; its yellow left out, too faint on white) and, for the second
// week, the same colours dashed. Before, 14 hand-picked colours put two near-identical blues on
// 12 and 23 November.

export const OVERLAY_COLOURS = ['#000000', '#E69F00', '#56B4E9', '#009E73', '#0072B2', '#D55E00', '#CC79A7'] as const; // prettier-ignore
/** SVG dash patterns: solid for the first seven days, dashed for the next seven. */
export const OVERLAY_DASHES = [null, '7 4'] as const;

export interface OverlayStyle {
  colour: string;
  dash: string | null;
}

/** The colour and line style of the i-th day (distinct for 14 days, then repeating). */
export function overlayStyle(i: number): OverlayStyle {
  const k = i % (OVERLAY_COLOURS.length * OVERLAY_DASHES.length);
  return {
    colour: OVERLAY_COLOURS[k % OVERLAY_COLOURS.length]!,
    dash: OVERLAY_DASHES[Math.floor(k / OVERLAY_COLOURS.length)]!,
  };
}

/**
 * Readings beyond the display range, drawn at its edge by the line (above 400 mg/dL / 22.2 mmol/L
 * at the top, at or below 40 / 2.2 at the floor): where they are, so the chart can mark them as
 * clipped instead of letting a flat line at the edge pass for a measured value.
 */
export function overlayClipped(
  day: { minute: readonly number[]; mgdl: readonly number[] },
  unit: GlucoseUnit,
): Array<{ x: number; y: number; side: 'above' | 'below' }> {
  const out: Array<{ x: number; y: number; side: 'above' | 'below' }> = [];
  day.mgdl.forEach((v, i) => {
    if (v > DISPLAY_MAX_MGDL || v <= DISPLAY_MIN_MGDL) {
      const y = displayGlucose(v, unit).value ?? 0;
      out.push({ x: day.minute[i]!, y, side: v > DISPLAY_MAX_MGDL ? 'above' : 'below' });
    }
  });
  return out;
}
