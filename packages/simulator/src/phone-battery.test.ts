import { describe, expect, it } from 'vitest';
import { phoneBattery } from './pump-status';

const H = 3_600_000;
const DAY0 = Date.UTC(2026, 0, 5);

describe('phoneBattery', () => {
  it('is full at 07:00, drains through the day to 28 % at 23:00, and charges overnight', () => {
    expect(phoneBattery(DAY0 + 7 * H)).toBe(100);
    expect(phoneBattery(DAY0 + 15 * H)).toBe(64);
    expect(phoneBattery(DAY0 + 23 * H)).toBe(28);
    expect(phoneBattery(DAY0 + 27 * H)).toBe(64);
    for (let h = 7; h < 22; h++)
      expect(phoneBattery(DAY0 + (h + 1) * H)).toBeLessThan(phoneBattery(DAY0 + h * H));
  });

  it('stays a whole percent between 0 and 100 at any minute', () => {
    for (let m = 0; m < 48 * 60; m += 7) {
      const b = phoneBattery(DAY0 + m * 60_000);
      expect(Number.isInteger(b) && b >= 0 && b <= 100).toBe(true);
    }
  });
});
