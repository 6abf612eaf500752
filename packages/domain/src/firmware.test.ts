import { describe, expect, it } from 'vitest';
import {
  canMoveFirmware,
  FIRMWARE_STATES,
  isDeviceSerial,
  isFirmwareFinal,
  isSemanticVersion,
  nextFirmwareStates,
  type FirmwareState,
} from './firmware';

describe('firmware rollout states', () => {
  const allowed: Array<[FirmwareState, FirmwareState]> = [
    ['draft', 'rolling_out'],
    ['draft', 'withdrawn'],
    ['rolling_out', 'paused'],
    ['rolling_out', 'completed'],
    ['rolling_out', 'withdrawn'],
    ['paused', 'rolling_out'],
    ['paused', 'completed'],
    ['paused', 'withdrawn'],
  ];

  it('allows exactly draft → rolling_out ⇄ paused → completed, and any but completed → withdrawn', () => {
    for (const from of FIRMWARE_STATES) {
      for (const to of FIRMWARE_STATES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect([from, to, canMoveFirmware(from, to)]).toEqual([from, to, expected]);
      }
    }
  });

  it('never moves a release back to draft, nor out of completed or withdrawn', () => {
    for (const s of FIRMWARE_STATES) expect(nextFirmwareStates(s)).not.toContain('draft');
    expect(nextFirmwareStates('completed')).toEqual([]);
    expect(nextFirmwareStates('withdrawn')).toEqual([]);
    expect(FIRMWARE_STATES.filter(isFirmwareFinal)).toEqual(['completed', 'withdrawn']);
  });

  it('does not allow staying in the same state', () => {
    for (const s of FIRMWARE_STATES) expect(canMoveFirmware(s, s)).toBe(false);
  });
});

describe('semantic versions (semver.org 2.0.0)', () => {
  it.each([
    '0.0.1',
    '1.2.3',
    '10.20.30',
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-0.3.7',
    '1.0.0+20130313144700',
    '1.0.0-beta+exp.sha.5114f85',
  ])('accepts %s', (v) => expect(isSemanticVersion(v)).toBe(true));
  it.each([
    '1',
    '1.2',
    '1.2.3.4',
    '01.2.3',
    '1.02.3',
    'v1.2.3',
    '1.2.3-',
    '1.2.3-01',
    '1.2.3+',
    ' 1.2.3',
    '',
  ])('refuses %j', (v) => expect(isSemanticVersion(v)).toBe(false));
});

describe('device serials', () => {
  it('accepts letters, digits and dashes', () => {
    expect(isDeviceSerial('PB-12345')).toBe(true);
    expect(isDeviceSerial('-AB')).toBe(false);
    expect(isDeviceSerial('A B C')).toBe(false);
    expect(isDeviceSerial('AB')).toBe(false);
  });
});
