// Test support: one simulated patient's history stored through the bulk repository, and the same
// records in the shapes @cgm/domain takes, so a test can compare the API with the domain.
import type { DeviceRecord } from '@cgm/contract';
import {
  localDayNumber,
  isoToDayNumber,
  type BasalSegment,
  type BolusRecord,
  type GlucoseReading,
} from '@cgm/domain';
import { generateHistory, randomProfile } from '@cgm/simulator';
import type { Db } from '../src/platform/db/client';
import { storeRecords } from '../src/patient-data';

export interface Fixture {
  records: DeviceRecord[];
  readings: GlucoseReading[];
  basal: BasalSegment[];
  boluses: BolusRecord[];
}

export function simulate(seed: number, from: number, days: number): Fixture {
  const { records } = generateHistory(randomProfile(seed), { from, days });
  const readings: GlucoseReading[] = [];
  const basal: BasalSegment[] = [];
  const boluses: BolusRecord[] = [];
  for (const r of records) {
    // C and CX are calibration states, left out of every statistic (CLINICAL.md).
    if (r.type === 'sg' && r.mgdl !== null && r.quality !== 'C' && r.quality !== 'CX')
      readings.push({ time: r.time, mgdl: r.mgdl, utcOffsetMin: r.utc_offset_min });
    if (r.type === 'basal') {
      basal.push({
        start: r.time,
        utcOffsetMin: r.utc_offset_min,
        durationMin: r.duration_min,
        rate: r.rate,
        delivered: r.delivered,
        type: r.code,
        ...(r.auto
          ? {
              autoDeliveries: {
                basal: r.auto.auto_basal_delivery,
                correction: r.auto.auto_corr_delivery,
                food: r.auto.auto_food_delivery,
              },
            }
          : {}),
      });
    }
    if (r.type === 'bolus') {
      boluses.push({
        time: r.time,
        utcOffsetMin: r.utc_offset_min,
        code: r.code,
        delivered: r.delivered,
        ...(r.extended_delivered != null ? { extendedDelivered: r.extended_delivered } : {}),
        ...(r.details ? { details: r.details as BolusRecord['details'] } : {}),
      });
    }
  }
  basal.sort((a, b) => a.start - b.start);
  boluses.sort((a, b) => a.time - b.time);
  return { records, readings, basal, boluses };
}

export async function store(
  db: Db,
  patientId: string,
  records: readonly DeviceRecord[],
  source: 'realtime' | 'uploaded' = 'realtime',
) {
  for (let i = 0; i < records.length; i += 10_000) {
    await db.transaction((tx) => storeRecords(tx, patientId, source, records.slice(i, i + 10_000)));
  }
}

/** Readings whose local date (own offset) lies in from…to, both included. */
export function inLocalDays<T extends { time: number; utcOffsetMin?: number }>(
  items: readonly T[],
  from: string,
  to: string,
): T[] {
  const a = isoToDayNumber(from);
  const b = isoToDayNumber(to);
  return items.filter((r) => {
    const d = localDayNumber(r.time, r.utcOffsetMin ?? 0);
    return d >= a && d <= b;
  });
}

/** Deep equality with numbers compared to 1e-9 (sums may add in another order). */
export function expectClose(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Math.abs(actual - expected) > 1e-9 * Math.max(1, Math.abs(expected))) {
      throw new Error(`${path}: ${actual} ≠ ${expected}`);
    }
    return;
  }
  if (expected && typeof expected === 'object' && actual && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      expectClose(
        (actual as Record<string, unknown>)[k],
        (expected as Record<string, unknown>)[k],
        `${path}.${k}`,
      );
    }
    return;
  }
  if (actual !== expected)
    throw new Error(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

/** Answer bodies in the tests: checked field by field against the domain, not by type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;
