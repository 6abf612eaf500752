import { describe, expect, it } from 'vitest';
import { clockNote, rangeClock, rangeOffsets } from './patient-clock';

const H = 3_600_000;

describe('the patient clock of a report range', () => {
  it('reads the offset from local midnight of the first and after the last date', () => {
    // Local midnight at UTC+08:00 is 16:00 UTC the day before.
    const env = {
      from: '2026-03-01',
      to: '2026-03-14',
      from_ms: Date.UTC(2026, 2, 1) - 8 * H,
      to_ms: Date.UTC(2026, 2, 15) - 8 * H,
    };
    expect(rangeOffsets(env)).toEqual([480]);
  });

  it('gives two offsets across a daylight-saving change', () => {
    const env = {
      from: '2026-03-25',
      to: '2026-04-02',
      from_ms: Date.UTC(2026, 2, 25) - 1 * H,
      to_ms: Date.UTC(2026, 3, 3) - 2 * H,
    };
    expect(rangeOffsets(env)).toEqual([60, 120]);
    expect(rangeClock(env).map((c) => c.offsetMin)).toEqual([60, 120]);
  });
});

describe('clockNote', () => {
  const utc = () => 0;
  const berlinWinter = () => 60;

  it('says nothing when the patient is on the viewer clock', () => {
    expect(clockNote([{ offsetMin: 60, atMs: 0 }], 0, berlinWinter)).toBeNull();
  });

  it("names the patient's time and the viewer's when they differ", () => {
    expect(clockNote([{ offsetMin: 480, atMs: 0 }], 0, utc)).toEqual({
      kind: 'patient',
      offset: 'UTC+08:00',
      viewer: 'UTC+00:00',
    });
    expect(clockNote([{ offsetMin: -330, atMs: 0 }], 0, berlinWinter)).toMatchObject({
      offset: 'UTC−05:30',
      viewer: 'UTC+01:00',
    });
  });

  it("says the times are the viewer's when the patient's offset is not known", () => {
    expect(clockNote(null, 0, berlinWinter)).toEqual({ kind: 'viewer', offset: 'UTC+01:00' });
  });
});
