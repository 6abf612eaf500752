import { describe, expect, it } from 'vitest';
import type { ActiveAlert } from '@cgm/contract';
import {
  bannerAlerts,
  clockToMinutes,
  minutesToClock,
  shouldSound,
  thresholdInUnit,
  thresholdToMgdl,
} from './alert-view';

const alert = (over: Partial<ActiveAlert>): ActiveAlert => ({
  episodeId: 'e1',
  patient: { uid: 'p', name: 'Pat' },
  kind: 'high',
  urgent: false,
  value: 300,
  startedAt: 1000,
  lastSentAt: 1000,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ...over,
});

describe('bannerAlerts', () => {
  it('puts urgent alerts first and acknowledged ones apart', () => {
    const high = alert({ episodeId: 'h', startedAt: 1 });
    const low = alert({ episodeId: 'u', kind: 'urgentLow', urgent: true, startedAt: 5 });
    const acked = alert({ episodeId: 'a', acknowledgedAt: 2000, acknowledgedBy: 'Sam' });
    expect(bannerAlerts([high, acked, low])).toEqual({ loud: [low, high], acknowledged: [acked] });
  });
  it('shows an urgent low sent again after its acknowledgement as loud', () => {
    const again = alert({ kind: 'urgentLow', urgent: true, acknowledgedAt: 2000, lastSentAt: 4000 });
    expect(bannerAlerts([again]).loud).toEqual([again]);
  });
});

describe('shouldSound', () => {
  it('sounds for a new alert and for a repeat, not again for one heard', () => {
    const a = alert({ lastSentAt: 1000 });
    expect(shouldSound([a], new Map())).toBe(true);
    expect(shouldSound([a], new Map([['e1', 1000]]))).toBe(false);
    expect(shouldSound([{ ...a, lastSentAt: 301_000 }], new Map([['e1', 1000]]))).toBe(true);
  });
});

describe('thresholds in the follower’s unit', () => {
  it.each([
    [70, 'mmol/L', 3.9],
    [250, 'mmol/L', 13.9],
    [70, 'mg/dL', 70],
  ] as const)('%s mg/dL → %s %s', (mgdl, unit, shown) => expect(thresholdInUnit(mgdl, unit)).toBe(shown));
  it('goes back to whole mg/dL', () => {
    expect(thresholdToMgdl(3.9, 'mmol/L')).toBe(70);
    expect(thresholdToMgdl(13.9, 'mmol/L')).toBe(250);
  });
});

describe('quiet hours clock', () => {
  it('reads and writes HH:MM', () => {
    expect(minutesToClock(22 * 60 + 5)).toBe('22:05');
    expect(clockToMinutes('07:30')).toBe(450);
    expect(clockToMinutes('24:00')).toBeNull();
    expect(clockToMinutes('7:30')).toBeNull();
  });
});
