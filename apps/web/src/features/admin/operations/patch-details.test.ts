import { describe, expect, it } from 'vitest';
import { detailsText } from './patch-details';

describe('detailsText', () => {
  it('writes each detail as "key: value"', () => {
    expect(detailsText({ step: 'occlusion check' })).toBe('step: occlusion check');
    expect(detailsText({ step: 'prime', pressure: 31, retried: false })).toBe(
      'step: prime · pressure: 31 · retried: false',
    );
  });

  it('writes nested values compactly and empty values as --', () => {
    expect(detailsText({ sensor: { a: 1 }, note: null })).toBe('sensor: {"a":1} · note: --');
  });

  it('is empty without details', () => {
    expect(detailsText(null)).toBe('');
    expect(detailsText({})).toBe('');
  });
});
