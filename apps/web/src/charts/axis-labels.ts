// Which date (or category) labels a chart's axis prints, and where, so that none overlaps another
// or runs past the drawing. A phone draws the chart half as wide with a larger font (in chart
// units), and an Arabic or German date is longer than "Nov 12": a fixed "eight labels" crowded
// them into one another. Mature dashboards print every k-th label instead, k chosen from the room
// between points and the width of the labels; that is this rule.

export interface AxisLabel {
  index: number;
  /** Where the label is anchored, in chart units. */
  x: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface AxisRoom {
  /** The ends a label may reach (chart units). */
  left: number;
  right: number;
  /** The least space between two labels (chart units). */
  gap: number;
  /** Print at most every `minStep`-th label even when more would fit (the wide layout's look). */
  minStep?: number;
}

/**
 * A label centred on its point, or, where centred it would pass an end of the drawing, held
 * against that end (the last day of a line chart ends at the right edge).
 */
export function placeLabel(index: number, x: number, width: number, room: AxisRoom): AxisLabel {
  if (x + width / 2 > room.right) return { index, x: room.right, anchor: 'end' };
  if (x - width / 2 < room.left) return { index, x: room.left, anchor: 'start' };
  return { index, x, anchor: 'middle' };
}

/** The span [from, to] a placed label covers. */
export function labelSpan(label: AxisLabel, width: number): [number, number] {
  if (label.anchor === 'end') return [label.x - width, label.x];
  if (label.anchor === 'start') return [label.x, label.x + width];
  return [label.x - width / 2, label.x + width / 2];
}

/**
 * The labels to print for points at `xs` whose labels are `widths` wide: every k-th one from the
 * first, and the last, with the smallest k (at least `minStep`) at which no two come closer than
 * the gap. A k-th label closer than k points to the last is left out (on a month of days "Nov 24"
 * ran into "Nov 25"). The first and the last are both printed whenever the two fit side by side;
 * when even they do not, the last alone.
 */
export function axisLabels(xs: readonly number[], widths: readonly number[], room: AxisRoom): AxisLabel[] {
  const n = xs.length;
  if (n === 0) return [];
  const last = n - 1;
  const place = (i: number) => placeLabel(i, xs[i]!, widths[i] ?? 0, room);
  for (let step = Math.max(1, room.minStep ?? 1); step <= last; step++) {
    const picked: AxisLabel[] = [];
    for (let i = 0; i <= last; i += step) if (last - i >= step) picked.push(place(i));
    picked.push(place(last));
    if (apart(picked, widths, room.gap)) return picked;
  }
  return [place(last)];
}

function apart(labels: readonly AxisLabel[], widths: readonly number[], gap: number): boolean {
  for (let j = 1; j < labels.length; j++) {
    const before = labelSpan(labels[j - 1]!, widths[labels[j - 1]!.index] ?? 0);
    const after = labelSpan(labels[j]!, widths[labels[j]!.index] ?? 0);
    if (after[0] - before[1] < gap) return false;
  }
  return true;
}
