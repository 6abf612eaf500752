import { describe, expect, it } from 'vitest';
import { glucoseEpisodes } from './glucose-episodes';
import { prepareReadings } from './readings';

const T0 = Date.UTC(2026, 0, 5, 3, 0);
/** Readings every 5 minutes from T0 (5-minute sensor: each covers 5 minutes). */
const series = (values: number[], offsetMin = 0) =>
  prepareReadings(
    values.map((mgdl, i) => ({ time: T0 + i * 300_000, mgdl, utcOffsetMin: offsetMin, intervalMin: 5 })),
  );

// Battelino 2023 (Lancet Diabetes Endocrinol 11:42, table 2): an episode is ≥ 15 consecutive minutes
// beyond the threshold and ends after ≥ 15 consecutive minutes back within it.
describe('glucose episodes (consensus: 15 minutes beyond, 15 minutes back)', () => {
  it.each([
    { name: '10 minutes below is no episode', values: [100, 65, 65, 100, 100, 100], count: 0 },
    { name: '15 minutes below is one episode', values: [100, 65, 62, 65, 100, 100, 100], count: 1 },
    { name: '70 itself is not below 70', values: [70, 70, 70, 70, 70], count: 0 },
    {
      name: '10 minutes back within does not end the episode',
      values: [65, 60, 65, 90, 90, 55, 100, 100, 100],
      count: 1,
    },
    {
      name: '15 minutes back within ends it; a second run is a second episode',
      values: [65, 60, 65, 90, 90, 90, 55, 50, 55, 100],
      count: 2,
    },
  ])('$name', ({ values, count }) => {
    expect(glucoseEpisodes(series(values), 'below', 70)).toHaveLength(count);
  });

  it('gives the start, end, extreme and offset of an episode', () => {
    const [e] = glucoseEpisodes(series([100, 65, 52, 60, 100, 100, 100], 120), 'below', 70);
    expect(e).toEqual({ start: T0 + 300_000, end: T0 + 4 * 300_000, utcOffsetMin: 120, extreme: 52 });
  });

  it('finds highs above a threshold, the threshold itself not above', () => {
    expect(glucoseEpisodes(series([250, 250, 250, 250]), 'above', 250)).toHaveLength(0);
    const [e] = glucoseEpisodes(series([200, 260, 300, 280, 200, 200, 200]), 'above', 250);
    expect(e!.extreme).toBe(300);
  });

  it('does not join readings across a gap of more than 15 minutes', () => {
    const r = prepareReadings([
      { time: T0, mgdl: 60, intervalMin: 5 },
      { time: T0 + 5 * 60_000, mgdl: 60, intervalMin: 5 },
      { time: T0 + 30 * 60_000, mgdl: 60, intervalMin: 5 },
      { time: T0 + 35 * 60_000, mgdl: 60, intervalMin: 5 },
    ]);
    expect(glucoseEpisodes(r, 'below', 70)).toHaveLength(0);
  });
});
