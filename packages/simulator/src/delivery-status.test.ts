import { describe, expect, it } from 'vitest';
import type { PumpStatusRecord } from '@cgm/contract';
import { generateHistory } from './history';
import { randomProfile } from './random-profile';

// The pump status carries the spec §3 delivery fields: basal today, the latest bolus, the wizard's
// inputs and what remains of a bolus while its extended part runs.
const FROM = Date.UTC(2025, 2, 3, 7, 0, 0);
const statuses = [3, 4, 8].flatMap((seed) =>
  generateHistory(randomProfile(seed), { from: FROM, days: 7 }).records.filter(
    (r): r is PumpStatusRecord => r.type === 'pump_status',
  ),
);

describe('pump status delivery fields', () => {
  it('reports an extended bolus in progress with its remaining dose and minutes', () => {
    const running = statuses.filter((s) => (s.remaining_time ?? 0) > 0);
    expect(running.length).toBeGreaterThan(0);
    for (const s of running) {
      expect(s.extended_bolus_set).toBeGreaterThan(0);
      expect(s.remaining_dose! + s.extended_bolus_delivered!).toBeCloseTo(s.extended_bolus_set!, 1);
      expect(s.remaining_time).toBeLessThanOrEqual(s.extended_bolus_duration!);
    }
  });

  it('reports the bolus wizard inputs of a wizard bolus', () => {
    const wizard = statuses.filter((s) => s.wizard_type !== null && s.wizard_type !== undefined);
    expect(wizard.length).toBeGreaterThan(0);
    for (const s of wizard) {
      expect(['CRW', 'CAW', 'CCW']).toContain(s.wizard_type);
      expect(s.bolus_type).toBe(s.wizard_type);
      expect(s.wizard_carb).not.toBeUndefined();
      expect(typeof s.wizard_iob).toBe('number');
    }
  });

  it('counts the basal delivered in the local day', () => {
    const withBasal = statuses.filter((s) => (s.basal_delivered ?? 0) > 0);
    expect(withBasal.length).toBeGreaterThan(statuses.length / 2);
    for (const s of withBasal) expect(s.basal_delivered_time).toBeLessThanOrEqual(s.time);
  });
});
