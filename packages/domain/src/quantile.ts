// Quantiles by linear interpolation between order statistics: Hyndman & Fan type 7, the default of
// R, numpy and d3 (CLINICAL.md "Readings used in statistics"). For sorted x[0..n−1] and p in
// [0, 1]: h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).

export type NumericArray = readonly number[] | Float64Array;

/**
 * Type 7 quantile of values already sorted ascending. An empty array has no quantile and gives
 * NaN (callers that must never show NaN check the length first); p outside [0, 1] is an error.
 */
export function quantile(sortedAscending: NumericArray, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile p must be in [0, 1], got ${p}`);
  return quantileOfRange(sortedAscending, 0, sortedAscending.length, p);
}

/** The same on the slice [start, end) of a sorted array, without copying it. */
export function quantileOfRange(sorted: NumericArray, start: number, end: number, p: number): number {
  const n = end - start;
  if (n <= 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[start + lo]!;
  if (lo >= n - 1) return a;
  const b = sorted[start + lo + 1]!;
  // a + f·(b − a) keeps q exactly equal to a and b at the ends and between them in between.
  return a + (h - lo) * (b - a);
}
