import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '@cgm/contract';
import { generateHistory } from './history';
import { randomProfile } from './random-profile';

const MIN = 60_000;
const DAY = 86_400_000;
// The demo's live patient (seed 7) on a first start of 24 November 2026: its sensor lost the
// signal from 18:21 for almost two hours of that day (found by simulating the days before it).
const FROM = Date.UTC(2026, 7, 26);
const DAYS = 91;

/** How long each "signal lost" state lasted until the next sensor state or reading. */
function lostSpells(records: readonly DeviceRecord[]): number[] {
  const sensor = records.filter((r) => r.type === 'sg' || r.type === 'sensor_status');
  const spells: number[] = [];
  sensor.forEach((r, i) => {
    if (r.type !== 'sensor_status' || r.status !== 'lost') return;
    const next = sensor.slice(i + 1).find((n) => n.type === 'sg' || n.status !== 'lost');
    spells.push((next?.time ?? Infinity) - r.time);
  });
  return spells;
}

describe('signal-loss gaps of a patient watched live', () => {
  const uncapped = generateHistory(randomProfile(7), { from: FROM, days: DAYS }).records;
  const capped = generateHistory(randomProfile(7), { from: FROM, days: DAYS, maxSignalLossMin: 20 }).records;

  it('without a limit, the sensor shows "signal lost" for over an hour', () => {
    expect(Math.max(...lostSpells(uncapped))).toBeGreaterThan(60 * MIN);
  });

  it('with a limit of 20 minutes, "signal lost" still happens but ends at the next reading', () => {
    const spells = lostSpells(capped);
    expect(spells.length).toBeGreaterThan(0);
    // Shown 10 minutes into a gap; the gap ends by 20 minutes, and a reading comes every 2.
    expect(Math.max(...spells)).toBeLessThanOrEqual(12 * MIN);
    expect(capped.some((r) => r.type === 'alarm' && r.code === 'signalLoss')).toBe(false);
  });

  it('is the same patient otherwise: as many sensors, and more readings', () => {
    const sensors = (records: readonly DeviceRecord[]) =>
      records.filter((r) => r.type === 'session' && r.kind === 'sensor' && r.ended_at === null).length;
    const readings = (records: readonly DeviceRecord[]) => records.filter((r) => r.type === 'sg').length;
    expect(sensors(capped)).toBe(sensors(uncapped));
    expect(readings(capped)).toBeGreaterThan(readings(uncapped));
    expect(capped.at(-1)!.time).toBeGreaterThan(FROM + (DAYS - 1) * DAY);
  });
});
