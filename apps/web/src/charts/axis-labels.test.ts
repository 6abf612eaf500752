import { describe, expect, it } from 'vitest';
import { axisLabels, labelSpan, type AxisLabel, type AxisRoom } from './axis-labels';

// The usage chart's frame: 640 units wide, the plot from 44 to 632, one bar per day.
const room: AxisRoom = { left: 0, right: 632, gap: 8 };
const barXs = (n: number) => Array.from({ length: n }, (_, i) => 44 + (588 / n) * (i + 0.5));
const lineXs = (n: number) => Array.from({ length: n }, (_, i) => 44 + (588 * i) / (n - 1));

/** The least space between two printed labels (Infinity for one). */
function leastGap(labels: readonly AxisLabel[], widths: readonly number[]): number {
  let least = Infinity;
  for (let j = 1; j < labels.length; j++) {
    least = Math.min(
      least,
      labelSpan(labels[j]!, widths[labels[j]!.index]!)[0] -
        labelSpan(labels[j - 1]!, widths[labels[j - 1]!.index]!)[1],
    );
  }
  return least;
}

describe('axis labels', () => {
  it('never come closer than the gap nor pass the drawing, whatever the room and the label width', () => {
    for (const n of [1, 2, 3, 7, 14, 30, 31, 90, 366]) {
      for (const width of [30, 46, 60, 95, 200, 700]) {
        const widths = Array.from({ length: n }, () => width);
        const labels = axisLabels(barXs(n), widths, room);
        expect(labels.length).toBeGreaterThan(0);
        expect(leastGap(labels, widths)).toBeGreaterThanOrEqual(room.gap);
        if (width <= room.right - room.left) {
          for (const l of labels) {
            const [from, to] = labelSpan(l, width);
            expect(from).toBeGreaterThanOrEqual(room.left);
            expect(to).toBeLessThanOrEqual(room.right);
          }
        }
      }
    }
  });

  it('keep the first and the last whenever the two fit side by side', () => {
    for (const n of [2, 5, 30, 31, 90]) {
      for (const width of [40, 100, 250]) {
        const labels = axisLabels(barXs(n), Array(n).fill(width), room);
        expect(labels[0]!.index).toBe(0);
        expect(labels.at(-1)!.index).toBe(n - 1);
      }
    }
  });

  it('print every k-th label, k the smallest that fits: a phone month of Arabic days every 5th day', () => {
    // 30 bars 19.6 units apart; "12 نوفمبر" at the phone's 14-unit font is about 72 units wide.
    const labels = axisLabels(barXs(30), Array(30).fill(72), room);
    expect(labels.map((l) => l.index)).toEqual([0, 5, 10, 15, 20, 29]);
  });

  it('print no more than every minStep-th label when all would fit (the wide layout as before)', () => {
    const labels = axisLabels(barXs(30), Array(30).fill(10), { ...room, minStep: 4 });
    expect(labels.map((l) => l.index)).toEqual([0, 4, 8, 12, 16, 20, 24, 29]);
  });

  it('hold a label that would pass an end against it, as the last day of a line chart', () => {
    const labels = axisLabels(lineXs(14), Array(14).fill(40), { ...room, minStep: 2 });
    expect(labels.at(-1)).toEqual({ index: 13, x: 632, anchor: 'end', opens: false });
    expect(labels[0]).toEqual({ index: 0, x: 44, anchor: 'middle', opens: false });
  });

  it('print the last alone when not even the first and the last fit together', () => {
    expect(axisLabels(barXs(3), Array(3).fill(400), room).map((l) => l.index)).toEqual([2]);
    expect(axisLabels([], [], room)).toEqual([]);
  });
});

describe('axis labels of points in groups (days in years)', () => {
  // 90 days from 15 October 2026 to 12 January 2027: day 78 is the 1st of January.
  const n = 90;
  const years = Array.from({ length: n }, (_, i) => (i < 78 ? 2026 : 2027));
  const short = Array(n).fill(40); // "Oct 15"
  const long = Array(n).fill(80); // "Oct 15, 2026"

  it('print the first label and the first of each new year in the longer form', () => {
    const labels = axisLabels(barXs(n), short, room, { of: years, widths: long });
    const opening = labels.filter((l) => l.opens).map((l) => l.index);
    const firstOf2027 = labels.find((l) => years[l.index] === 2027)!.index;
    expect(opening).toEqual([0, firstOf2027]);
    expect(labels.filter((l) => l.index < firstOf2027 && l.index > 0).every((l) => !l.opens)).toBe(true);
  });

  it('space the labels by the longer form where it is printed, never closer than the gap', () => {
    const labels = axisLabels(barXs(n), short, room, { of: years, widths: long });
    const printed = short.map((w, i) => (labels.find((l) => l.index === i)?.opens ? long[i]! : w));
    expect(leastGap(labels, printed)).toBeGreaterThanOrEqual(room.gap);
    // The year's width takes a wider step than the short labels alone would.
    const alone = axisLabels(barXs(n), short, room);
    expect(labels.length).toBeLessThan(alone.length);
  });

  it('print no longer form when all the points fall in one year', () => {
    const oneYear = Array(n).fill(2026);
    const labels = axisLabels(barXs(n), short, room, { of: oneYear, widths: long });
    expect(labels.some((l) => l.opens)).toBe(false);
    expect(labels).toEqual(axisLabels(barXs(n), short, room));
  });

  it('print the longer form on the last label when it stands alone', () => {
    const labels = axisLabels(barXs(3), [400, 400, 400], room, {
      of: [2026, 2026, 2027],
      widths: [500, 500, 500],
    });
    expect(labels).toEqual([{ index: 2, x: 632, anchor: 'end', opens: true }]);
  });
});
