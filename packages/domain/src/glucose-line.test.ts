import { describe, expect, it } from 'vitest';
import { breaksGlucoseLine, GLUCOSE_LINE_MAX_GAP_MIN, isInvalidReading, plotReading } from './glucose-line';
import { AUC_MAX_GAP_MS } from './auc';

const MIN = 60_000;

describe('the glucose line', () => {
  it('breaks after more than 15 minutes, the AUC bridge, and not at exactly 15', () => {
    expect(GLUCOSE_LINE_MAX_GAP_MIN).toBe(15);
    expect(AUC_MAX_GAP_MS).toBe(15 * MIN);
    expect(breaksGlucoseLine(15 * MIN)).toBe(false);
    expect(breaksGlucoseLine(15 * MIN + 1)).toBe(true);
    expect(breaksGlucoseLine(11 * MIN)).toBe(false);
  });

  it('takes C and CX out of the line, not NC or DE', () => {
    expect(isInvalidReading('C')).toBe(true);
    expect(isInvalidReading('CX')).toBe(true);
    expect(isInvalidReading('NC')).toBe(false);
    expect(isInvalidReading('DE')).toBe(false);
    expect(isInvalidReading(null)).toBe(false);
  });
});

describe('plotReading', () => {
  it('puts C/CX at the floor as a flagged marker whatever their value', () => {
    expect(plotReading(250, 'C', null, 'mg/dL')).toEqual({ kind: 'flagged', value: 40 });
    expect(plotReading(30, 'CX', null, 'mmol/L')).toEqual({ kind: 'flagged', value: 2.2 });
    expect(plotReading(null, 'CX', null, 'mmol/L')).toEqual({ kind: 'flagged', value: 2.2 });
  });

  it('clamps values to the display range and draws H at the top', () => {
    expect(plotReading(30, null, null, 'mg/dL')).toEqual({ kind: 'line', value: 40 });
    expect(plotReading(450, 'NC', null, 'mmol/L')).toEqual({ kind: 'line', value: 22.2 });
    expect(plotReading(126, null, null, 'mmol/L')).toEqual({ kind: 'line', value: 7 });
    expect(plotReading(null, null, 'H', 'mg/dL')).toEqual({ kind: 'line', value: 400 });
    expect(plotReading(null, 'H', 'H', 'mmol/L')).toEqual({ kind: 'line', value: 22.2 });
  });

  it('draws nothing for CE0, CE1 or a missing value', () => {
    expect(plotReading(null, null, 'CE0', 'mg/dL')).toEqual({ kind: 'gap', value: null });
    expect(plotReading(null, 'CE1', 'CE1', 'mg/dL')).toEqual({ kind: 'gap', value: null });
    expect(plotReading(Number.NaN, null, null, 'mg/dL')).toEqual({ kind: 'gap', value: null });
  });
});
