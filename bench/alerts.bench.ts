// Issue 16 targets: with 5,000 followers subscribed to Web Push across the patients,
// - a reading accepted by the device API → the push request received by the push service: p99 ≤ 1 s;
// - a no-data alert is sent within 60 s after its threshold passes.
//
// Three processes: the server (this one, with its 20 s alert timer as in production), the device
// apps (alert-device-client.mjs) and a loopback push service (push-service.mjs) that notes when each
// push request arrives. Latencies are wall-clock differences across the processes of one machine.
// Bare baseline in the same run: the device process posting a push-sized body straight to the push
// service (the floor of "a request reaches the push service").
// The no-data threshold is reached by moving the clock the server reads (all else is real time).
// ALERTS_DB=PostgreSQL (or PGlite) runs one of the two.
import { fork, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { API } from '@cgm/contract';
import { defaultAlertSettings } from '@cgm/domain';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/platform/config';
import { alertSettings, pushSubscriptions, relations } from '../apps/server/src/platform/db/schema';
import { newId, newToken, setPasswordCostForTests } from '../apps/server/src/platform/lib/crypto';
import { seedFollowers, seedPatients } from './seed-people';
import {
  benchDatabases,
  checkTarget,
  fmt,
  oneDatabasePerProcess,
  summarize,
  type BenchDatabase,
} from './support';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 5000);
const PATIENTS = FOLLOWERS / 2;
const READINGS = Number(process.env.READINGS ?? 200);
const MIN = 60_000;
const NO_DATA_MIN = 20;
setPasswordCostForTests(2 ** 10);

type Sent = { key: string; at: number; status?: number };
type Arrival = [path: string, at: number, bytes: number, encoding: string];

function child(file: string): { proc: ChildProcess; ask: <T>(msg: object, answer: string) => Promise<T> } {
  const proc = fork(fileURLToPath(new URL(file, import.meta.url)), [], { serialization: 'advanced' });
  const ask = <T>(msg: object, answer: string) =>
    new Promise<T>((resolve) => {
      const on = (m: unknown) => {
        if ((m as { type: string }).type !== answer) return;
        proc.off('message', on);
        resolve(m as T);
      };
      proc.on('message', on);
      proc.send(msg);
    });
  return { proc, ask };
}

const p99Of = (sorted: number[]) => sorted[Math.floor(0.99 * (sorted.length - 1))] ?? NaN;

async function run({ label, url, open, drop }: BenchDatabase): Promise<void> {
  const pushService = child('./push-service.mjs');
  const { port: pushPort } = await pushService.ask<{ port: number }>({ type: 'listen' }, 'listening');
  const origin = `http://127.0.0.1:${pushPort}`;
  const device = child('./alert-device-client.mjs');

  // The clock the server reads: real time, moved forward for the no-data threshold.
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const database = await open();
  const { app } = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: url, ALERT_SWEEP_MS: 20_000 }),
    database,
    clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 8192 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const db = database.db;

  // Patients with a device app; two followers each (a carer and a clinician), each with the
  // default alerts on and one browser subscribed at the push service.
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const p256dh = ua.getPublicKey().toString('base64url');
  const patients = Array.from({ length: PATIENTS }, () => ({ id: newId(), deviceToken: newToken() }));
  const followers = Array.from({ length: FOLLOWERS }, (_, i) => ({
    id: newId(),
    patientId: patients[i % PATIENTS]!.id,
  }));
  const seedStarted = Date.now();
  await seedPatients(db, patients, { kind: 'sensor_app', serial: 'SA' });
  await seedFollowers(db, followers, async (part) => {
    await db.insert(relations).values(
      part.map((f) => ({
        id: newId(),
        patientId: f.patientId,
        followerId: f.id,
        followerType: 'M' as const,
        state: 'accepted' as const,
        requestedBy: f.id,
      })),
    );
    await db.insert(alertSettings).values(
      part.map((f) => ({
        patientId: f.patientId,
        followerId: f.id,
        settings: defaultAlertSettings('mg/dL'),
      })),
    );
    await db.insert(pushSubscriptions).values(
      part.map((f) => ({
        endpoint: `${origin}/push/${f.id}`,
        userId: f.id,
        p256dh,
        auth: randomBytes(16).toString('base64url'),
      })),
    );
  });
  console.log(
    `${label}: ${PATIENTS} patients, ${FOLLOWERS} followers subscribed, seeded in ${Date.now() - seedStarted} ms`,
  );
  // The first round after a start looks at every watched patient; measured from the steady state.
  const firstRound = Date.now();
  await app.alertEngine.sweep();
  console.log(
    `${label}: first timer round over ${PATIENTS} watched patients took ${Date.now() - firstRound} ms`,
  );

  // The patients who get a reading: distinct, spread over the list.
  const chosen = [...new Set(Array.from({ length: READINGS }, (_, i) => (i * 7919) % PATIENTS))].map(
    (i) => patients[i]!,
  );
  const followersOf = new Map<string, string[]>();
  for (const f of followers) followersOf.set(f.patientId, [...(followersOf.get(f.patientId) ?? []), f.id]);
  let seq = 0;
  const readingTime = new Map<string, number>();
  const readings = (mgdl: number) =>
    chosen.map((p) => {
      const time = Date.now() - 1_000;
      readingTime.set(p.id, time);
      return {
        key: p.id,
        token: p.deviceToken,
        records: [{ type: 'sg', serial: 'TX', seq: ++seq, time, utc_offset_min: 0, mgdl }],
      };
    });
  const send = (items: ReturnType<typeof readings>) =>
    device.ask<{ sent: Sent[] }>({ type: 'send', url: base + API.ingest, items, gapMs: 5 }, 'sent');
  const collect = async (expected: number, within: number, keepFrom = 0) => {
    const got: Arrival[] = [];
    const end = Date.now() + within;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      const { arrivals } = await pushService.ask<{ arrivals: Arrival[] }>({ type: 'collect' }, 'collected');
      got.push(...arrivals.filter(([, at]) => at >= keepFrom));
      if (got.length >= expected) break;
    }
    return got;
  };

  // Bare baseline: the same device process posting a push-sized body to the push service.
  const bare = await device.ask<{ sent: Sent[] }>(
    { type: 'bare', origin, count: chosen.length, bytes: 4_000, gapMs: 5 },
    'sent',
  );
  const bareArrivals = await collect(bare.sent.length, 10_000);
  const bareAt = new Map(bareArrivals.map(([path, at]) => [path, at]));
  const bareLat = bare.sent.map((s) => bareAt.get(s.key)! - s.at).sort((a, b) => a - b);

  // 1. An urgent low for each chosen patient: reading sent → push received, per follower.
  const lows = await send(readings(50));
  const refused = lows.sent.filter((s) => s.status !== 200).length;
  const expected = chosen.length * 2;
  const pushes = await collect(expected, 30_000);
  const sentAt = new Map(lows.sent.map((s) => [s.key, s.at]));
  const patientOfFollower = new Map(followers.map((f) => [f.id, f.patientId]));
  const firstAt = new Map<string, number>();
  for (const [path, at, , encoding] of pushes) {
    const followerId = path.replace('/push/', '');
    if (encoding !== 'aes128gcm') continue;
    if (!firstAt.has(followerId)) firstAt.set(followerId, at);
  }
  const lat = [...firstAt]
    .map(([f, at]) => at - sentAt.get(patientOfFollower.get(f)!)!)
    .sort((a, b) => a - b);
  const s = summarize(lat);
  const bareS = summarize(bareLat);
  checkTarget(
    `${label} reading → push: ${chosen.length} urgent-low readings one after another (5 ms apart, ${refused} refused) ` +
      `for patients with two subscribed followers each: ${lat.length} of ${expected} pushes received; ` +
      `median ${fmt(s.median)} ms, p99 ${fmt(p99Of(lat))} ms, max ${fmt(lat.at(-1) ?? NaN)} ms; ` +
      `bare post to the push service: median ${fmt(bareS.median)} ms, p99 ${fmt(p99Of(bareLat))} ms, ` +
      `ratio of p99s ${fmt(p99Of(lat) / p99Of(bareLat), 2)}×; p99 (every push must arrive)`,
    lat.length === expected ? p99Of(lat) : NaN,
    '<=',
    1000,
    'ms',
  );

  // The glucose comes back up: the urgent lows end (no push), and these readings are the last.
  await send(readings(120));
  await collect(Infinity, 3_000);
  // 2. No data: the server's clock is moved so each chosen patient's 20-minute threshold passes in
  // the next seconds of real time; the 20 s timer must send each follower's alert within 60 s.
  const thresholdsAt = 2_000;
  const earliest = Math.min(...chosen.map((p) => readingTime.get(p.id)!));
  const movedAt = Date.now();
  offset = earliest + NO_DATA_MIN * MIN - (movedAt + thresholdsAt);
  const passesAt = new Map(chosen.map((p) => [p.id, readingTime.get(p.id)! + NO_DATA_MIN * MIN - offset]));
  const noData = await collect(expected, 120_000, performance.timeOrigin + performance.now());
  const firstNoData = new Map<string, number>();
  for (const [path, at] of noData) {
    const f = path.replace('/push/', '');
    if (!firstNoData.has(f) && at >= passesAt.get(patientOfFollower.get(f)!)!) firstNoData.set(f, at);
  }
  const late = [...firstNoData]
    .map(([f, at]) => (at - passesAt.get(patientOfFollower.get(f)!)!) / 1000)
    .sort((a, b) => a - b);
  checkTarget(
    `${label} no data: ${chosen.length} patients' ${NO_DATA_MIN}-minute thresholds passed (alert timer every 20 s); ` +
      `${late.length} of ${expected} no-data pushes received: after the threshold median ${fmt(summarize(late).median)} s, ` +
      `max ${fmt(late.at(-1) ?? NaN)} s (floor: the timer's 20 s interval; bare post ${fmt(bareS.median)} ms); latest`,
    late.length === expected ? (late.at(-1) ?? NaN) : NaN,
    '<=',
    60,
    's',
  );

  device.proc.send({ type: 'close' });
  pushService.proc.send({ type: 'close' });
  await app.close();
  await database.close();
  await drop?.();
}

for (const target of await benchDatabases(oneDatabasePerProcess('ALERTS_DB'))) await run(target);
process.exit(process.exitCode ?? 0);
