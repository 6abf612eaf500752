import { describe, expect, it } from 'vitest';
import { coverageOfCount } from './day-coverage';
import { validDays } from './days';

describe('coverage from a reading count (CLINICAL.md "valid day", spec §9)', () => {
  it('706 two-minute readings are valid (84720 s > 84600 s), 705 are not (84600 s)', () => {
    expect(coverageOfCount('2024-05-01', 706)).toEqual({
      day: '2024-05-01',
      count: 706,
      seconds: 84720,
      valid: true,
    });
    expect(coverageOfCount('2024-05-01', 705).valid).toBe(false);
  });

  it('caps at 86400 s and agrees with validDays on the same readings', () => {
    expect(coverageOfCount('2024-05-01', 800).seconds).toBe(86400);
    const t0 = Date.UTC(2024, 4, 1);
    const readings = Array.from({ length: 710 }, (_, i) => ({ time: t0 + i * 120_000, mgdl: 100 }));
    expect(coverageOfCount('2024-05-01', 710)).toEqual(validDays(readings)[0]);
  });
});
