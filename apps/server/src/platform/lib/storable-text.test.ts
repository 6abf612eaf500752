import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maybeUnstorable, unstorableText } from './storable-text';

describe('unstorableText', () => {
  it('names a NUL and a lone surrogate, and clears clean text and emoji', () => {
    expect(unstorableText('a\u0000b')).toBe('nul');
    expect(unstorableText('a\uD83D')).toBe('lone surrogate');
    expect(unstorableText('\uDE00a')).toBe('lone surrogate');
    expect(unstorableText('Glucose 😀 ok')).toBeNull();
    expect(unstorableText('')).toBeNull();
  });

  it('agrees with encoding: a string is storable exactly when it survives UTF-8 and has no NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const storable = !s.includes('\u0000') && Buffer.from(s, 'utf8').toString('utf8') === s;
        expect(unstorableText(s) === null).toBe(storable);
        if (!storable) expect(maybeUnstorable(s)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });
});
