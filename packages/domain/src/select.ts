// Quantiles by selection instead of a full sort: a statistic needs only a few order statistics
// (q1, median, q3), and quickselect finds each in linear time. Results equal type 7 on the sorted
// values exactly, since the same two order statistics are interpolated.

import { quantileOfRange } from './quantile';
import { allSmallWholeNumbers, sortedCopy } from './sort';

/** Rearranges a[lo..hi] so that a[k] holds the k-th smallest, smaller ones left, larger right. */
export function selectInPlace(a: Float64Array, lo: number, hi: number, k: number): void {
  let left = lo;
  let right = hi;
  while (right > left) {
    // Median of three as pivot keeps sorted and reversed input linear.
    const mid = (left + right) >>> 1;
    const x = a[left]!;
    const y = a[mid]!;
    const z = a[right]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return; // a[j+1..i-1] all equal the pivot, and k is among them
  }
}

/**
 * Type 7 quantiles (ps ascending, each in [0, 1]) of the first n values, without sorting them all.
 * The input is not changed.
 */
export function quantilesBySelection(values: Float64Array, n: number, ps: readonly number[]): number[] {
  const a = values.slice(0, n);
  const out: number[] = [];
  let from = 0;
  for (const p of ps) {
    const h = (n - 1) * p;
    const k = Math.floor(h);
    selectInPlace(a, from, n - 1, k);
    const lower = a[k]!;
    let q = lower;
    if (h > k) {
      let upper = Infinity; // the next order statistic: the smallest value right of k
      for (let i = k + 1; i < n; i++) if (a[i]! < upper) upper = a[i]!;
      q = lower + (h - k) * (upper - lower);
    }
    out.push(q);
    from = k;
  }
  return out;
}

/**
 * Type 7 quantiles of the first n values by the fastest exact route: a counting sort when they
 * are whole mg/dL (sensors report those), else selection.
 */
export function quantilesOf(values: Float64Array, n: number, ps: readonly number[]): number[] {
  if (n === 0) return ps.map(() => Number.NaN);
  if (!allSmallWholeNumbers(values, n)) return quantilesBySelection(values, n, ps);
  const sorted = sortedCopy(values, n);
  return ps.map((p) => quantileOfRange(sorted, 0, n, p));
}
