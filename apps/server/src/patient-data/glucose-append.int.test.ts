import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount } from '../accounts/create-account';
import type { Db } from '../platform/db/client';
import { interleavedDb, watchedDb } from '../../test-support/watched-db';
import { lastEventNo } from './data-events';
import { appendGlucoseOnce, type GlucoseAppend } from './glucose-append';
import { readGlucoseRecords } from './glucose-read';
import { storeRecords } from './store-records';
import { changePatientData } from './patient-change';

// A device upload of readings alone is written in one statement, guarded by the patient's event
// number: it writes everything or, when another write came between its read and its write, nothing.

let t: TestApp;
let patient: string;
const T = Date.parse('2026-11-20T10:00:00Z');
const sg = (serial: string, seq: number, minutes: number, mgdl = 120) => ({
  type: 'sg' as const,
  serial,
  seq,
  time: T + minutes * 60_000,
  utc_offset_min: 60,
  mgdl,
});
const append = (records: GlucoseAppend['records']): GlucoseAppend => ({
  patientId: patient,
  source: 'realtime',
  records,
  receivedMs: T + 3_600_000,
  sameInstantIsDuplicate: false,
  upload: { patientId: patient, source: 'realtime', receivedAt: new Date(T), rejected: 0, times: [] },
});
const uploadsOf = async () =>
  Number(
    (
      (await t.ctx.db.execute(
        sql`select count(*)::int as n from uploads where patient_id = ${patient}`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n,
  );
/** The database, with `between` run once after the first statement (the read) has answered. */
/** The database, counting the statements sent through it. */
function counting(): { db: Db; statements: () => number } {
  let n = 0;
  return { db: watchedDb(t.ctx.db, () => void n++), statements: () => n };
}

const interleaved = (between: () => Promise<unknown>) => interleavedDb(t.ctx.db, between);

beforeAll(async () => {
  t = await createTestApp();
  patient = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'append@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Append Once',
  });
});
afterAll(() => t.close());

describe('a one-statement glucose write', () => {
  it('stores new readings and a new source, writes the upload row and takes the next event number', async () => {
    const out = await appendGlucoseOnce(t.ctx.db, append([sg('TX-A', 1, 0), sg('TX-A', 2, 2, 65)]), T);
    expect(out).toMatchObject({ stored: 2 });
    expect(out!.eventNo).toBe(await lastEventNo(t.ctx.db, patient));
    const stored = await readGlucoseRecords(t.ctx.db, patient, T, T + 3_600_000);
    expect(stored.map((r) => [r.time, r.mgdl, r.serial])).toEqual([
      [T, 120, 'TX-A'],
      [T + 120_000, 65, 'TX-A'],
    ]);
    expect(await uploadsOf()).toBe(1);
  });

  it('writes only the upload row when every reading is a duplicate, and takes no event number', async () => {
    const before = await lastEventNo(t.ctx.db, patient);
    const out = await appendGlucoseOnce(t.ctx.db, append([sg('TX-A', 2, 2, 65)]), T);
    expect(out).toMatchObject({ stored: 0, eventNo: null });
    expect(await lastEventNo(t.ctx.db, patient)).toBe(before);
    expect(await uploadsOf()).toBe(2);
  });

  it('writes nothing when another write came between its read and its write', async () => {
    const before = await uploadsOf();
    // Another upload stores a reading of the same hour after this one read the blocks.
    const other = () =>
      changePatientData(t.ctx, patient, async (tx) => ({
        value: null,
        changed: (await storeRecords(tx, patient, 'realtime', [sg('TX-B', 1, 5, 180)])) > 0,
      }));
    const raced = await appendGlucoseOnce(interleaved(other), append([sg('TX-A', 3, 4, 99)]), T);
    expect(raced).toBeNull();
    // The other write is whole, this one left no trace: no reading, no upload row.
    const stored = await readGlucoseRecords(t.ctx.db, patient, T, T + 3_600_000);
    expect(stored.map((r) => r.mgdl)).toEqual([120, 65, 180]);
    expect(await uploadsOf()).toBe(before);
    // This process kept the patient's state from its last write, stale now: tried again from it,
    // the write finds its number gone and writes nothing; the next try reads afresh and goes
    // through, and both are kept.
    expect(await appendGlucoseOnce(t.ctx.db, append([sg('TX-A', 3, 4, 99)]), T)).toBeNull();
    expect(await uploadsOf()).toBe(before);
    expect(await appendGlucoseOnce(t.ctx.db, append([sg('TX-A', 3, 4, 99)]), T)).toMatchObject({ stored: 1 });
    const after = await readGlucoseRecords(t.ctx.db, patient, T, T + 3_600_000);
    expect(after.map((r) => r.mgdl)).toEqual([120, 65, 99, 180]);
  });

  it('writes the next upload of the same day in one statement, from the state it kept', async () => {
    const c = counting();
    expect(await appendGlucoseOnce(c.db, append([sg('TX-A', 20, 40, 140)]), T)).toMatchObject({ stored: 1 });
    expect(c.statements()).toBe(2);
    expect(await appendGlucoseOnce(c.db, append([sg('TX-A', 21, 42, 150)]), T)).toMatchObject({ stored: 1 });
    expect(c.statements()).toBe(3);
    // What it wrote from the kept state is what a fresh read finds.
    const hour = await readGlucoseRecords(t.ctx.db, patient, T + 40 * 60_000, T + 44 * 60_000);
    expect(hour.map((r) => r.mgdl)).toEqual([140, 150]);
    // Another day is not kept: it is read first.
    const nextDay = 24 * 60;
    expect(await appendGlucoseOnce(c.db, append([sg('TX-A', 22, nextDay, 160)]), T)).toMatchObject({
      stored: 1,
    });
    expect(c.statements()).toBe(5);
  });
});
