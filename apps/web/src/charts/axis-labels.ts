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
  /** Printed in its longer form: the label opens a group (a year), see `AxisGroups`. */
  opens: boolean;
}

/**
 * Points that fall in groups, as days in years. Where they fall in more than one, the first
 * printed label and the first printed label of each new group read their longer form (the year
 * with the day, as Dexcom Clarity and LibreView date a range across New Year); in one group none
 * does ("Nov 12", not "Nov 12, 2026", on every label of an autumn).
 */
export interface AxisGroups {
  /** The group of each point (a day's year). */
  of: readonly (string | number)[];
  /** The width of each point's label in its longer form. */
  widths: readonly number[];
}

/** The least space between two axis labels, in chart units (about half a letter's height). */
export const LABEL_GAP = 8;

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
export function placeLabel(
  index: number,
  x: number,
  width: number,
  room: AxisRoom,
  opens = false,
): AxisLabel {
  if (x + width / 2 > room.right) return { index, x: room.right, anchor: 'end', opens };
  if (x - width / 2 < room.left) return { index, x: room.left, anchor: 'start', opens };
  return { index, x, anchor: 'middle', opens };
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
 * when even they do not, the last alone. With `groups`, a label that opens a group is measured
 * (and so spaced) in its longer form.
 */
export function axisLabels(
  xs: readonly number[],
  widths: readonly number[],
  room: AxisRoom,
  groups?: AxisGroups,
): AxisLabel[] {
  const n = xs.length;
  if (n === 0) return [];
  const last = n - 1;
  const grouped = groups && new Set(groups.of).size > 1 ? groups : undefined;
  const widthOf = (i: number, opens: boolean) => (opens ? grouped?.widths[i] : widths[i]) ?? 0;
  const pick = (indices: readonly number[]) =>
    indices.map((i, j) => {
      const opens = !!grouped && (j === 0 || grouped.of[i] !== grouped.of[indices[j - 1]!]);
      return placeLabel(i, xs[i]!, widthOf(i, opens), room, opens);
    });
  for (let step = Math.max(1, room.minStep ?? 1); step <= last; step++) {
    const indices: number[] = [];
    for (let i = 0; i <= last; i += step) if (last - i >= step) indices.push(i);
    indices.push(last);
    const picked = pick(indices);
    if (apart(picked, (l) => widthOf(l.index, l.opens), room.gap)) return picked;
  }
  return pick([last]);
}

function apart(labels: readonly AxisLabel[], widthOf: (l: AxisLabel) => number, gap: number): boolean {
  for (let j = 1; j < labels.length; j++) {
    const before = labelSpan(labels[j - 1]!, widthOf(labels[j - 1]!));
    const after = labelSpan(labels[j]!, widthOf(labels[j]!));
    if (after[0] - before[1] < gap) return false;
  }
  return true;
}
