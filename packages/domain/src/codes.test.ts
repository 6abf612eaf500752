import { describe, it, expect } from 'vitest';
import { BASAL_CODES, basalCodeInfo, isAutoModeBasal, isSuspendBasal } from './basal-codes';
import { BOLUS_CODES, BOLUS_DETAIL_FIELDS, bolusKind, bolusTotal } from './bolus-codes';
import { basalSeriesOf, bolusSeriesOf, CHART_SERIES } from './chart-series';
import { PATCH_STATES } from './device-states';

describe('basal codes (spec §3 "Basal row")', () => {
  it('lists every code of the spec once', () => {
    const spec =
      'BAS BAE BAH BAPA BAPB BAPC BAPD BASK BAAM BART BAAT SUSLSG SUSPLSG SUSA SUSHM SUSDM SUSM SUSEB NEW ' +
      'ENDM ENDEM ENDPE ENDEP ENDPB ENDCE ENDPBE ENDD ENDPE2 BAAMS BAAME BAAMTarget100 BAAMTarget110 ' +
      'BAAMTarget120 BAAMBreakfast BAAMLunch BAAMDinner BAAMSnack BAAMExerciseStart BAAMExerciseExit';
    expect(BASAL_CODES.map((c) => c.code).sort()).toEqual(spec.split(' ').sort());
  });

  it.each([
    ['BAAM', true, false],
    ['BAAMTarget110', true, false],
    ['BAAMExerciseExit', true, false], // the exercise target ends, auto mode goes on
    ['BAAMS', false, false],
    ['BAAME', false, false],
    ['BAS', false, false],
    ['SUSPLSG', false, true],
    ['XYZ', false, false],
  ])('%s: auto mode %s, suspend %s', (code, auto, suspend) => {
    expect(isAutoModeBasal(code)).toBe(auto);
    expect(isSuspendBasal(code)).toBe(suspend);
  });

  it('names each suspend and end reason with a known patch state where one fits', () => {
    const states: readonly string[] = PATCH_STATES;
    for (const c of BASAL_CODES.filter((x) => x.kind === 'suspend')) expect(states).toContain(c.reason);
    expect(basalCodeInfo('ENDD')?.reason).toBe('batteryDepleted');
  });
});

describe('bolus codes (spec §3 "Bolus row")', () => {
  it('has NB/EB/CB with M and the wizard codes', () => {
    expect(BOLUS_CODES.map((c) => c.code)).toEqual([
      'NB',
      'NBM',
      'EB',
      'EBM',
      'CB',
      'CBM',
      'CRW',
      'CAW',
      'CCW',
    ]);
    expect(BOLUS_DETAIL_FIELDS).toEqual([
      'bg',
      'corr_bolus',
      'carb',
      'carb_bolus',
      'iob',
      'suggest',
      'adjustmentType',
      'bg_bolus',
    ]);
  });

  it.each([
    ['NB', 2, 0, 'normal'],
    ['EBM', 0, 2, 'extended'],
    ['CB', 1, 1, 'combo'],
    ['CAW', 3, 0, 'normal'],
    ['CCW', 1, 2, 'combo'],
    ['CRW', 0, 2, 'extended'],
  ] as const)('%s (%f now, %f extended) is %s', (code, delivered, extendedDelivered, kind) => {
    expect(bolusKind({ code, delivered, extendedDelivered })).toBe(kind);
    expect(bolusTotal({ delivered, extendedDelivered })).toBe(delivered + extendedDelivered);
  });
});

describe('chart series (spec §3 "Chart series")', () => {
  it('has the sixteen series of the spec', () => {
    expect(CHART_SERIES.map((s) => s.id)).toEqual([
      'sg', 'calib', 'bg', 'transmtr', 'alarm', 'basal', 'tempBasal', 'manualStop', 'autoSuspend',
      'normalBolus', 'extendBolus', 'newPatch', 'stop', 'alert', 'autoModeBasal', 'autoModeCorrectionBolus',
    ]); // prettier-ignore
  });

  it.each([
    ['BAS', 'basal'],
    ['BAPC', 'basal'],
    ['BART', 'tempBasal'],
    ['SUSM', 'manualStop'],
    ['SUSLSG', 'autoSuspend'],
    ['BAAMLunch', 'autoModeBasal'],
    ['NEW', 'newPatch'],
    ['ENDPE2', 'stop'],
    ['BAAME', undefined],
  ])('basal %s is drawn in %s', (code, series) => expect(basalSeriesOf(code)).toBe(series));

  it('draws a normal bolus as normalBolus and extended parts as extendBolus', () => {
    expect(bolusSeriesOf({ code: 'NB', delivered: 1 })).toBe('normalBolus');
    expect(bolusSeriesOf({ code: 'EB', delivered: 0, extendedDelivered: 1 })).toBe('extendBolus');
  });
});
