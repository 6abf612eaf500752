import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, type DeviceRecord } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../test-support/people';
import { listen, newCredential, type Http } from '../../test-support/ns-test-client';
import { testDriver } from '../../test-support/test-db';
import { openDatabase } from '../platform/db/client';
import { appendRecords, storeRecords } from './index';

// The basal day blocks (basal_day_blocks) are kept by the write path (basal-store.ts), not by
// triggers (migration 0022). Whoever writes basal segments — the device apps, other apps and
// files, Nightscout's temp and scheduled basal, a Nightscout DELETE, a data deletion — the blocks
// must equal what basal_day_packed computes afresh from the segments, day by day, with no block
// left for a day that has no segment any more. On PGlite and on PostgreSQL (npm run test:db).

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A UTC midnight: the writes below straddle it, so each touches two days' blocks. */
const M = Date.parse('2026-06-10T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let p: People;
let http: Http;
let ns: Record<string, string>;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every block of the patient as "day:hex", and what a recomputation from the segments gives. */
async function blocksAndFresh(patientId: string) {
  const stored = await rowsOf<{ b: string }>(sql`
    select day || ':' || encode(packed, 'hex') as b from basal_day_blocks
     where patient_id = ${patientId} order by day`);
  const fresh = await rowsOf<{ b: string }>(sql`
    select k.d || ':' || encode(basal_day_packed(${patientId}, k.d), 'hex') as b
      from (select distinct utc_day(time) as d from basal_segments where patient_id = ${patientId}) k
     order by k.d`);
  return { stored: stored.map((r) => r.b), fresh: fresh.map((r) => r.b) };
}
async function expectBlocksFresh(patientId = p.ids.patient): Promise<number> {
  const { stored, fresh } = await blocksAndFresh(patientId);
  expect(stored).toEqual(fresh);
  return stored.length;
}
const segments = async (where = sql`true`) =>
  rowsOf<{ time: string | Date; duration_min: number; serial: string }>(sql`
    select time, duration_min, serial from basal_segments
     where patient_id = ${p.ids.patient} and ${where} order by time, serial, seq`);

const basal = (serial: string, seq: number, time: number, minutes: number, rate: number): DeviceRecord => ({
  type: 'basal',
  serial,
  seq,
  time,
  utc_offset_min: 0,
  code: 'BAS',
  duration_min: minutes,
  rate,
  delivered: Math.round((rate * minutes * 1000) / 60) / 1000,
});

/** A Loop temp basal and its pump status. */
const temp = (time: number, rate: number, minutes: number, id: string) => ({
  eventType: 'Temp Basal',
  created_at: iso(time),
  enteredBy: 'loop://iPhone',
  temp: 'absolute',
  rate,
  absolute: rate,
  duration: minutes,
  syncIdentifier: id,
});
const status = (time: number) => ({
  device: 'loop://iPhone',
  created_at: iso(time),
  pump: { clock: iso(time), pumpID: 'DASH-1', reservoir: 150, suspended: false, bolusing: false },
});
const profile = {
  defaultProfile: 'Default',
  startDate: iso(M - 2 * DAY),
  mills: String(M - 2 * DAY),
  units: 'mg/dL',
  store: {
    Default: {
      dia: 6,
      timezone: 'UTC',
      units: 'mg/dL',
      basal: [
        { time: '00:00', timeAsSeconds: 0, value: 0.8 },
        { time: '12:00', timeAsSeconds: 43200, value: 1.1 },
      ],
      carbratio: [{ time: '00:00', timeAsSeconds: 0, value: 10 }],
      sens: [{ time: '00:00', timeAsSeconds: 0, value: 40 }],
      target_low: [{ time: '00:00', timeAsSeconds: 0, value: 100 }],
      target_high: [{ time: '00:00', timeAsSeconds: 0, value: 110 }],
    },
  },
};
const post = async (path: string, body: unknown) => {
  const res = await http.req('POST', path, { headers: ns, body });
  expect(res.status).toBe(200);
  return res.body as Array<{ _id: string }>;
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(M + 2 * DAY));
  p = await createPeople(t);
  http = await listen(t);
  const credential = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Loop');
  ns = { 'api-secret': credential.api_secret_sha1 };
}, 60_000);
afterAll(() => t.close());

describe('basal day blocks kept by the write path', () => {
  it('follow the device apps’ and other apps’ inserts across a UTC midnight', async () => {
    const device = await registerDevice(t, p.tokens.patient);
    const realtime = Array.from({ length: 30 }, (_, i) =>
      basal('PB-1', i + 1, M - 10 * HOUR + i * 40 * MIN, 40, 0.7),
    );
    expect((await device.ingest(realtime)).status).toBe(200);
    // A resend stores nothing and changes no block.
    expect((await device.ingest(realtime.slice(0, 5))).status).toBe(200);
    const uploaded = Array.from({ length: 12 }, (_, i) =>
      basal('AP-1', i + 1, M - 3 * HOUR + i * HOUR, 30, 1.2),
    );
    const out = await appendRecords(t.ctx, {
      patientId: p.ids.patient,
      source: 'uploaded',
      records: uploaded,
    });
    expect(out.stored).toBe(12);
    expect(await expectBlocksFresh()).toBe(2);
  });

  it('follow Nightscout’s temp basals, one cut short by the next, and the scheduled basal between them', async () => {
    await post('/api/v1/profile', [profile]);
    await post(
      '/api/v1/devicestatus',
      Array.from({ length: 12 * 8 }, (_, i) => status(M - 4 * HOUR + i * 5 * MIN)),
    );
    await post('/api/v1/treatments', [
      temp(M - 2 * HOUR, 1.5, 60, 'tb-1'),
      temp(M - 10 * MIN, 2, 60, 'tb-2'),
    ]);
    const before = await segments(sql`serial = 'nightscout' and time = ${iso(M - 10 * MIN)}::timestamptz`);
    expect(before.map((s) => Number(s.duration_min))).toEqual([60]);
    expect(await expectBlocksFresh()).toBe(2);
    // A temp basal 20 minutes later ends the one running across midnight: its row is rewritten.
    await post('/api/v1/treatments', [temp(M + 10 * MIN, 0.5, 30, 'tb-3')]);
    const after = await segments(sql`serial = 'nightscout' and time = ${iso(M - 10 * MIN)}::timestamptz`);
    expect(after.map((s) => Number(s.duration_min))).toEqual([20]);
    expect((await segments(sql`serial = 'nightscout-schedule'`)).length).toBeGreaterThan(2);
    expect(await expectBlocksFresh()).toBe(2);
  });

  it('follow a Nightscout DELETE of a temp basal (its time goes back to the schedule)', async () => {
    const [doomed] = await post('/api/v1/treatments', [temp(M + 2 * HOUR, 3, 45, 'tb-4')]);
    expect(
      await segments(sql`serial = 'nightscout' and time = ${iso(M + 2 * HOUR)}::timestamptz`),
    ).toHaveLength(1);
    const res = await http.req('DELETE', `/api/v1/treatments/${doomed!._id}`, { headers: ns });
    expect(res.status).toBe(200);
    expect(
      await segments(sql`serial = 'nightscout' and time = ${iso(M + 2 * HOUR)}::timestamptz`),
    ).toHaveLength(0);
    expect(await expectBlocksFresh()).toBe(2);
  });

  it('follow data deletions, down to a day with no segment left (its block goes)', async () => {
    const remove = (source: string, from: number, to: number) =>
      t.call('POST', API.dataDelete, {
        token: p.tokens.patient,
        body: { uid: p.ids.patient, kinds: ['basal'], source, from, to, confirm: true },
      });
    expect((await remove('uploaded', M - HOUR, M + HOUR)).status).toBe(200);
    expect(await expectBlocksFresh()).toBe(2);
    expect((await remove('realtime', M - DAY, M + DAY)).status).toBe(200);
    expect(await expectBlocksFresh()).toBe(2);
    // Everything of the day after midnight: that day's block goes, the day before keeps its own.
    expect((await remove('all', M, M + DAY)).status).toBe(200);
    expect(await segments(sql`time >= ${iso(M)}::timestamptz`)).toEqual([]);
    expect(await expectBlocksFresh()).toBe(1);
  });

  it.runIf(testDriver() === 'postgres')(
    'hold both writers’ segments when two write one day at once',
    async () => {
      // Two pools: two transactions really at once, each holding its rows uncommitted a moment.
      const second = await openDatabase({
        databaseUrl: (t.ctx.database.pool!.options as { connectionString: string }).connectionString,
      });
      try {
        const write = (db: typeof t.ctx.db, serial: string) =>
          db.transaction(async (tx) => {
            const records = Array.from({ length: 20 }, (_, i) =>
              basal(serial, i + 1, M + 3 * DAY + i * HOUR, 30, 1),
            );
            await storeRecords(tx, p.ids.other, 'realtime', records);
            await tx.execute(sql`select pg_sleep(0.2)`);
          });
        await Promise.all([write(t.ctx.db, 'PB-A'), write(second.db, 'PB-B')]);
      } finally {
        await second.close();
      }
      const { stored } = await blocksAndFresh(p.ids.other);
      expect(stored.length).toBe(1);
      expect(await expectBlocksFresh(p.ids.other)).toBe(1);
    },
  );

  it('go with the account', async () => {
    await t.ctx.db.execute(sql`delete from users where id = ${p.ids.patient}`);
    const left = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from basal_day_blocks where patient_id = ${p.ids.patient}`,
    );
    expect(left[0]!.n).toBe(0);
  });
});
