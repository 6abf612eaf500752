import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATCH_STATES, SENSOR_STATES } from '@cgm/domain';
import type { PumpStatus, SensorStatus } from '@cgm/contract';
import { pumpView, sensorView } from './status-view';

// Every sensor, patch and pump state of spec §4 is shown as a translated label on the monitor.
const en = JSON.parse(readFileSync(new URL('../../i18n/locales/en.json', import.meta.url), 'utf8')) as object;
const text = (key: string): unknown =>
  key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], en);
const NOW = Date.UTC(2026, 10, 21, 12);

const sensor = (status: string): SensorStatus => ({
  status,
  serial: 'TX',
  deviceType: null,
  updateTime: NOW,
  glucose: 120,
  glucoseTime: NOW,
  glucoseRate: 4,
  quality: null,
  displayCode: null,
  batteryPercent: 80,
  sensorLifetimeTotalCount: null,
  sequence: null,
  sessionStart: null,
  expiresAt: null,
  lastCalibration: null,
  stale: false,
});
// The pump status's delivery fields, none sent (spec §3).
const NO_DELIVERY_FIELDS = {
  basalDeliveried: null, basalDeliveriedTime: null, bolusType: null, bolusSet: null,
  bolusDeliveried: null, extendBolusSet: null, extendBolusDeliveried: null, extendBolusDuration: null,
  wizardType: null, wizardGlucose: null, wizardCorrSet: null, wizardCarb: null, wizardCarbSet: null,
  wizardIob: null, adjustmentType: null, remainingDose: null, remainingTime: null,
}; // prettier-ignore
const pump = (state: number, patchState: string | null = null): PumpStatus => ({
  state,
  ...NO_DELIVERY_FIELDS,
  serial: 'PB',
  pdmSerial: null,
  basalType: 1,
  basalRate: 0.8,
  AutoModeEnabledNew: false,
  iob: 0,
  reservoir: 100,
  batteryPercent: 80,
  patchState,
  mode: null,
  suspendTime: null,
  lastBolus: null,
  tempBasal: null,
  updateTime: NOW,
  patchStart: null,
  expiresAt: null,
  stale: false,
});

describe('every device state is shown with a translated label (spec §4)', () => {
  it.each([...SENSOR_STATES])('sensor state %s', (state) => {
    const key = sensorView(sensor(state), NOW).stateKey;
    expect(key).not.toBeNull();
    expect(typeof text(key!)).toBe('string');
  });

  it.each([...PATCH_STATES])('patch state %s', (state) => {
    const key = pumpView(pump(34, state), NOW).patchStateKey;
    expect(key).not.toBeNull();
    expect(typeof text(key!)).toBe('string');
  });

  it('pump state numbers 0–255 each show a translated state (idle, delivering, suspended, further, stopped)', () => {
    const categories = new Set<string>();
    for (let state = 0; state <= 255; state++) {
      const v = pumpView(pump(state), NOW);
      categories.add(v.category ?? 'none');
      expect(typeof text(v.stateKey ?? 'missing'), `state ${state}`).toBe('string');
    }
    expect([...categories]).toEqual(expect.arrayContaining(['idle', 'delivering', 'suspended', 'stopped']));
  });
});
