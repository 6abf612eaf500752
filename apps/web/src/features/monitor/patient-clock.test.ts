import { describe, expect, it } from 'vitest';
import { patientClock } from './patient-clock';

// The monitor shows times on the patient's clock and says so when it is not the viewer's.

const AT = Date.UTC(2026, 10, 26, 1, 30); // 01:30 UTC
const viewerUtc = () => 0;

describe('patientClock', () => {
  it("shows a time on the patient's clock and names both clocks when they differ", () => {
    const c = patientClock(480, 'en-GB', AT, viewerUtc);
    expect(c.time(AT)).toBe('09:30');
    expect(c.note).toEqual({ kind: 'patient', offset: 'UTC+08:00', viewer: 'UTC+00:00' });
    // uPlot's local fields of the shifted date read as the patient's wall clock.
    const d = c.tzDate!(AT);
    expect(d.getTime() - AT).toBe(480 * 60_000);
  });

  it('says nothing when the clocks agree', () => {
    const c = patientClock(0, 'en-GB', AT, viewerUtc);
    expect(c.time(AT)).toBe('01:30');
    expect(c.note).toBeNull();
  });

  it("falls back to the viewer's clock, and says so, without an offset", () => {
    const c = patientClock(null, 'en-GB', AT, viewerUtc);
    expect(c.note).toEqual({ kind: 'viewer', offset: 'UTC+00:00' });
    expect(c.tzDate).toBeUndefined();
  });
});
