import { describe, expect, it } from 'vitest';
import { alertConditions, nextTimedCondition, type AlertInput } from './alert-rules';
import { alertStep, snoozeUntil, type FollowerAlertState } from './alert-delivery';
import {
  alertSettingsProblems,
  defaultAlertSettings,
  inQuietHours,
  type AlertSettings,
} from './alert-settings';
import { glucoseRateOfChange } from './glucose-rate';

// Follower alert rules (issue 16): each rule's edges, repeats, snooze, quiet hours.

const NOW = Date.UTC(2026, 10, 26, 12);
const MIN = 60_000;
const s = defaultAlertSettings('mg/dL');
const on: AlertSettings = { ...s, enabled: { ...s.enabled, risingFast: true, fallingFast: true } };

/** Readings every 5 minutes ending at `NOW - lastAge`, with `values` oldest first. */
const series = (values: number[], lastAge = 0) =>
  values.map((mgdl, i) => ({ time: NOW - lastAge - (values.length - 1 - i) * 5 * MIN, mgdl }));
const input = (over: Partial<AlertInput> = {}): AlertInput => {
  const readings = over.readings ?? series([120, 120, 120]);
  return {
    now: NOW,
    readings,
    lastReadingTime: Math.max(...readings.map((r) => r.time)),
    sensorExpiresAt: null,
    patchExpiresAt: null,
    pumpAlarms: [],
    ...over,
  };
};
const kinds = (i: AlertInput, settings: AlertSettings = on) =>
  alertConditions(i, settings).map((c) => c.kind);

describe('glucoseRateOfChange', () => {
  it.each([
    ['flat', [100, 100, 100], 0],
    ['rising 2 mg/dL/min', [100, 110, 120], 2],
    ['falling 3 mg/dL/min', [150, 135, 120], -3],
  ])('%s', (_, values, rate) => expect(glucoseRateOfChange(series(values))).toBeCloseTo(rate, 6));
  it('needs 3 readings over at least 5 minutes', () => {
    expect(glucoseRateOfChange(series([100, 110]))).toBeNull();
    expect(glucoseRateOfChange([0, 1, 2].map((i) => ({ time: NOW + i * MIN, mgdl: 100 + i })))).toBeNull();
  });
  it('leaves C/CX out and does not reach back across a break of the line', () => {
    const r = [...series([100, 110, 120]), { time: NOW - 2 * MIN, mgdl: 40, flag: 'CX' }];
    expect(glucoseRateOfChange(r)).toBeCloseTo(2, 6);
    const broken = [{ time: NOW - 30 * MIN, mgdl: 300 }, ...series([100, 100, 100])];
    expect(glucoseRateOfChange(broken)).toBeCloseTo(0, 6);
  });
});

describe('alertConditions: glucose levels', () => {
  it.each([
    [54.9, ['urgentLow']],
    [55, ['low']],
    [69.9, ['low']],
    [70, []],
    [250, []],
    [250.1, ['high']],
  ])('%s mg/dL → %j', (g, expected) =>
    expect(kinds(input({ readings: series([g, g, g]) }))).toEqual(expected),
  );

  it("uses the follower's thresholds", () => {
    const mine = { ...on, lowMgdl: 90, highMgdl: 160 };
    expect(kinds(input({ readings: series([85, 85, 85]) }), mine)).toEqual(['low']);
    expect(kinds(input({ readings: series([170, 170, 170]) }), mine)).toEqual(['high']);
  });

  it('never takes a C/CX reading for a low', () => {
    const r = [...series([120, 120, 120], 2 * MIN), { time: NOW, mgdl: 30, flag: 'CX' }];
    expect(kinds(input({ readings: r }))).toEqual([]);
  });

  it('judges levels on the newest reading only until the no-data delay', () => {
    expect(kinds(input({ readings: series([50, 50, 50], 20 * MIN) }))).toEqual(['urgentLow']);
    expect(kinds(input({ readings: series([50, 50, 50], 20 * MIN + 1) }))).toEqual(['noData']);
  });
});

describe('alertConditions: rate and prediction', () => {
  it.each([
    [[150, 160, 170], ['risingFast']],
    [[150, 159, 168], []],
    [[200, 190, 180], ['fallingFast']],
  ])('%j → %j', (values, expected) => expect(kinds(input({ readings: series(values) }))).toEqual(expected));

  it('predicts an urgent low within 20 minutes', () => {
    // 100 falling 2.5 mg/dL/min: 50 in 20 minutes.
    expect(kinds(input({ readings: series([125, 112.5, 100]) }))).toEqual([
      'fallingFast',
      'predictedUrgentLow',
    ]);
    // 100 falling 2 mg/dL/min: exactly 60, not below 55.
    expect(kinds(input({ readings: series([120, 110, 100]) }))).toEqual(['fallingFast']);
  });
});

describe('alertConditions: no data, expiry, pump alarms', () => {
  it('raises no data after the follower’s delay, one episode per outage', () => {
    const last = NOW - 20 * MIN;
    expect(kinds(input({ readings: [], lastReadingTime: last }))).toEqual([]);
    const c = alertConditions(input({ readings: [], lastReadingTime: last - 1 }), on);
    expect(c).toEqual([{ kind: 'noData', episode: `since:${last - 1}`, urgent: false, value: 20 }]);
    expect(kinds(input({ readings: [], lastReadingTime: null }))).toEqual([]);
  });

  it.each([
    [6 * 60 + 1, null],
    [6 * 60, '360'],
    [2 * 60, '120'],
    [30, '30'],
  ])('sensor expiring in %s min → threshold %s', (left, threshold) => {
    const at = NOW + left * MIN;
    const c = alertConditions(input({ sensorExpiresAt: at }), on).filter((x) => x.kind === 'sensorExpiry');
    expect(c.map((x) => x.episode)).toEqual(threshold ? [`${threshold}:${at}`] : []);
  });

  it('alerts the patch expiry at 1 h', () => {
    expect(kinds(input({ patchExpiresAt: NOW + 61 * MIN }))).toEqual([]);
    expect(kinds(input({ patchExpiresAt: NOW + 60 * MIN }))).toEqual(['patchExpiry']);
  });

  it('alerts the pump’s occlusion, empty reservoir and suspend alarms while open and recent', () => {
    const alarm = (code: string, over = {}) => ({
      id: code,
      time: NOW - MIN,
      code,
      clearedAt: null,
      ...over,
    });
    const c = alertConditions(
      input({
        pumpAlarms: [
          alarm('occlusion'),
          alarm('emptyReservoir'),
          alarm('lowSuspend'),
          alarm('lowReservoir'),
          alarm('x', { code: 'occlusion', clearedAt: NOW }),
          alarm('y', { code: 'occlusion', time: NOW - 61 * MIN }),
        ],
      }),
      on,
    );
    expect(c.map((x) => [x.kind, x.episode, x.urgent])).toEqual([
      ['pumpOcclusion', 'alarm:occlusion', true],
      ['pumpEmptyReservoir', 'alarm:emptyReservoir', true],
      ['pumpSuspend', 'alarm:lowSuspend', false],
    ]);
  });
});

describe('alertStep', () => {
  const urgentLow = { kind: 'urgentLow' as const, episode: 'current', urgent: true, value: 50 };
  const high = { kind: 'high' as const, episode: 'current', urgent: false, value: 300 };
  const sent = (at: number, over: Partial<FollowerAlertState> = {}): FollowerAlertState => ({
    raisedAt: at,
    lastSentAt: at,
    snoozedUntil: null,
    acknowledgedAt: null,
    ...over,
  });
  const noon = 12 * 60;

  it('raises a new episode once; urgent ones repeat every 5 minutes until acknowledged', () => {
    expect(alertStep(high, null, s, NOW, noon)).toEqual({ send: true, kind: 'raise' });
    expect(alertStep(high, sent(NOW - 60 * MIN), s, NOW, noon)).toEqual({ send: false, reason: 'sent' });
    expect(alertStep(urgentLow, sent(NOW - 5 * MIN + 1), s, NOW, noon)).toEqual({
      send: false,
      reason: 'sent',
    });
    expect(alertStep(urgentLow, sent(NOW - 5 * MIN), s, NOW, noon)).toEqual({ send: true, kind: 'repeat' });
    const acked = sent(NOW - 10 * MIN, { acknowledgedAt: NOW - 9 * MIN });
    expect(alertStep({ ...urgentLow, kind: 'pumpOcclusion' }, acked, s, NOW, noon)).toEqual({
      send: false,
      reason: 'acknowledged',
    });
  });

  it('re-alerts an acknowledged urgent low after 30 minutes if it still holds', () => {
    const acked = sent(NOW - 31 * MIN, { acknowledgedAt: NOW - 30 * MIN + 1 });
    expect(alertStep(urgentLow, acked, s, NOW, noon)).toEqual({ send: false, reason: 'acknowledged' });
    const older = sent(NOW - 31 * MIN, { acknowledgedAt: NOW - 30 * MIN });
    expect(alertStep(urgentLow, older, s, NOW, noon)).toEqual({ send: true, kind: 'raise' });
  });

  it('honours switches, except for urgent low', () => {
    const off = { ...s, enabled: { ...s.enabled, high: false } };
    expect(alertStep(high, null, off, NOW, noon)).toEqual({ send: false, reason: 'off' });
    expect(alertStep(urgentLow, null, off, NOW, noon).send).toBe(true);
  });

  it('holds alerts during quiet hours, not urgent low, and sends once they end', () => {
    const quiet = { ...s, quietHours: { start: 22 * 60, end: 7 * 60 } };
    expect(alertStep(high, null, quiet, NOW, 23 * 60)).toEqual({ send: false, reason: 'quietHours' });
    expect(alertStep(high, null, quiet, NOW, 6 * 60 + 59)).toEqual({ send: false, reason: 'quietHours' });
    expect(alertStep(high, null, quiet, NOW, 7 * 60)).toEqual({ send: true, kind: 'raise' });
    expect(alertStep(urgentLow, null, quiet, NOW, 23 * 60)).toEqual({ send: true, kind: 'raise' });
  });

  it('stays silent while snoozed and alerts again after the snooze if it still holds', () => {
    const snoozed = sent(NOW - 60 * MIN, { snoozedUntil: NOW + 1 });
    expect(alertStep(high, snoozed, s, NOW, noon)).toEqual({ send: false, reason: 'snoozed' });
    const over = sent(NOW - 60 * MIN, { snoozedUntil: NOW });
    expect(alertStep(high, over, s, NOW, noon)).toEqual({ send: true, kind: 'raise' });
    const resent = sent(NOW, { snoozedUntil: NOW - MIN });
    expect(alertStep(high, resent, s, NOW + MIN, noon)).toEqual({ send: false, reason: 'sent' });
  });

  it('never snoozes urgent low for more than 30 minutes', () => {
    expect(snoozeUntil({ kind: 'urgentLow' }, NOW, 120)).toBe(NOW + 30 * MIN);
    expect(snoozeUntil({ kind: 'urgentLow' }, NOW, 10)).toBe(NOW + 10 * MIN);
    expect(snoozeUntil({ kind: 'high' }, NOW, 120)).toBe(NOW + 120 * MIN);
  });
});

describe('alert settings', () => {
  it('accepts the defaults: low 70, high 250, no data after 20 minutes, urgent low not switchable', () => {
    expect(alertSettingsProblems(s)).toEqual([]);
    expect(s).toMatchObject({ lowMgdl: 70, highMgdl: 250, noDataMinutes: 20 });
    expect('urgentLow' in s.enabled).toBe(false);
  });
  it.each([
    [{ lowMgdl: 59 }, 'alerts.problem.low'],
    [{ lowMgdl: 101 }, 'alerts.problem.low'],
    [{ highMgdl: 401 }, 'alerts.problem.high'],
    [{ lowMgdl: 100, highMgdl: 120 }, null],
    [{ noDataMinutes: 9 }, 'alerts.problem.noData'],
    [{ noDataMinutes: 20.5 }, 'alerts.problem.noData'],
    [{ riseRate: 0.5 }, 'alerts.problem.rate'],
    [{ quietHours: { start: 60, end: 60 } }, 'alerts.problem.quietHours'],
    [{ quietHours: { start: 1440, end: 60 } }, 'alerts.problem.quietHours'],
  ])('%j → %s', (over, problem) => {
    expect(alertSettingsProblems({ ...s, ...over })).toEqual(problem ? [problem] : []);
  });
  it('reads quiet hours across midnight, start inclusive, end exclusive', () => {
    const q = { start: 22 * 60, end: 7 * 60 };
    expect([21 * 60 + 59, 22 * 60, 0, 7 * 60 - 1, 7 * 60].map((m) => inQuietHours(q, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('nextTimedCondition (when the timer must look again at a patient with no open alert)', () => {
  const eager = { ...s, noDataMinutes: 10 };
  it.each([
    ['no reading ever, no devices', input({ readings: [], lastReadingTime: null }), [s], null],
    [
      'the no-data threshold of the most eager follower, 1 ms after it',
      input(),
      [s, eager],
      NOW + 10 * MIN + 1,
    ],
    ['no followers: no no-data threshold', input(), [], null],
    [
      'the next sensor expiry threshold ahead (6 h, 2 h, 30 min before its end)',
      input({ readings: [], lastReadingTime: null, sensorExpiresAt: NOW + 3 * 60 * MIN }),
      [s],
      NOW + 60 * MIN,
    ],
    [
      'the patch threshold (1 h before) when it comes first',
      input({ lastReadingTime: NOW, patchExpiresAt: NOW + 70 * MIN }),
      [s],
      NOW + 10 * MIN,
    ],
    [
      'a reading stamped ahead of now',
      input({ readings: [{ time: NOW + 2 * MIN, mgdl: 50 }] }),
      [s],
      NOW + 2 * MIN,
    ],
  ] as const)('%s', (_, i, settings, expected) => {
    expect(nextTimedCondition(i, settings)).toBe(expected);
  });

  it('is never later than the moment a no-data or expiry condition starts', () => {
    const i = input({ sensorExpiresAt: NOW + 7 * 60 * MIN });
    const next = nextTimedCondition(i, [s])!;
    expect(alertConditions({ ...i, now: next - 1 }, s).map((c) => c.kind)).not.toContain('noData');
    expect(alertConditions({ ...i, now: next }, s).map((c) => c.kind)).toContain('noData');
    const late = { ...i, lastReadingTime: NOW + 6 * 60 * MIN, readings: [] };
    const expiry = nextTimedCondition(late, [s])!;
    expect(expiry).toBe(NOW + 60 * MIN);
    expect(alertConditions({ ...late, now: expiry - 1 }, s).map((c) => c.kind)).not.toContain('sensorExpiry');
    expect(alertConditions({ ...late, now: expiry }, s).map((c) => c.kind)).toContain('sensorExpiry');
  });
});
