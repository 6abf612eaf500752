import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRecord } from '@cgm/contract';
import { createTestDatabase } from '../../../test-support/test-db';
import type { Database } from '../../platform/db/client';
import { createAccount } from '../../accounts/create-account';
import { setPasswordCostForTests } from '../../platform/lib/crypto';
import { storeRecords } from '../../patient-data';
import { readGlucoseSeries } from './readings.repository';

setPasswordCostForTests(2 ** 10);
let database: Database;
let patient: string;
let other: string;
const T0 = Date.parse('2026-03-28T23:00:00Z');
const sg = (serial: string, seq: number, time: number, mgdl: number | null, off = 60): DeviceRecord => ({
  type: 'sg',
  serial,
  seq,
  time,
  utc_offset_min: off,
  mgdl,
  ...(mgdl === null ? { display_code: 'H' as const } : {}),
});

beforeAll(async () => {
  database = await createTestDatabase();
  patient = await createAccount(database.db, {
    username: 'a@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Pat A',
  });
  other = await createAccount(database.db, {
    username: 'b@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Pat B',
  });
  await database.db.transaction(async (tx) => {
    await storeRecords(tx, patient, 'realtime', [
      sg('TX1', 3, T0 + 240_000, 101.7, 120), // after the DST change in Europe (offset 120)
      sg('TX1', 1, T0, 55),
      sg('TX1', 2, T0 + 120_000, 399.9),
      sg('TX1', 4, T0 + 360_000, null), // display code H: no value
      sg('TX2', 9, T0 + 120_000, 400), // second serial, same instant
      sg('TX1', 5, T0 + 3600_000, 88),
    ]);
    await storeRecords(tx, other, 'realtime', [sg('TX9', 1, T0, 250)]);
  });
});
afterAll(() => database.close());

describe('compact glucose read path', () => {
  it('returns the range in time order with exact values and offsets, one per instant, no display codes', async () => {
    const s = await readGlucoseSeries(database.db, patient, new Date(T0), new Date(T0 + 3600_000));
    expect(Array.from(s.time)).toEqual([T0, T0 + 120_000, T0 + 240_000]);
    expect(Array.from(s.mgdl)[0]).toBe(55);
    expect([399.9, 400]).toContain(Array.from(s.mgdl)[1]);
    expect(Array.from(s.mgdl)[2]).toBe(101.7);
    expect(Array.from(s.utcOffsetMin)).toEqual([60, 60, 120]);
  });

  it('includes the start and excludes the end of the range, and never another patient', async () => {
    const s = await readGlucoseSeries(database.db, patient, new Date(T0 + 120_000), new Date(T0 + 3600_001));
    expect(Array.from(s.time)).toEqual([T0 + 120_000, T0 + 240_000, T0 + 3600_000]);
    const none = await readGlucoseSeries(database.db, patient, new Date(T0 - 10_000), new Date(T0));
    expect(none.time.length).toBe(0);
    const b = await readGlucoseSeries(database.db, other, new Date(T0), new Date(T0 + 3600_000));
    expect(Array.from(b.mgdl)).toEqual([250]);
  });
});
