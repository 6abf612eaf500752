import { describe, expect, it } from 'vitest';
import type { PumpStatus } from '@cgm/contract';
import { pumpDeliveryView } from './pump-delivery-view';

const NOW = 1_800_000_000_000;
const MIN = 60_000;

function pump(over: Partial<PumpStatus> = {}): PumpStatus {
  return {
    state: 40, serial: 'PB1', pdmSerial: null, basalType: 1, basalRate: 0.8, AutoModeEnabledNew: false,
    iob: 1.2, reservoir: 100, batteryPercent: 50, patchState: null, mode: 'standard', suspendTime: null,
    basalDeliveried: 7.349, basalDeliveriedTime: NOW - 2 * MIN, bolusType: 'CCW', bolusSet: 2,
    bolusDeliveried: 2, extendBolusSet: 3, extendBolusDeliveried: 1.25, extendBolusDuration: 120,
    wizardType: 'CCW', wizardGlucose: 182, wizardCorrSet: -0.3, wizardCarb: 60, wizardCarbSet: 5.3,
    wizardIob: 1.2, adjustmentType: 0, remainingDose: 1.75, remainingTime: 70,
    lastBolus: null, tempBasal: null, updateTime: NOW - MIN, patchStart: null, expiresAt: null, stale: false,
    ...over,
  };
} // prettier-ignore

describe('pumpDeliveryView', () => {
  it('shows a bolus in progress with both parts, the dose and minutes left, and the wizard inputs', () => {
    expect(pumpDeliveryView(pump(), NOW)).toEqual({
      basalToday: 7.35,
      bolus: { codeKey: 'bolus.CCW', set: 5, delivered: 3.25, remainingDose: 1.75, remainingMinutes: 70 },
      wizard: {
        codeKey: 'bolus.CCW',
        glucoseMgdl: 182,
        carbs: 60,
        carbBolus: 5.3,
        correction: -0.3,
        iob: 1.2,
      },
    });
  });

  it('shows no bolus in progress once nothing remains', () => {
    expect(pumpDeliveryView(pump({ remainingDose: 0, remainingTime: 0 }), NOW).bolus).toBeNull();
  });

  it('shows nothing of a stale status (older than 3600 s): an old bolus is not in progress now', () => {
    expect(pumpDeliveryView(pump({ updateTime: NOW - 61 * MIN }), NOW)).toEqual({
      basalToday: null,
      bolus: null,
      wizard: null,
    });
  });

  it('shows no wizard for a bolus given without it', () => {
    expect(pumpDeliveryView(pump({ wizardType: null, bolusType: 'NB' }), NOW).wizard).toBeNull();
  });
});
