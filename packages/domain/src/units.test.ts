import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  defaultGlucoseUnit,
  patientGlucoseUnit,
  displayGlucose,
  formatGlucose,
  formatGlucoseValue,
  fromUnit,
  MGDL_COUNTRIES,
  mgdlToMmol,
  mmolToMgdl,
  roundGlucose,
} from './units';
import { COUNTRIES } from './countries';

describe('conversion (CLINICAL.md "Units and display", spec §9: factor 18)', () => {
  it.each([
    [18, 1],
    [100, 100 / 18],
    [180, 10],
    [400, 22.2222],
    [40, 2.2222],
  ])('%d mg/dL = %f mmol/L', (mgdl, mmol) => {
    expect(mgdlToMmol(mgdl)).toBeCloseTo(mmol, 4);
  });

  it('uses 18, not 18.016', () => {
    expect(mmolToMgdl(5.5)).toBe(99);
    expect(fromUnit(10, 'mmol/L')).toBe(180);
    expect(fromUnit(180, 'mg/dL')).toBe(180);
  });

  it('round-trips any value (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2000, noNaN: true }), (mgdl) => {
        expect(mmolToMgdl(mgdlToMmol(mgdl))).toBeCloseTo(mgdl, 9);
        expect(mgdlToMmol(mmolToMgdl(mgdl))).toBeCloseTo(mgdl, 9);
      }),
    );
  });

  it('keeps order (property): a higher mg/dL is never a lower mmol/L', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, b) => {
          if (a <= b) expect(mgdlToMmol(a)).toBeLessThanOrEqual(mgdlToMmol(b));
        },
      ),
    );
  });
});

describe('default unit by country (spec §9 "Unit default")', () => {
  it.each(['TH', 'ID', 'IN', 'FR', 'DE', 'IT', 'PT', 'ES', 'TR', 'SA', 'AE', 'AT', 'CL', 'BE', 'PL'])(
    '%s → mg/dL',
    (code) => {
      expect(defaultGlucoseUnit(code)).toBe('mg/dL');
      expect(defaultGlucoseUnit(code.toLowerCase())).toBe('mg/dL');
    },
  );

  it.each(['GB', 'CN', 'NL', 'SE', 'US', 'AU', 'XX', ''])('%s → mmol/L', (code) => {
    expect(defaultGlucoseUnit(code)).toBe('mmol/L');
  });

  it('lists 15 mg/dL countries, all served', () => {
    expect(MGDL_COUNTRIES).toHaveLength(15);
    for (const code of MGDL_COUNTRIES) expect(COUNTRIES.some((c) => c.code === code)).toBe(true);
  });
});

describe('display (CLINICAL.md "Units and display", spec §5 "Glucose display", §9 "Glucose range")', () => {
  it.each([
    // [mg/dL, unit, flag, kind, value, text]
    [120, 'mg/dL', undefined, 'value', 120, '120'],
    [120.5, 'mg/dL', undefined, 'value', 121, '121'],
    [99, 'mmol/L', undefined, 'value', 5.5, '5.5'],
    [400, 'mg/dL', undefined, 'value', 400, '400'],
    [400.1, 'mg/dL', undefined, 'high', 400, 'High'],
    [401, 'mmol/L', undefined, 'high', 22.2, 'High'],
    [400, 'mmol/L', undefined, 'value', 22.2, '22.2'],
    [40, 'mg/dL', undefined, 'low', 40, 'Low'],
    [40.5, 'mg/dL', undefined, 'value', 41, '41'],
    [30, 'mmol/L', undefined, 'low', 2.2, 'Low'],
    [41, 'mmol/L', undefined, 'value', 2.3, '2.3'],
    [150, 'mmol/L', 'C', 'value', 2.2, '2.2'],
    [150, 'mmol/L', 'CX', 'value', 2.2, '2.2'],
    [150, 'mg/dL', 'CX', 'value', 40, '40'],
    [150, 'mmol/L', 'NC', 'value', 8.3, '8.3'],
    [null, 'mmol/L', undefined, 'none', null, '--'],
    [Number.NaN, 'mg/dL', undefined, 'none', null, '--'],
  ] as const)('%s mg/dL in %s flag %s → %s %s %s', (mgdl, unit, flag, kind, value, text) => {
    expect(displayGlucose(mgdl, unit, flag)).toEqual({ kind, value, text });
    expect(formatGlucose(mgdl, unit, flag)).toBe(text);
  });

  it('never shows a value outside 2.2–22.2 mmol/L (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 5000, noNaN: true }), (mgdl) => {
        const d = displayGlucose(mgdl, 'mmol/L');
        expect(d.value).toBeGreaterThanOrEqual(2.2);
        expect(d.value).toBeLessThanOrEqual(22.2);
      }),
    );
  });

  it('formats statistics with one decimal in mmol/L and none in mg/dL, unclamped', () => {
    expect(formatGlucoseValue(154.3, 'mg/dL')).toBe('154');
    expect(formatGlucoseValue(154.3, 'mmol/L')).toBe('8.6');
    expect(formatGlucoseValue(450, 'mmol/L')).toBe('25.0');
    expect(formatGlucoseValue(null, 'mmol/L')).toBe('--');
    expect(roundGlucose(93.6, 'mmol/L')).toBe(5.2);
    expect(roundGlucose(198, 'mmol/L')).toBe(11);
  });
});

describe('patientGlucoseUnit: one unit per patient on every screen', () => {
  it("takes the patient's saved unit, else their country's default", () => {
    expect(patientGlucoseUnit('mg/dL', 'GB')).toBe('mg/dL');
    expect(patientGlucoseUnit('mmol/L', 'DE')).toBe('mmol/L');
    expect(patientGlucoseUnit(null, 'FR')).toBe('mg/dL');
    expect(patientGlucoseUnit(undefined, 'GB')).toBe('mmol/L');
    expect(patientGlucoseUnit('mgdl', 'DE')).toBe('mg/dL');
  });
});
