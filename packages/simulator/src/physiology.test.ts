import { describe, expect, it } from 'vitest';
import { Body, type BodyParams } from './physiology';
import { Rng } from './random';

const PARAMS: BodyParams = {
  isf: 50,
  csf: 5,
  glucoseEffectiveness: 0.001,
  restingGlucose: 120,
  insulinTauMin: 37.5,
};
const NEED = 1 / 60; // 1 U/h

/** A body run without the production drift, so effects can be measured. */
function body(): Body {
  const b = new Body(PARAMS, new Rng('test'), NEED);
  (b as unknown as { rng: { normal: () => number } }).rng = { normal: () => 0 };
  return b;
}

function run(b: Body, minutes: number, basal = NEED): number[] {
  const out: number[] = [];
  for (let m = 0; m < minutes; m++) {
    b.inject(basal);
    out.push(b.step(NEED, 1));
  }
  return out;
}

describe('glucose–insulin model', () => {
  it('stays at rest when basal insulin matches the requirement', () => {
    const trace = run(body(), 24 * 60);
    expect(Math.max(...trace)).toBeCloseTo(120, 5);
    expect(Math.min(...trace)).toBeCloseTo(120, 5);
  });

  it('acts on a bolus with a peak near 75 minutes and most of it done by 5 hours', () => {
    const b = body();
    b.inject(1);
    const trace = run(b, 360);
    const drops = trace.map((g, i) => (i === 0 ? 120 - g : trace[i - 1]! - g));
    const peak = drops.indexOf(Math.max(...drops));
    expect(peak).toBeGreaterThanOrEqual(65);
    expect(peak).toBeLessThanOrEqual(85);
    expect(b.insulinOnBoard - NEED * (3 * 37.5 - 1)).toBeLessThan(0.05);
    // One unit lowers glucose by about the sensitivity, less what glucose effectiveness gives back.
    expect(120 - trace[299]!).toBeGreaterThan(35);
    expect(120 - trace[299]!).toBeLessThan(55);
  });

  it('raises glucose with carbohydrate, faster for fast carbohydrate', () => {
    const fast = body();
    fast.eat(20, 'fast');
    const slow = body();
    slow.eat(20, 'slow');
    const f = run(fast, 180);
    const s = run(slow, 180);
    expect(f[30]!).toBeGreaterThan(s[30]!);
    expect(f[179]!).toBeGreaterThan(150);
    expect(s[179]!).toBeGreaterThan(140);
  });

  it('lowers glucose during exercise and leaves insulin working harder after it', () => {
    const b = body();
    b.setExercise(1);
    run(b, 45);
    b.setExercise(null);
    expect(b.glucose).toBeLessThan(100);
    const after = run(b, 240);
    expect(after.at(-1)!).toBeLessThan(120);
  });

  it('keeps glucose within 20–600 mg/dL', () => {
    const b = body();
    b.inject(100);
    expect(Math.min(...run(b, 600))).toBeGreaterThanOrEqual(20);
    const c = body();
    c.eat(2000, 'fast');
    expect(Math.max(...run(c, 600, 0))).toBeLessThanOrEqual(600);
  });
});
