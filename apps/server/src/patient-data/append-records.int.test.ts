import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-db';
import { createAccount } from '../accounts/create-account';
import { events, relations, uploads } from '../platform/db/schema';
import { readGlucoseRecords } from './glucose-read';
import { newId } from '../platform/lib/crypto';
import { appendRecords } from './index';

// The one write path: each record alone, one upload row, live events in commit order.

let t: TestApp;
let patient: string;
let device: string;
let carer: string;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const sg = (seq: number, minutesAgo: number, mgdl = 120) => ({
  type: 'sg',
  serial: 'TX-9',
  seq,
  time: NOW - minutesAgo * 60_000,
  utc_offset_min: 0,
  mgdl,
});
const ingest = (records: unknown[]) => t.call('POST', API.ingest, { token: device, body: { records } });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  const password = 'Gluco$e9x';
  patient = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'p@example.com',
    password,
    userType: 'P',
    realname: 'Pat One',
  });
  const follower = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'c@example.com',
    password,
    userType: 'M',
    realname: 'Carer One',
  });
  await t.ctx.db.insert(relations).values({
    id: newId(),
    patientId: patient,
    followerId: follower,
    followerType: 'M',
    state: 'accepted',
    requestedBy: follower,
  });
  carer = await t.signIn(follower);
  const token = await t.signIn(patient);
  device = (await t.call('POST', API.devices, { token, body: { kind: 'sensor_app', serial: 'TX-9' } })).body
    .device_token as string;
});
afterAll(() => t.close());

describe('each record on its own', () => {
  it('rejects a NUL byte, an unpaired surrogate and an impossible date by index, and stores the rest', async () => {
    const res = await ingest([
      sg(1, 10),
      {
        type: 'event',
        serial: 'TX-9',
        seq: 2,
        time: NOW - 60_000,
        utc_offset_min: 0,
        event_type: 'OTR',
        notes: 'a\u0000b',
      },
      { ...sg(3, 8), serial: 'TX-\ud800' },
      {
        type: 'session',
        serial: 'TX-9',
        seq: 4,
        time: NOW,
        utc_offset_min: 0,
        kind: 'sensor',
        started_at: 1e18,
        rated_life_hours: 336,
      },
      {
        type: 'event',
        serial: 'TX-9',
        seq: 5,
        time: NOW,
        utc_offset_min: 0,
        event_type: 'OTR',
        details: { 'k\u0000': 1 },
      },
      sg(6, 6),
      { ...sg(7, 0), time: NOW + 11 * 60_000 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stored: 2, duplicates: 0, rejected: 5 });
    const problems = res.body.problems as Array<{ index: number; reason: string }>;
    expect(problems.map((p) => p.index)).toEqual([1, 2, 3, 4, 6]);
    expect(problems[0]!.reason).toBe('records[1].notes: text contains a NUL character');
    expect(problems[1]!.reason).toMatch(/^records\[2\]\.serial: .*unpaired surrogate/);
    expect(problems[2]!.reason).toMatch(/^records\[3\]\.started_at: /);
    expect(problems[3]!.reason).toBe('records[4].details.k\u0000: text contains a NUL character');
    expect(problems[4]!.reason).toBe('records[6].time: more than 10 minutes in the future');
    const stored = await readGlucoseRecords(t.ctx.db, patient, 0, 4e12);
    expect(stored.map((r) => r.seq).sort()).toEqual([1, 6]);
    expect(await t.ctx.db.select().from(events).where(eq(events.patientId, patient))).toEqual([]);
    const rows = await t.ctx.db.select().from(uploads).where(eq(uploads.patientId, patient));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stored: 2, rejected: 5, duplicates: 0, source: 'realtime' });
  });

  it('counts a resend as duplicates and writes one upload row per batch', async () => {
    const res = await ingest([sg(1, 10), sg(6, 6), sg(8, 4)]);
    expect(res.body).toMatchObject({ stored: 1, duplicates: 2, rejected: 0 });
    const rows = await t.ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.patientId, patient), eq(uploads.stored, 1)));
    expect(rows[0]).toMatchObject({
      duplicates: 2,
      firstTime: new Date(NOW - 600_000),
      lastTime: new Date(NOW - 240_000),
    });
  });

  it('checks a long history part by part: indexes are the whole batch’s, one upload row with its totals', async () => {
    const between: number[] = [];
    const records = [
      sg(101, 60),
      sg(102, 58),
      sg(103, 56),
      sg(104, 54),
      { ...sg(105, 52), mgdl: 'x' },
      sg(106, 50),
      sg(101, 60),
    ];
    const out = await appendRecords(t.ctx, {
      patientId: patient,
      source: 'realtime',
      records,
      label: 'long history',
      commitEvery: 3,
      betweenParts: async () => void between.push(between.length),
    });
    expect(between).toHaveLength(2);
    expect(out).toMatchObject({ stored: 5, duplicates: 1, rejected: 1 });
    expect(out.problems).toEqual([
      { index: 4, status: 'rejected', reason: expect.stringMatching(/^records\[4\]\.mgdl: /) as string },
    ]);
    const rows = await t.ctx.db.select().from(uploads).where(eq(uploads.id, out.uploadId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stored: 5,
      duplicates: 1,
      rejected: 1,
      firstTime: new Date(NOW - 3_600_000),
      lastTime: new Date(NOW - 3_000_000),
    });
  });
});

describe('live events in commit order', () => {
  const statusEventNo = async () =>
    (
      await t.call<{ status: { eventNo: number } }>('GET', `${API.monitorStatus(patient)}?hours=3`, {
        token: carer,
      })
    ).body.status.eventNo;
  const poll = (eventNo: number) =>
    t.call<{ eventNo: number; data: unknown[] }>('POST', API.monitorData, {
      token: carer,
      body: { uids: [patient], eventNo },
    });

  // Two transactions of one patient overlap only on a server with several connections: PGlite
  // runs one transaction at a time, so an upload cannot start before the other commits there.
  it.skipIf(testDriver() === 'pglite')(
    'wakes the follower for an upload that started first but committed last, within a second',
    async () => {
      const seen = await statusEventNo();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      // Upload A (the patch app's) starts first and is slow to commit (a busy server). It holds
      // no sensor readings: the sensor app's writes of one patient take turns at the day blocks.
      const bolus = { type: 'bolus', serial: 'PB-9', seq: 20, time: NOW - 180_000, utc_offset_min: 0 };
      const a = appendRecords(t.ctx, {
        patientId: patient,
        source: 'realtime',
        records: [{ ...bolus, code: 'CRW', set: 2.5, delivered: 2.5 }],
        alsoInTransaction: async () => {
          entered();
          await gate;
        },
      });
      await inside;
      t.clock.advance(5_000);
      // Upload B (the sensor app's) starts later and commits first.
      expect((await ingest([sg(21, 2, 160)])).body).toMatchObject({ stored: 1 });
      const first = await poll(seen);
      expect(first.body.data).toHaveLength(1);
      const afterB = first.body.eventNo;
      const waiting = poll(afterB);
      const started = Date.now();
      release();
      await a;
      const second = await waiting;
      expect(Date.now() - started).toBeLessThan(1000);
      expect(second.body.eventNo).toBeGreaterThan(afterB);
      expect(second.body.data).toEqual([{ uid: patient, eventNo: second.body.eventNo }]);
      const chart = await t.call<{ status: { chart: { sg: Array<[number, number]>; bolus: unknown[] } } }>(
        'GET',
        `${API.monitorStatus(patient)}?hours=3`,
        { token: carer },
      );
      expect(chart.body.status.chart.sg.map((p) => p[1])).toContain(160);
      expect(chart.body.status.chart.bolus).toEqual([[NOW - 180_000, 'CRW', 2.5]]);
    },
  );

  it('numbers every change of the patient above the last, even within one millisecond', async () => {
    const before = await statusEventNo();
    // The clock stands still: the second upload still gets a larger number than the first.
    await ingest([sg(30, 1)]);
    await ingest([sg(31, 1, 121)]);
    expect(await statusEventNo()).toBe(Math.max(before + 1, t.clock.now().getTime()) + 1);
  });
});
