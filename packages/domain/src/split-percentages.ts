// Percentages that split a whole, rounded so that the shown parts add up to the shown whole
// (CLINICAL.md "Showing numbers"): largest remainder (Hamilton's method). Rounding each part on its
// own can show 33 + 33 + 33 = 99 % or 101 %, and "below 70" as something other than low + very low.

/** Tolerance for binary fractions: 14.1 × 10 is 140.99999999999997, which must floor to 141. */
const EPSILON = 1e-9;

/**
 * The parts rounded to `decimals` by largest remainder so that they add up to the rounded sum of
 * the parts (100 for a split of 100 %). Each shown part is its value rounded down or up, never
 * further. Ties go to the larger value, then to the earlier part. Negative, NaN and infinite parts
 * count as 0.
 */
export function splitPercentages(values: readonly number[], decimals = 0): number[] {
  const factor = 10 ** decimals;
  const scaled = values.map((v) => (Number.isFinite(v) && v > 0 ? v * factor : 0));
  const floors = scaled.map((v) => Math.floor(v + EPSILON));
  const target = Math.round(scaled.reduce((a, v) => a + v, 0) + EPSILON);
  let missing = target - floors.reduce((a, v) => a + v, 0);
  const order = scaled
    .map((v, i) => ({ i, v, rest: Math.max(0, v - floors[i]!) }))
    .sort((a, b) => b.rest - a.rest || b.v - a.v || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i]! += 1;
    missing -= 1;
  }
  return floors.map((v) => v / factor);
}

/** The five consensus bands in percent (Battelino 2019), from very low to very high. */
export interface BandPercents {
  veryLow: number;
  low: number;
  inRange: number;
  high: number;
  veryHigh: number;
}

/** The bands as shown, with the sums a report prints beside them. */
export interface ShownBandPercents extends BandPercents {
  /** "Below 70 mg/dL": low shown + very low shown. */
  below: number;
  /** "Above 180 mg/dL": high shown + very high shown. */
  above: number;
}

/** Adds shown parts without binary noise (0.1 + 0.2 is 0.30000000000000004). */
const addShown = (a: number, b: number, decimals: number) =>
  Math.round((a + b) * 10 ** decimals) / 10 ** decimals;

/**
 * The bands rounded for display to `decimals` by largest remainder; "below" and "above" are the
 * sums of the shown bands, so every figure on the page agrees with the others.
 */
export function shownBandPercents(bands: BandPercents, decimals = 0): ShownBandPercents {
  const [veryLow, low, inRange, high, veryHigh] = splitPercentages(
    [bands.veryLow, bands.low, bands.inRange, bands.high, bands.veryHigh],
    decimals,
  ) as [number, number, number, number, number];
  return {
    veryLow,
    low,
    inRange,
    high,
    veryHigh,
    below: addShown(low, veryLow, decimals),
    above: addShown(high, veryHigh, decimals),
  };
}
