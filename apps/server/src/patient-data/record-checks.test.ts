import { describe, expect, it } from 'vitest';
import { checkRecords, textProblem } from './record-checks';

describe('textProblem: strings PostgreSQL cannot store', () => {
  it('clears clean values, emoji (paired surrogates) included', () => {
    expect(textProblem({ a: 'plain', b: ['x', { c: 'Ünïcode 😀' }], n: 5, z: null })).toBeNull();
  });

  it('finds a NUL in a value or a key, at any depth, with its path', () => {
    expect(textProblem({ a: ['ok', { b: 'x\u0000y' }] })).toEqual({
      path: '.a.1.b',
      message: 'text contains a NUL character',
    });
    expect(textProblem({ 'k\u0000': 1 })?.path).toBe('.k\u0000');
  });

  it('finds a lone high or low surrogate, not a pair', () => {
    expect(textProblem({ s: 'a\uD83D' })?.message).toMatch(/unpaired surrogate/);
    expect(textProblem({ s: '\uDE00b' })?.message).toMatch(/unpaired surrogate/);
    expect(textProblem({ s: '\uD83D\uDE00', t: 'x\uDE00' })?.path).toBe('.t');
  });
});

describe('checkRecords', () => {
  const reading = (serial: string) => ({
    type: 'sg',
    serial,
    seq: 1,
    time: Date.UTC(2026, 0, 1),
    utc_offset_min: 0,
    mgdl: 120,
  });

  it('rejects the record with unstorable text alone and keeps the others', () => {
    const out = checkRecords([reading('A'), reading('B\u0000'), reading('C😀')], Date.UTC(2026, 0, 2));
    expect(out.valid.map((v) => v.index)).toEqual([0, 2]);
    expect(out.problems).toEqual([
      { index: 1, status: 'rejected', reason: 'records[1].serial: text contains a NUL character' },
    ]);
  });
});
