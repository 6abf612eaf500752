import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { account, relate } from '../../../test-support/patients-fixture';

// Issue 21: a wake-up carries what changed. A follower waiting on a patient whose device sends
// readings alone is answered with those readings (as the status's chart and sensor card show
// them), so it needs no status call; its whole cycle (the poll that waits, its answer, the next
// poll) costs at most three database round trips, counted here at the driver.

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;
let t: TestApp;
let patient: string;
let carers: string[];
let device: string;

/** Every statement the server sends to the database, on either driver. */
function countQueries(): { count: () => number; stop: () => void } {
  const target = (t.database.pool ?? t.database.pglite) as unknown as Record<string, unknown>;
  const names = ['query', 'exec'].filter((n) => typeof target[n] === 'function');
  const originals = names.map((n) => target[n] as (...a: unknown[]) => unknown);
  let n = 0;
  names.forEach((name, i) => {
    target[name] = (...args: unknown[]) => {
      n++;
      return originals[i]!.apply(target, args);
    };
  });
  return {
    count: () => n,
    stop: () => names.forEach((name, i) => (target[name] = originals[i])),
  };
}

const reading = (seq: number, minutesAgo: number, mgdl: number) => ({
  type: 'sg',
  serial: 'TX-1',
  seq,
  time: NOW - minutesAgo * MIN,
  utc_offset_min: 60,
  mgdl,
  rate: 2,
});
const ingest = (records: unknown[]) => t.call('POST', API.ingest, { token: device, body: { records } });
const status = (token: string) =>
  t.call<{ status: MonitorStatus }>('GET', `${API.monitorStatus(patient)}?hours=3`, { token });
const poll = (token: string, eventNo: number) =>
  t.call<{ eventNo: number; data: Array<{ uid: string; eventNo: number; glucose?: unknown }> }>(
    'POST',
    API.monitorData,
    { token, body: { uids: [patient], eventNo } },
  );
const turn = () => new Promise((r) => setTimeout(r, 30));
const waitingNow = () => t.app.monitorRoom.stats().waiting;
let seq = 10;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  const p = await account(t, 'pat@example.com', { userType: 'P' });
  patient = p.id;
  carers = [];
  for (let i = 0; i < 5; i++) {
    const c = await account(t, `carer${i}@example.com`, { userType: 'M' });
    await relate(t, patient, c.id, 'accepted', c.id, 'M');
    carers.push(c.token);
  }
  device = (
    await t.call('POST', API.devices, { token: p.token, body: { kind: 'patch_app', serial: 'PB-1' } })
  ).body.device_token as string;
  await ingest([reading(1, 20, 120), reading(2, 15, 124)]);
});
afterAll(() => t.close());

describe('a wake-up with readings alone', () => {
  it('brings the readings as a new status would show them, so the follower needs no status call', async () => {
    const before = (await status(carers[0]!)).body.status;
    t.clock.advance(1000);
    const waiting = poll(carers[0]!, before.eventNo);
    await turn();
    expect((await ingest([reading(++seq, 10, 131)])).body.stored).toBe(1);
    const answer = (await waiting).body;
    const after = (await status(carers[0]!)).body.status;
    expect(answer.eventNo).toBe(after.eventNo);
    expect(answer.data).toEqual([
      {
        uid: patient,
        eventNo: after.eventNo,
        glucose: {
          source: 'realtime',
          from: NOW - 10 * MIN,
          to: NOW - 10 * MIN,
          sg: after.chart.sg.filter(([time]) => time === NOW - 10 * MIN),
          newest: {
            time: after.sensor_status!.glucoseTime,
            mgdl: after.sensor_status!.glucose,
            rate: after.sensor_status!.glucoseRate,
            quality: null,
            displayCode: null,
            utcOffsetMin: 60,
          },
        },
      },
    ]);
    expect(after.chart.sg.map((p) => p[1])).toEqual([120, 124, 131]);
  });

  it('brings only the number to a follower that missed an earlier change: it reads the status again', async () => {
    const stale = (await status(carers[1]!)).body.status.eventNo;
    t.clock.advance(1000);
    await ingest([reading(++seq, 8, 133)]);
    t.clock.advance(1000);
    // This follower has not seen the 133 yet: its poll answers at once, with the number alone.
    const answer = (await poll(carers[1]!, stale)).body;
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]!.glucose).toBeUndefined();
  });

  it('brings only the number when more than readings changed', async () => {
    const { eventNo } = (await status(carers[0]!)).body.status;
    t.clock.advance(1000);
    const waiting = poll(carers[0]!, eventNo);
    await turn();
    await ingest([
      reading(++seq, 6, 135),
      {
        type: 'sensor_status',
        serial: 'TX-1',
        seq: ++seq,
        time: NOW - 6 * MIN,
        utc_offset_min: 60,
        status: 'monitoring',
      },
    ]);
    const answer = (await waiting).body;
    expect(answer.data[0]!.eventNo).toBeGreaterThan(eventNo);
    expect(answer.data[0]!.glucose).toBeUndefined();
  });

  it.each([1, 5])('costs a follower at most three database round trips per cycle (%i waiting)', async (n) => {
    const followers = carers.slice(0, n);
    // The device's own upload, with nobody waiting: what the cycles below are measured above.
    const alone = countQueries();
    t.clock.advance(1000);
    await ingest([reading(++seq, 5, 138)]);
    await turn();
    const upload = alone.count();
    alone.stop();

    const known = await Promise.all(followers.map(async (c) => (await status(c)).body.status.eventNo));
    const first = followers.map((c, i) => poll(c, known[i]!));
    await expect.poll(waitingNow).toBe(n);
    // One cycle: the reading wakes the followers, each is answered and waits again.
    const counted = countQueries();
    try {
      t.clock.advance(6000);
      await ingest([reading(++seq, 4, 140)]);
      const answers = await Promise.all(first);
      expect(answers.every((a) => a.body.data[0]?.glucose)).toBe(true);
      const next = followers.map((c, i) => poll(c, answers[i]!.body.eventNo));
      await expect.poll(waitingNow).toBe(n);
      expect((counted.count() - upload) / n).toBeLessThanOrEqual(3);
      t.clock.advance(1000);
      await ingest([reading(++seq, 3, 142)]);
      await Promise.all(next);
    } finally {
      counted.stop();
    }
  });
});
