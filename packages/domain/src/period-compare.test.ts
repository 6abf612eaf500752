import { describe, expect, it } from 'vitest';
import { figureChange } from './period-compare';

describe('figure change between two periods', () => {
  it.each([
    {
      earlier: 60,
      later: 72.5,
      better: 'higher',
      step: 1,
      want: { delta: 13, direction: 'up', verdict: 'better' },
    },
    {
      earlier: 5.2,
      later: 3.1,
      better: 'lower',
      step: 0.1,
      want: { delta: -2.1, direction: 'down', verdict: 'better' },
    },
    {
      earlier: 3.1,
      later: 5.2,
      better: 'lower',
      step: 0.1,
      want: { delta: 2.1, direction: 'up', verdict: 'worse' },
    },
    // Printed as 1.0 and 1.0: no change shown, so none claimed.
    {
      earlier: 1.04,
      later: 0.96,
      better: 'lower',
      step: 0.1,
      want: { delta: 0, direction: 'same', verdict: null },
    },
    {
      earlier: 150,
      later: 140,
      better: null,
      step: 1,
      want: { delta: -10, direction: 'down', verdict: null },
    },
    {
      earlier: null,
      later: 7.1,
      better: null,
      step: 0.1,
      want: { delta: null, direction: null, verdict: null },
    },
  ] as const)('$earlier → $later ($better better)', ({ earlier, later, better, step, want }) => {
    expect(figureChange(earlier, later, better, step)).toEqual(want);
  });
});
