import { describe, expect, it } from 'vitest';
import {
  bolusCodeInfo,
  eventTypeInfo,
  isBasalCode,
  PATCH_STATES,
  pumpStateCategory,
  SENSOR_STATES,
} from '@cgm/domain';
import { generateHistory } from './history';
import { randomProfile } from './random-profile';
import { PATTERN_NAMES, patternCode, PUMP_STATE } from './codes';

const FROM = Date.UTC(2025, 2, 3);
// An auto-mode and a manual patient over a month: every kind of row they write.
const records = [4, 3, 9].flatMap(
  (seed) => generateHistory(randomProfile(seed), { from: FROM, days: 30 }).records,
);

describe('codes written by the simulated devices', () => {
  it('maps every basal pattern to its code', () => {
    expect(PATTERN_NAMES).toHaveLength(8);
    expect(PATTERN_NAMES.map(patternCode)).toEqual([
      'BAS',
      'BAE',
      'BAH',
      'BASK',
      'BAPA',
      'BAPB',
      'BAPC',
      'BAPD',
    ]);
  });

  it('uses only basal, bolus and event codes of the domain tables', () => {
    for (const r of records) {
      if (r.type === 'basal') expect(isBasalCode(r.code), r.code).toBe(true);
      if (r.type === 'bolus') expect(bolusCodeInfo(r.code), r.code).toBeDefined();
      if (r.type === 'event') expect(eventTypeInfo(r.event_type), r.event_type).toBeDefined();
    }
  });

  it('uses sensor and patch states of the domain, and pump states inside the spec ranges', () => {
    for (const r of records) {
      if (r.type === 'sensor_status') expect(SENSOR_STATES as readonly string[]).toContain(r.status);
      if (r.type === 'pump_status') {
        expect(PATCH_STATES as readonly string[]).toContain(r.patch_state);
        expect(pumpStateCategory(r.state)).not.toBe('unknown');
        if (r.auto_mode) expect(r.basal_type).toBe(30);
      }
    }
    expect(pumpStateCategory(PUMP_STATE.stopped)).toBe('stopped');
    expect(Object.values(PUMP_STATE.suspended).every((s) => pumpStateCategory(s) === 'suspended')).toBe(true);
  });

  it('writes a wide range of what the portal shows', () => {
    const seen = new Set(
      records.map((r) => (r.type === 'basal' || r.type === 'bolus' ? `${r.type}:${r.code}` : r.type)),
    );
    for (const expected of [
      'sg',
      'calibration',
      'bg',
      'alarm',
      'sensor_status',
      'pump_status',
      'session',
      'event',
      'basal:BAS',
      'basal:BAAM',
      'basal:BAAMS',
      'basal:BAAME',
      'basal:NEW',
      'basal:ENDM',
      'basal:SUSPLSG',
      'basal:BART',
      'bolus:CAW',
      'bolus:CCW',
    ])
      expect(seen, expected).toContain(expected);
  });
});
