import { describe, expect, it } from 'vitest';
import { axisTicks, labelStep, niceMax } from './svg-charts';

describe('axisTicks', () => {
  it('steps a count axis by whole numbers', () => {
    expect(axisTicks(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
  });

  it('steps a percentage axis by 20', () => {
    expect(axisTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('keeps small fractions exact and never passes the top', () => {
    expect(axisTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(Math.max(...axisTicks(70))).toBeLessThanOrEqual(70);
  });

  it('has only zero for an empty axis', () => {
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe('niceMax and labelStep', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(29)).toBe(50);
    expect(niceMax(16)).toBe(20);
    expect(niceMax(0)).toBe(1);
  });

  it('prints at most the room for labels', () => {
    expect(labelStep(12, 8)).toBe(2);
    expect(labelStep(5, 8)).toBe(1);
  });
});
