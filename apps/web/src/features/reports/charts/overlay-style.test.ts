import { describe, expect, it } from 'vitest';
import { overlayClipped, overlayStyle } from './overlay-style';

describe('overlay days told apart', () => {
  it('gives 14 days 14 different colour and line-style pairs, no colour twice with one style', () => {
    const styles = Array.from({ length: 14 }, (_, i) => overlayStyle(i));
    expect(new Set(styles.map((s) => `${s.colour}|${s.dash}`)).size).toBe(14);
    // Issue 17: 12 and 23 November (days 0 and 11 of a fortnight) were the same blue.
    expect(`${styles[0]!.colour}|${styles[0]!.dash}`).not.toBe(`${styles[11]!.colour}|${styles[11]!.dash}`);
    expect(styles.slice(0, 7).every((s) => s.dash === null)).toBe(true);
    expect(styles.slice(7).every((s) => s.dash !== null)).toBe(true);
  });
  it('marks readings drawn at the edge of the display range', () => {
    const day = { minute: [0, 5, 10, 15], mgdl: [120, 430, 39, 401] };
    expect(overlayClipped(day, 'mmol/L')).toEqual([
      { x: 5, y: 22.2, side: 'above' },
      { x: 10, y: 2.2, side: 'below' },
      { x: 15, y: 22.2, side: 'above' },
    ]);
    expect(overlayClipped({ minute: [0], mgdl: [400] }, 'mg/dL')).toEqual([]);
  });
});
