import { describe, expect, it } from 'vitest';
import type { PumpStatus, SensorStatus } from '@cgm/contract';
import { CONNECTION_STATUSES } from '@cgm/domain';
import {
  canAskAgain,
  canWithdraw,
  cardGlucose,
  cardPump,
  displayName,
  messageOutcome,
  monitorLink,
  STATUS_KEYS,
  unreadCount,
} from './connection-view';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const sensor = (over: Partial<SensorStatus> = {}): SensorStatus => ({
  status: 'monitoring',
  serial: 'TX',
  deviceType: null,
  updateTime: NOW - 60_000,
  glucose: 126,
  glucoseTime: NOW - 60_000,
  glucoseRate: 4,
  quality: null,
  displayCode: null,
  batteryPercent: null,
  sensorLifetimeTotalCount: null,
  sequence: null,
  sessionStart: null,
  expiresAt: null,
  lastCalibration: null,
  stale: false,
  ...over,
});
// The pump status's delivery fields, none sent (spec §3).
const NO_DELIVERY_FIELDS = {
  basalDeliveried: null, basalDeliveriedTime: null, bolusType: null, bolusSet: null,
  bolusDeliveried: null, extendBolusSet: null, extendBolusDeliveried: null, extendBolusDuration: null,
  wizardType: null, wizardGlucose: null, wizardCorrSet: null, wizardCarb: null, wizardCarbSet: null,
  wizardIob: null, adjustmentType: null, remainingDose: null, remainingTime: null,
}; // prettier-ignore
const pump = (over: Partial<PumpStatus> = {}): PumpStatus => ({
  state: 32,
  ...NO_DELIVERY_FIELDS,
  serial: 'PB',
  pdmSerial: null,
  basalType: 1,
  basalRate: 0.8,
  AutoModeEnabledNew: false,
  iob: null,
  reservoir: null,
  batteryPercent: null,
  patchState: null,
  mode: null,
  suspendTime: null,
  lastBolus: null,
  tempBasal: null,
  updateTime: NOW - 60_000,
  patchStart: null,
  expiresAt: null,
  stale: false,
  ...over,
});

describe('messageOutcome (spec §3 Message)', () => {
  it.each([
    ['RELATION_AUTH_PERMIT', 'accepted'],
    ['RELATION_AUTH_CANCEL', 'removed'],
    ['RELATION_AUTH_INVITATION_CANCEL', 'invitationCancelled'],
    ['RELATION_AUTH_REJECT', 'rejected'],
    ['SOMETHING_ELSE', 'rejected'],
    ['', 'rejected'],
  ])('%s → %s', (type, outcome) => expect(messageOutcome(type)).toBe(outcome));
});

describe('status keys', () => {
  it('has a key for every status of spec §3', () => {
    for (const s of CONNECTION_STATUSES) expect(STATUS_KEYS[s]).toMatch(/^connections\.status\./);
  });

  it.each([
    ['request sent', true, false],
    ['invited', true, false],
    ['accepted', false, false],
    ['rejected', false, true],
    ['cancelled', false, true],
    ['removed', false, true],
  ] as const)('%s: withdraw %s, ask again %s', (status, withdraw, again) => {
    expect(canWithdraw({ status })).toBe(withdraw);
    expect(canAskAgain(status)).toBe(again);
  });

  it('may ask when there is no relation yet', () => expect(canAskAgain(null)).toBe(true));
});

describe('displayName and counts', () => {
  it('prefers the alias, then the real name, then the user name', () => {
    expect(displayName({ alias: 'Pat', real_name: 'Pat Doe', username: 'p@x' })).toBe('Pat');
    expect(displayName({ alias: ' ', realname: 'Pat Doe', username: 'p@x' })).toBe('Pat Doe');
    expect(displayName({ alias: null, realname: null, username: 'p@x' })).toBe('p@x');
  });

  it('counts unread messages', () =>
    expect(unreadCount([{ read: true }, { read: false }, { read: false }])).toBe(2));

  it('links to the live monitor of the patient', () => expect(monitorLink('a b')).toBe('/monitor?uid=a%20b'));
});

describe('cardGlucose (spec §4 staleness, §5 display, §9 unit)', () => {
  it('shows the value in the patient’s unit with its trend and age', () => {
    const mmol = cardGlucose(sensor(), 'mmol/L', NOW);
    expect(mmol).toMatchObject({ kind: 'value', value: 7, decimals: 1, unit: 'mmol/L', ageMs: 60_000 });
    expect(mmol.trend?.arrow).toBeTruthy();
    expect(cardGlucose(sensor(), 'mg/dL', NOW)).toMatchObject({
      kind: 'value',
      value: 126,
      decimals: 0,
      unit: 'mg/dL',
    });
  });

  it('is "--" once older than 3600 s', () => {
    expect(cardGlucose(sensor({ glucoseTime: NOW - 3600_001 }), 'mg/dL', NOW)).toMatchObject({
      kind: 'stale',
      value: null,
    });
    expect(cardGlucose(sensor({ glucoseTime: NOW - 3599_000 }), 'mg/dL', NOW).kind).toBe('value');
  });

  it('has nothing without a sensor or a reading', () => {
    expect(cardGlucose(null, 'mg/dL', NOW)).toMatchObject({ kind: 'none', ageMs: null });
    expect(cardGlucose(sensor({ glucose: null }), 'mg/dL', NOW).kind).toBe('none');
  });

  it('shows High and Low beyond the display range, and no trend when flat or unknown', () => {
    expect(cardGlucose(sensor({ glucose: 450 }), 'mg/dL', NOW).kind).toBe('high');
    expect(cardGlucose(sensor({ glucose: 30 }), 'mg/dL', NOW).kind).toBe('low');
    expect(cardGlucose(sensor({ glucoseRate: 0 }), 'mg/dL', NOW).trend).toBeNull();
  });

  it('marks a calibration state as the monitor does: at the floor, with its note, without an arrow', () => {
    const cx = cardGlucose(sensor({ glucose: 35, quality: 'CX', glucoseRate: 7 }), 'mmol/L', NOW);
    expect(cx).toMatchObject({ kind: 'value', value: 2.2, flagKey: 'sgFlag.cx', trend: null });
    expect(cardGlucose(sensor({ quality: 'NC' }), 'mg/dL', NOW)).toMatchObject({ flagKey: 'sgFlag.nc' });
    expect(cardGlucose(sensor(), 'mg/dL', NOW).flagKey).toBeNull();
  });

  it('greys a reading over 10 minutes old and drops its arrow, as the monitor does', () => {
    const old = cardGlucose(sensor({ glucoseTime: NOW - 11 * 60_000 }), 'mg/dL', NOW);
    expect(old).toMatchObject({ kind: 'value', value: 126, old: true, trend: null });
    const fresh = cardGlucose(sensor({ glucoseTime: NOW - 9 * 60_000 }), 'mg/dL', NOW);
    expect(fresh.old).toBe(false);
    expect(fresh.trend).not.toBeNull();
  });
});

describe('cardPump', () => {
  it('gives the state label, auto mode, and nothing when stale or absent', () => {
    expect(cardPump(pump(), NOW)).toEqual({ stateKey: 'pumpState.delivering', autoMode: false });
    expect(cardPump(pump({ basalType: 30 }), NOW)).toEqual({
      stateKey: 'pumpState.autoMode',
      autoMode: true,
    });
    expect(cardPump(pump({ state: 64 }), NOW).stateKey).toBe('pumpState.suspended');
    expect(cardPump(pump({ updateTime: NOW - 3600_001 }), NOW).stateKey).toBeNull();
    expect(cardPump(null, NOW).stateKey).toBeNull();
  });
});
