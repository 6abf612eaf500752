import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoWant, MicroDoser, units } from './auto-mode';

const base = { sg: 110, slope: 0, iob: 0, basalRate: 1, isf: 50, target: 110 };

describe('auto mode algorithm', () => {
  it('gives the programmed basal at target and stops below 70 predicted', () => {
    expect(autoWant(base)).toEqual({ basal: 0.1, correction: 0 });
    expect(autoWant({ ...base, sg: 75 })).toEqual({ basal: 0, correction: 0 });
    expect(autoWant({ ...base, sg: 100, slope: -1.5 })).toEqual({ basal: 0, correction: 0 });
  });

  it('gives more when high, corrects net of insulin on board, with caps', () => {
    const high = autoWant({ ...base, sg: 250, slope: 1 });
    expect(high.basal).toBeGreaterThan(0.1);
    expect(high.basal).toBeLessThanOrEqual(0.15 + 1e-9);
    expect(high.correction).toBeGreaterThan(0);
    expect(high.correction).toBeLessThanOrEqual(0.3);
    expect(autoWant({ ...base, sg: 250, iob: 5 }).correction).toBe(0);
  });

  it('gives whole micro-doses and carries the rest over', () => {
    const d = new MicroDoser();
    expect(d.doses(0.12)).toBe(2);
    expect(d.doses(0.03)).toBe(1);
    expect(d.doses(0)).toBe(0);
    expect(units(3)).toBe(0.15);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 2, noNaN: true }), { maxLength: 100 }), (wants) => {
        const doser = new MicroDoser();
        let given = 0;
        for (const w of wants) given += doser.doses(w);
        const wanted = wants.reduce((a, b) => a + b, 0);
        expect(units(given)).toBeLessThanOrEqual(wanted + 1e-6);
        expect(wanted - units(given)).toBeLessThanOrEqual(0.05 + 1e-6);
      }),
    );
  });
});
