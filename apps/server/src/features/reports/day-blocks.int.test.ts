import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { testDriver } from '../../../test-support/test-db';
import { openDatabase } from '../../platform/db/client';
import { createAccount } from '../../accounts/create-account';
import { appendRecords, removeGlucose, storeRecords } from '../../patient-data';
import { createReportsRepository } from './reports.repository';
import { sourceFilter, type OptionRange } from '../../patient-data';

// The reports read sensor glucose from hour blocks (patient-data, migration 0011) and basal from
// day blocks (migration 0005) that patient-data's basal writer keeps (basal-blocks.int.test.ts). Whatever is written, rewritten or deleted, and
// by whom at the same time, a read through the blocks must equal what was stored, with the same
// data-option rule.

const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 9, 21, 30); // 2 h 30 before a UTC midnight
let t: TestApp;
let patient: string;

const store = async (records: DeviceRecord[], source: 'realtime' | 'uploaded', patientId = patient) => {
  await t.ctx.db.transaction((tx) => storeRecords(tx, patientId, source, records));
  remember(records, source, patientId);
};
/** Removes the model's rows `pick` selects, from the blocks and the model. */
async function removeWhere(pick: (r: SgRow) => boolean) {
  const gone = new Set(model.filter(pick).map((r) => `${r.serial}:${r.seq}`));
  await t.ctx.db.transaction((tx) =>
    removeGlucose(tx, patient, 0, 4e12, (r, serial) => gone.has(`${serial}:${r.seq}`)),
  );
  model = model.filter((r) => !gone.has(`${r.serial}:${r.seq}`));
  return model.filter(pick).length === 0 ? gone.size : -1;
}
/** Stores rows again as changed records (what an update of a reading is: removed, then sent anew). */
const restore = (rows: SgRow[]) =>
  Promise.all(
    [true, false].map((uploaded) =>
      store(
        rows
          .filter((r) => r.uploaded === uploaded)
          .map((r) => ({
            type: 'sg' as const,
            serial: r.serial,
            seq: r.seq,
            time: r.time,
            utc_offset_min: r.utc_offset_min,
            mgdl: r.mgdl,
            quality: r.quality as 'C' | null,
            display_code: r.display_code as 'H' | null,
          })),
        uploaded ? 'uploaded' : 'realtime',
      ),
    ),
  );

function sensor(serial: string, start: number, count: number, step: number, seq0 = 1): DeviceRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'sg' as const,
    serial,
    seq: seq0 + i,
    time: start + i * step,
    utc_offset_min: i % 50 < 25 ? 60 : -300,
    mgdl: i % 17 === 0 ? null : 40 + ((i * 37) % 350) + 0.1 * (i % 10),
    rate: 2,
    ...(i % 17 === 0 ? { display_code: 'H' as const } : {}),
    ...(i % 13 === 0 ? { quality: 'CX' as const } : {}),
  }));
}

function basal(serial: string, start: number, count: number): DeviceRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'basal' as const,
    serial,
    seq: i + 1,
    time: start + i * 37 * MIN,
    utc_offset_min: 60,
    code: i % 5 === 0 ? 'BAS' : 'BAAM',
    duration_min: i === 0 ? 3 * 24 * 60 : 30,
    rate: 0.85,
    delivered: 0.4 + i * 0.05,
    ...(i % 5 === 0
      ? {}
      : { auto: { auto_basal_delivery: 0.05 * (i % 4), auto_corr_delivery: 0.1, auto_food_delivery: 0 } }),
  })) as DeviceRecord[];
}

/** What was stored, as sent: the reference every read through the blocks must equal. */
interface SgRow {
  serial: string;
  seq: number;
  time: number;
  mgdl: number | null;
  utc_offset_min: number;
  quality: string | null;
  display_code: string | null;
  uploaded: boolean;
}
let model: SgRow[] = [];
/** Sources are numbered in the order they were first stored: of two at one instant, the first wins. */
const sourceNo = new Map<string, number>();
function remember(records: DeviceRecord[], source: 'realtime' | 'uploaded', patientId: string) {
  if (patientId !== patient) return;
  for (const r of records) {
    if (r.type !== 'sg') continue;
    if (!sourceNo.has(r.serial)) sourceNo.set(r.serial, sourceNo.size + 1);
    if (model.some((m) => m.serial === r.serial && m.seq === r.seq)) continue;
    model.push({
      serial: r.serial,
      seq: r.seq,
      time: r.time,
      mgdl: r.mgdl,
      utc_offset_min: r.utc_offset_min,
      quality: r.quality ?? null,
      display_code: r.display_code ?? null,
      uploaded: source === 'uploaded',
    });
  }
}

/** The reference: the model, filtered by the same data-option rule, in block order. */
function referenceSg(from: number, to: number, options: OptionRange[]) {
  const keep = sourceFilter(options, 'cgms');
  return model
    .filter((r) => r.time >= from && r.time < to && (!keep || keep(r.time, r.uploaded)))
    .sort((a, b) => a.time - b.time || sourceNo.get(a.serial)! - sourceNo.get(b.serial)! || a.seq - b.seq);
}
const onePerInstant = <T extends { time: number }>(rows: T[]) =>
  rows.filter((r, i) => i === 0 || r.time !== rows[i - 1]!.time);

async function expectSame(from: number, to: number, options: OptionRange[] = []) {
  const repo = createReportsRepository(t.ctx.db);
  const raw = referenceSg(from, to, options);
  const ref = onePerInstant(raw);
  const flagged = await repo.glucoseFlagged(patient, from, to, options);
  expect(flagged.time).toEqual(ref.map((r) => r.time));
  expect(flagged.mgdl).toEqual(
    ref.map((r) => (r.mgdl === null ? null : Math.round(Number(r.mgdl) * 10) / 10)),
  );
  expect(flagged.quality).toEqual(ref.map((r) => r.quality));
  expect(flagged.displayCode).toEqual(ref.map((r) => r.display_code));
  // Readings with a value, C and CX left out (not measurements): an instant whose first serial
  // has none takes the next serial's value.
  const valued = onePerInstant(raw.filter((r) => r.mgdl !== null && r.quality !== 'C' && r.quality !== 'CX'));
  const glucose = await repo.glucose(patient, from, to, options);
  expect(Array.from(glucose.time)).toEqual(valued.map((r) => r.time));
  expect(Array.from(glucose.utcOffsetMin)).toEqual(valued.map((r) => r.utc_offset_min));
  return ref.length;
}

beforeAll(async () => {
  t = await createTestApp();
  patient = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'blocks@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Block Reader',
  });
  await store(sensor('TXA', T0, 2000, 5 * MIN), 'realtime');
  // A second sensor at the same instants for a while, and an uploader with its own times.
  await store(sensor('TXB', T0 + 100 * 5 * MIN, 300, 5 * MIN), 'realtime');
  await store(sensor('XDRIP', T0 + 2 * MIN, 1500, 5 * MIN), 'uploaded');
  await store(basal('PUMP', T0 - 2 * DAY, 400), 'realtime');
  await store(basal('LOOP', T0 + 3 * MIN, 200), 'uploaded');
}, 60_000);
afterAll(() => t.close());

describe('day blocks', () => {
  it('read the same sensor rows as the table, across UTC days, serials and sources', async () => {
    expect(await expectSame(T0, T0 + 7 * DAY)).toBeGreaterThan(3000);
    expect(await expectSame(T0 + 3 * 3_600_000 + 7, T0 + 2 * DAY - 1)).toBeGreaterThan(500);
    await expectSame(T0 - 3 * DAY, T0); // nothing before the first reading
  });

  it('apply the data options as the SQL rule does', async () => {
    const options: OptionRange[] = [
      { option: 'pdm', kind: 'cgms', start: T0 + DAY, end: T0 + 2 * DAY + 7 * MIN },
      { option: 'daopapp', kind: 'cgms', start: T0 + 3 * DAY, end: null },
      { option: 'pdm', kind: 'pump', start: T0, end: null },
    ];
    await expectSame(T0, T0 + 7 * DAY, options);
    const repo = createReportsRepository(t.ctx.db);
    const pump = await repo.basal(patient, T0, T0 + 2 * DAY, options);
    expect(pump.n).toBeGreaterThan(0);
    // Uploaded segments only, after T0; the realtime segment that began before T0 stays (outside every range).
    const realtime = await repo.basal(patient, T0, T0 + 2 * DAY, []);
    expect(realtime.n).toBeGreaterThan(pump.n);
  });

  it('follow deletes and rewrites', async () => {
    expect(await removeWhere((r) => r.seq % 3 === 0)).toBeGreaterThan(0);
    await expectSame(T0, T0 + 7 * DAY);
    const changed = model.filter((r) => r.seq % 4 === 1);
    await removeWhere((r) => r.seq % 4 === 1);
    await restore(changed.map((r) => ({ ...r, mgdl: 77.7, quality: null })));
    const moved = model.filter((r) => r.serial === 'TXB');
    await removeWhere((r) => r.serial === 'TXB');
    await restore(moved.map((r) => ({ ...r, time: r.time + DAY })));
    await expectSame(T0, T0 + 8 * DAY);
  });

  it('read basal segments overlapping the range, with their auto-mode deliveries', async () => {
    const repo = createReportsRepository(t.ctx.db);
    const from = T0 + DAY;
    const to = T0 + 2 * DAY;
    const cols = await repo.basal(patient, from, to, []);
    const result = await t.ctx.db.execute(sql`
      select (extract(epoch from time) * 1000)::float8 as start, code, delivered, auto
        from basal_segments
       where patient_id = ${patient} and time < ${new Date(to).toISOString()}
         and time + make_interval(secs => duration_min * 60) > ${new Date(from).toISOString()}
       order by time, serial, seq`);
    const rows = (
      result as unknown as {
        rows: Array<{ start: number; code: string; delivered: number; auto: Record<string, number> | null }>;
      }
    ).rows;
    expect(rows.length).toBeGreaterThan(40);
    expect(rows[0]!.code).toBe('BAS'); // the three-day segment that began two days before T0
    expect(Array.from(cols.start.subarray(0, cols.n))).toEqual(rows.map((r) => r.start));
    expect(cols.code).toEqual(rows.map((r) => r.code));
    expect(Array.from(cols.delivered.subarray(0, cols.n))).toEqual(
      rows.map((r) => Math.round(r.delivered * 1e4) / 1e4),
    );
    expect(Array.from(cols.autoBasal.subarray(0, cols.n))).toEqual(
      rows.map((r) => (r.auto ? Math.round(r.auto.auto_basal_delivery! * 1e4) / 1e4 : Number.NaN)),
    );
  });

  it('are removed with the account', async () => {
    const other = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'gone@example.com',
      password: 'Gluco$e9x',
      userType: 'P',
      realname: 'Gone Soon',
    });
    await store(sensor('TXG', T0, 300, 5 * MIN), 'realtime', other);
    const count = async () => {
      const r = await t.ctx.db.execute(
        sql`select (select count(*) from sg_blocks where patient_id = ${other})::int
                 + (select count(*) from sg_sources where patient_id = ${other})::int as n`,
      );
      return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    };
    expect(await count()).toBeGreaterThan(0);
    await t.ctx.database.exec(`delete from users where id = '${other}'`);
    expect(await count()).toBe(0);
  });
});

describe.runIf(testDriver() === 'postgres')('day blocks under concurrent writers (PostgreSQL)', () => {
  it('hold every reading when two devices write the same day at once', async () => {
    // Two pools: two transactions really at once, each holding its rows uncommitted a moment.
    const second = await openDatabase({
      databaseUrl: (t.ctx.database.pool!.options as { connectionString: string }).connectionString,
    });
    try {
      const start = T0 + 20 * DAY;
      const write = (db: typeof t.ctx.db, serial: string, offset: number) =>
        db.transaction(async (tx) => {
          await storeRecords(tx, patient, 'realtime', sensor(serial, start + offset, 100, 5 * MIN));
          await tx.execute(sql`select pg_sleep(0.2)`);
        });
      await Promise.all([write(t.ctx.db, 'TXC1', 0), write(second.db, 'TXC2', MIN)]);
      remember(sensor('TXC1', start, 100, 5 * MIN), 'realtime', patient);
      remember(sensor('TXC2', start + MIN, 100, 5 * MIN), 'realtime', patient);
      expect(await expectSame(start, start + DAY)).toBe(200);
    } finally {
      await second.close();
    }
  });
  it('hold every reading when one-statement uploads race each other and a transaction', async () => {
    // Device uploads of readings alone are written in one statement, checked against the
    // patient's event number (patient-data/glucose-append.ts); a transaction writes under its lock.
    const second = await openDatabase({
      databaseUrl: (t.ctx.database.pool!.options as { connectionString: string }).connectionString,
    });
    try {
      const start = T0 + 25 * DAY;
      const writers = [t.ctx.db, second.db].map((db) => ({ db, bus: t.ctx.bus, clock: t.ctx.clock }));
      const device = async (k: number) => {
        const records = sensor(`TXR${k}`, start + k * 20_000, 40, 2 * MIN);
        for (const r of records)
          await appendRecords(writers[k % 2]!, { patientId: patient, source: 'realtime', records: [r] });
        remember(records, 'realtime', patient);
      };
      const slowTransaction = async () => {
        const records = sensor('TXR-T', start + 50_000, 60, 2 * MIN);
        await second.db.transaction(async (tx) => {
          await storeRecords(tx, patient, 'realtime', records);
          await tx.execute(sql`select pg_sleep(0.3)`);
        });
        remember(records, 'realtime', patient);
      };
      await Promise.all([device(1), device(2), device(3), slowTransaction()]);
      expect(await expectSame(start, start + DAY)).toBe(3 * 40 + 60);
    } finally {
      await second.close();
    }
  });
});
