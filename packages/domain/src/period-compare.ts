// Comparing two periods (issue 18 item 3, as Dexcom Clarity's "Compare" and CareLink's comparison):
// for each figure, the change from the earlier period to the later one, its direction, and
// whether that direction is the better one by the consensus targets (Battelino 2019: more time in
// range, less below and above range, CV ≤ 36 %; Battelino 2023: fewer episodes). Mean, SD and GMI
// have no better direction on their own (a lower mean can come with more lows), so they get none.

export type Better = 'higher' | 'lower' | null;
export type ChangeDirection = 'up' | 'down' | 'same';
export type ChangeVerdict = 'better' | 'worse' | null;

export interface FigureChange {
  /** later − earlier, rounded to the shown step; null when either figure is withheld. */
  delta: number | null;
  direction: ChangeDirection | null;
  verdict: ChangeVerdict;
}

/**
 * The change of one figure between periods, as shown: both figures rounded to `step` (the
 * precision they are printed with) before subtracting, so a change printed as 0 is 'same'.
 */
export function figureChange(
  earlier: number | null,
  later: number | null,
  better: Better,
  step: number,
): FigureChange {
  if (earlier === null || later === null) return { delta: null, direction: null, verdict: null };
  const round = (x: number) => Math.round(x / step);
  const steps = round(later) - round(earlier);
  const delta = steps * step;
  const direction: ChangeDirection = steps > 0 ? 'up' : steps < 0 ? 'down' : 'same';
  const verdict: ChangeVerdict =
    direction === 'same' || better === null
      ? null
      : (direction === 'up') === (better === 'higher')
        ? 'better'
        : 'worse';
  // The step's own decimals, so 0.1 × 3 prints 0.3 and not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return { delta: Number(delta.toFixed(decimals)), direction, verdict };
}

/** Which direction is better for each compared figure (null: neither). */
export const COMPARE_BETTER = {
  veryLow: 'lower',
  low: 'lower',
  inRange: 'higher',
  high: 'lower',
  veryHigh: 'lower',
  mean: null,
  gmi: null,
  sd: null,
  cv: 'lower',
  wear: 'higher',
  validDays: 'higher',
  lows: 'lower',
  highs: 'lower',
} as const satisfies Record<string, Better>;

export type ComparedFigure = keyof typeof COMPARE_BETTER;
