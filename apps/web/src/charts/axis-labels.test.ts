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
    expect(labels.at(-1)).toEqual({ index: 13, x: 632, anchor: 'end' });
    expect(labels[0]).toEqual({ index: 0, x: 44, anchor: 'middle' });
  });

  it('print the last alone when not even the first and the last fit together', () => {
    expect(axisLabels(barXs(3), Array(3).fill(400), room).map((l) => l.index)).toEqual([2]);
    expect(axisLabels([], [], room)).toEqual([]);
  });
});
