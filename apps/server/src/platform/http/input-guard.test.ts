import { describe, expect, it } from 'vitest';
import { findInputProblem, MAX_INPUT_DEPTH } from './input-guard';

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('findInputProblem', () => {
  it('passes ordinary input, emoji and non-Latin text included', () => {
    expect(findInputProblem({ name: 'Zoë 🙂 王', list: [1, 'x', { y: null }] }, 'body')).toBeNull();
    expect(findInputProblem(nested(MAX_INPUT_DEPTH - 1), 'body')).toBeNull();
  });

  it('names the first NUL or lone surrogate, in a value or a key', () => {
    expect(findInputProblem({ a: ['ok', 'x\u0000y'] }, 'body')).toEqual({
      path: 'body.a.1',
      message: 'validation.unstorableText',
    });
    expect(findInputProblem({ ['k\ud800']: 1 }, 'query')).toMatchObject({ path: 'query.k\ud800' });
    expect(findInputProblem('\udc00 tail', 'params')).toMatchObject({ message: 'validation.unstorableText' });
  });

  it('refuses documents nested past the limit, recursing no deeper than it (100,000 levels)', () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1), 'body')).toMatchObject({
      message: 'validation.tooDeep',
    });
    expect(findInputProblem(nested(100_000), 'body')).toMatchObject({ message: 'validation.tooDeep' });
  });
});

describe('findInputProblem in document order', () => {
  it('names the first problem as the document reads, not the last', () => {
    expect(findInputProblem({ a: 'x\u0000', b: { c: 'y\u0000' } }, 'body')).toEqual({
      path: 'body.a',
      message: 'validation.unstorableText',
    });
    expect(findInputProblem([{ ok: 1 }, { deep: [['\u0000']] }], 'body')).toEqual({
      path: 'body.1.deep.0.0',
      message: 'validation.unstorableText',
    });
  });

  it('checks only the depth when text is checked record by record elsewhere', () => {
    expect(findInputProblem({ records: [{ serial: 'x\u0000' }] }, 'body', false)).toBeNull();
    expect(findInputProblem({ records: [nested(MAX_INPUT_DEPTH)] }, 'body', false)).toMatchObject({
      message: 'validation.tooDeep',
    });
  });
});
