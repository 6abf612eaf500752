import { describe, expect, it } from 'vitest';
import { baseRange, writeBaseRange } from './compare-params';

const later = { from: '2026-11-13', to: '2026-11-26' };

describe('the earlier period of a comparison', () => {
  it('defaults to the same length just before the later period', () => {
    expect(baseRange(new URLSearchParams(), later, 90)).toEqual({
      from: '2026-10-30',
      to: '2026-11-12',
      problem: null,
      chosen: false,
    });
    expect(baseRange(new URLSearchParams(), { from: '2026-03-01', to: '2026-03-07' }, 90)).toMatchObject({
      from: '2026-02-22',
      to: '2026-02-28',
    });
  });

  it('takes the address when both dates are valid, with the problem of a bad range', () => {
    const sp = (q: string) => new URLSearchParams(q);
    expect(baseRange(sp('base_from=2026-01-01&base_to=2026-01-14'), later, 90)).toEqual({
      from: '2026-01-01',
      to: '2026-01-14',
      problem: null,
      chosen: true,
    });
    expect(baseRange(sp('base_from=2025-01-01&base_to=2026-01-14'), later, 90).problem).toBe(
      'messages.moreThan90Days',
    );
    expect(baseRange(sp('base_from=2026-01-14&base_to=2026-01-01'), later, 90).problem).toBe(
      'messages.endBeforeStart',
    );
    // One date missing or malformed: the default.
    expect(baseRange(sp('base_from=2026-01-01&base_to=x'), later, 90).chosen).toBe(false);
  });

  it('writes and clears the address, keeping the rest', () => {
    const sp = new URLSearchParams('uid=p1&from=2026-11-13');
    const set = writeBaseRange(sp, { from: '2026-01-01', to: '2026-01-14' });
    expect(set.toString()).toBe('uid=p1&from=2026-11-13&base_from=2026-01-01&base_to=2026-01-14');
    expect(writeBaseRange(set, null).toString()).toBe('uid=p1&from=2026-11-13');
  });
});
