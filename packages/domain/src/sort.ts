// Sorting for the quantiles. Sensors report whole mg/dL, so a counting sort (linear time) orders a
// 90-day report several times faster than a comparison sort; any other value falls back to the
// typed-array numeric sort. Both give the same order.

/** Whole values below this use the counting sort (covers every sensor's range many times over). */
export const COUNTING_SORT_LIMIT = 2048;

/** True when every value is a whole number in [0, COUNTING_SORT_LIMIT). */
export function allSmallWholeNumbers(values: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!((v | 0) === v && v >= 0 && v < COUNTING_SORT_LIMIT)) return false;
  }
  return true;
}

/** The first n values, sorted ascending, in a new array. */
export function sortedCopy(values: Float64Array, n: number): Float64Array {
  if (!allSmallWholeNumbers(values, n)) return values.slice(0, n).sort();
  const counts = new Uint32Array(COUNTING_SORT_LIMIT);
  for (let i = 0; i < n; i++) counts[values[i]!]!++;
  const out = new Float64Array(n);
  let k = 0;
  for (let v = 0; v < COUNTING_SORT_LIMIT; v++) {
    for (let c = counts[v]!; c > 0; c--) out[k++] = v;
  }
  return out;
}

/**
 * Indices 0..n−1 ordered by value, stable (equal values keep index order), by counting sort; null
 * when the values are not all small whole numbers. Used to fill bins so that each bin comes out
 * already sorted (least-significant-digit-first radix order).
 */
export function orderByValue(values: Float64Array, n: number): Uint32Array | null {
  if (!allSmallWholeNumbers(values, n)) return null;
  const order = new Uint32Array(n);
  const starts = new Uint32Array(COUNTING_SORT_LIMIT + 1);
  for (let i = 0; i < n; i++) starts[values[i]! + 1]!++;
  for (let v = 0; v < COUNTING_SORT_LIMIT; v++) starts[v + 1]! += starts[v]!;
  for (let i = 0; i < n; i++) order[starts[values[i]!]!++] = i;
  return order;
}
