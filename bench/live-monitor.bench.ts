// Targets: from a reading accepted by the ingest API to the waiting long-poll reply of a follower,
// p99 at most 50 ms with 5,000 followers waiting on one server process (issue "Device data and live
// monitoring", on PGlite), and at most 100 ms with 50,000 on PostgreSQL (issue 21); memory per
// waiting follower at most 10 KiB; the device's POST no slower with all followers of its patient
// waiting than with none (issue 21).
//
// Two scenarios, one server process (this one) and the followers on raw keep-alive sockets in
// client processes of up to 12,500 each (the machine's two cores are shared by all):
// - spread: every follower watches their own patient (2,500 patients, two followers each, as a
//   carer and a clinician would); readings arrive for one patient after another, and each answer's
//   latency is measured from the moment its patient's ingest request was sent. This is the target.
// - fan-out: all 5,000 watch one patient, and one reading wakes them all at once (the worst case).
import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fetch } from 'undici';
import { API } from '@cgm/contract';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/platform/config';
import { relations, sessions } from '../apps/server/src/platform/db/schema';
import { newId, newToken, sha256, setPasswordCostForTests } from '../apps/server/src/platform/lib/crypto';
import { startBareLongPoll } from './bare-long-poll';
import { seedFollowers, seedPatients } from './seed-people';
import {
  benchDatabases,
  checkTarget,
  fmt,
  oneDatabasePerProcess,
  summarize,
  type BenchDatabase,
} from './support';

// Followers on PostgreSQL (FOLLOWERS) and on PGlite (PGLITE_FOLLOWERS); LIVE_DB=PostgreSQL (or
// PGlite) runs one of the two.
const FOLLOWERS_ON: Record<string, number> = {
  PostgreSQL: Number(process.env.FOLLOWERS ?? 50_000),
  PGlite: Number(process.env.PGLITE_FOLLOWERS ?? 5000),
};
const READINGS = Number(process.env.READINGS ?? 400);
const PER_CLIENT_PROCESS = 12_500;
/** Sockets this process needs open at once: one per follower, and spare. */
const FD_NEEDED = Math.max(...Object.values(FOLLOWERS_ON)) + 4096;
setPasswordCostForTests(2 ** 10);

/**
 * The followers one process can hold here: a machine (a container) may cap open files below what
 * the target asks; the run then says so and measures as many as fit.
 */
function followersFor(label: string): number {
  const asked = FOLLOWERS_ON[label] ?? 5000;
  const limit = Number(process.env.LIVE_BENCH_FD_LIMIT ?? Infinity);
  const fit = Math.floor((limit - 2048) / 1000) * 1000;
  if (fit >= asked) return asked;
  console.log(
    `${label}: this machine allows ${limit} open files per process (ulimit -n, not raisable here): ` +
      `${fit} followers instead of ${asked}`,
  );
  return fit;
}

async function run({ label, url, open, drop }: BenchDatabase): Promise<void> {
  const FOLLOWERS = followersFor(label);
  const PATIENTS = FOLLOWERS / 2;
  const database = await open();
  const { app, ctx } = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: url }),
    database,
  });
  // When the server had written each device POST's answer (ms from its arrival), the server's side
  // of "the device's POST is not held up by its followers": the device's own process shares the
  // two cores with the clients' processes, whose wake-up storm delays its reading of the answer.
  const ingestAnswered: number[] = [];
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'POST' && req.url === API.ingest) ingestAnswered.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 8192 });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const db = database.db;

  // Patients (each with a device app), a shared patient, and followers with accepted connections.
  const expiresAt = new Date(Date.now() + 86400_000);
  const patients = Array.from({ length: PATIENTS }, () => ({ id: newId(), deviceToken: newToken() }));
  const shared = { id: newId(), deviceToken: newToken() };
  const followers = Array.from({ length: FOLLOWERS }, (_, i) => ({
    id: newId(),
    token: newToken(),
    patientId: patients[i % PATIENTS]!.id,
  }));
  const allPatients = [...patients, shared];
  await seedPatients(db, allPatients, { kind: 'patch_app', serial: 'PB' });
  await seedFollowers(db, followers, async (part) => {
    await db.insert(sessions).values(
      part.map((f) => ({
        id: newId(),
        userId: f.id,
        tokenHash: sha256(f.token),
        kind: 'user' as const,
        expiresAt,
      })),
    );
    await db.insert(relations).values(
      part.flatMap((f) =>
        [f.patientId, shared.id].map((patientId) => ({
          id: newId(),
          patientId,
          followerId: f.id,
          followerType: 'M' as const,
          state: 'accepted' as const,
          requestedBy: f.id,
        })),
      ),
    );
  });

  let seq = 0;
  const ingest = (deviceToken: string) =>
    fetch(base + API.ingest, {
      method: 'POST',
      headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        records: [
          { type: 'sg', serial: 'TX', seq: ++seq, time: Date.now() - 1000, utc_offset_min: 0, mgdl: 120 },
        ],
      }),
    }).then((r) => r.arrayBuffer());

  // Clients in processes of their own, each with a slice of the followers (indexes stay global).
  const slices = Array.from({ length: Math.ceil(FOLLOWERS / PER_CLIENT_PROCESS) }, (_, i) => ({
    offset: i * PER_CLIENT_PROCESS,
    followers: followers.slice(i * PER_CLIENT_PROCESS, (i + 1) * PER_CLIENT_PROCESS),
    process: fork(fileURLToPath(new URL('./live-clients.worker.mjs', import.meta.url)), [], {
      serialization: 'advanced',
    }),
  }));
  type Collected = { arrivals: Array<[number, number]>; statuses: { ok: number; other: number } };
  const askOne = <T>(client: (typeof slices)[number]['process'], msg: object, answer: string) =>
    new Promise<T>((resolve) => {
      const on = (m: unknown) => {
        if ((m as { type: string }).type !== answer) return;
        client.off('message', on);
        resolve(m as T);
      };
      client.on('message', on);
      client.send(msg);
    });
  /** Sends to every client process; 'init' gets each its slice; 'collect' joins their arrivals. */
  const ask = async <T>(msg: { type: string } & Record<string, unknown>, answer: string): Promise<T> => {
    const answers = await Promise.all(
      slices.map((c) =>
        askOne<Collected>(
          c.process,
          msg.type === 'init' ? { ...msg, followers: c.followers } : msg,
          answer,
        ).then((a) => ({ a, offset: c.offset })),
      ),
    );
    if (answer !== 'collected') return answers[0]!.a as T;
    return {
      type: 'collected',
      arrivals: answers.flatMap(({ a, offset }) => a.arrivals.map(([i, at]) => [i + offset, at])),
      statuses: {
        ok: answers.reduce((n, { a }) => n + a.statuses.ok, 0),
        other: answers.reduce((n, { a }) => n + a.statuses.other, 0),
      },
    } as T;
  };
  await ask(
    { type: 'init', host: '127.0.0.1', port, path: API.monitorData, followers, sharedPatientId: shared.id },
    'ready',
  );

  async function allWaiting(): Promise<number> {
    const started = Date.now();
    while (app.monitorRoom.stats().waiting < FOLLOWERS) {
      if (Date.now() - started > 180_000)
        throw new Error(`only ${app.monitorRoom.stats().waiting} polls waiting`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  }
  const now = () => performance.timeOrigin + performance.now();

  /**
   * Readings for one patient after another, each waking that patient's followers: the latency of
   * each answer from the moment its patient's reading was sent. Run against the portal, then with
   * the same clients against the bare long-poll server (bare-long-poll.ts).
   */
  async function spread(send: (patientId: string) => Promise<unknown>, waiting: () => number) {
    const started = Date.now();
    // Their patients have no data yet (event number 0): each reading's answer carries it.
    await ask({ type: 'start', eventNo: 0, watching: 'own' }, 'started');
    while (waiting() < FOLLOWERS) {
      if (Date.now() - started > 180_000) throw new Error(`only ${waiting()} polls waiting`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const setupMs = Date.now() - started;
    const sentAt = new Map<string, number>();
    for (let i = 0; i < READINGS; i++) {
      const p = patients[(i * 7919) % PATIENTS]!;
      if (sentAt.has(p.id)) continue;
      sentAt.set(p.id, now());
      await send(p.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 500));
    const collected = await ask<Collected>({ type: 'collect' }, 'collected');
    const latencies = collected.arrivals
      .map(([index, at]) => at - (sentAt.get(followers[index]!.patientId) ?? NaN))
      .filter((x) => Number.isFinite(x))
      .sort((a, b) => a - b);
    const p99 = latencies[Math.floor(0.99 * (latencies.length - 1))] ?? NaN;
    return { setupMs, readings: sentAt.size, latencies, p99, s: summarize(latencies) };
  }
  const tokenOf = new Map(patients.map((p) => [p.id, p.deviceToken]));

  // Scenario 1: spread, against the bare baseline first (the same clients, sockets and pattern).
  const bare = await startBareLongPoll();
  await ask(
    {
      type: 'init',
      host: '127.0.0.1',
      port: bare.port,
      path: API.monitorData,
      followers,
      sharedPatientId: shared.id,
    },
    'ready',
  );
  const floor = await spread(async (patientId) => bare.trigger(patientId), bare.waiting);
  await bare.close();
  await ask(
    { type: 'init', host: '127.0.0.1', port, path: API.monitorData, followers, sharedPatientId: shared.id },
    'ready',
  );
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPerFollower = NaN;
  const real = await spread(
    (patientId) => {
      if (Number.isNaN(heapPerFollower)) {
        // What the waiting polls hold, not garbage yet to be collected.
        (globalThis as { gc?: () => void }).gc?.();
        heapPerFollower = (process.memoryUsage().heapUsed - heapBefore) / FOLLOWERS;
      }
      return ingest(tokenOf.get(patientId)!);
    },
    () => app.monitorRoom.stats().waiting,
  );
  const spreadLimit = label === 'PostgreSQL' ? 100 : 50;
  checkTarget(
    `${label} spread: ${FOLLOWERS} followers waiting (all polls open after ${real.setupMs} ms) over ${PATIENTS} patients; ` +
      `${real.readings} readings sent one after another woke ${real.latencies.length} followers: ` +
      `median ${fmt(real.s.median)} ms, p99 ${fmt(real.p99)} ms, max ${fmt(real.latencies.at(-1) ?? NaN)} ms; ` +
      `server heap per waiting follower ≈ ${fmt(heapPerFollower / 1024)} KiB; ` +
      `bare long-poll server: median ${fmt(floor.s.median)} ms, p99 ${fmt(floor.p99)} ms, ratio of p99s ${fmt(real.p99 / floor.p99, 2)}×; p99`,
    real.latencies.length ? real.p99 : NaN,
    '<=',
    spreadLimit,
    'ms',
  );
  // Issue 21's targets for memory and the device's POST are set for PostgreSQL; on PGlite (the
  // database on the server's own thread) the figures are shown beside them.
  const onPostgres = label === 'PostgreSQL';
  const heapLine = `${label}: server heap per waiting follower (${FOLLOWERS} waiting)`;
  if (onPostgres) checkTarget(heapLine, heapPerFollower / 1024, '<=', 10, 'KiB');
  else console.log(`${heapLine}: ${fmt(heapPerFollower / 1024)} KiB`);

  // The device's POST with nobody waiting on its patient, while the followers of scenario 1 have
  // gone: the figure the fan-out's POST is compared with.
  while (app.monitorRoom.stats().waiting > 0) await new Promise((r) => setTimeout(r, 50));
  let postSeq = 1;
  /** Single new readings for the shared patient from a device in a process of its own. */
  const devicePosts = async (count: number): Promise<{ samples: number[]; sentAt: number[] }> => {
    const child = fork(
      fileURLToPath(new URL('./device-posts.mjs', import.meta.url)),
      [base + API.ingest, shared.deviceToken, String(count), String(postSeq)],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], execArgv: [] },
    );
    postSeq += count;
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    const { samples, sentAt, failures } = JSON.parse(out.trim().split('\n').at(-1)!) as {
      samples: number[];
      sentAt: number[];
      failures: number;
    };
    if (failures) throw new Error(`${failures} device posts failed`);
    return { samples, sentAt };
  };
  // Each side is the median of ROUNDS posts, each from a device process of its own (a fresh
  // keep-alive connection), so garbage collections and scheduling hiccups decide neither: with 5,
  // two slow posts of 17,000 followers' re-polling moved the median by half on this machine.
  const ROUNDS = 9;
  const alone = { client: [] as number[], server: [] as number[] };
  for (let k = 0; k < ROUNDS; k++) {
    ingestAnswered.length = 0;
    alone.client.push((await devicePosts(1)).samples[0]!);
    alone.server.push(ingestAnswered[0] ?? NaN);
  }
  const aloneMs = summarize(alone.client).median;
  const aloneServerMs = summarize(alone.server).median;

  // Scenario 2: fan-out to all followers of one patient (after scenario 1's polls have closed).
  // The followers have seen the patient's data so far, as the web app has after its status call;
  // answered, each polls again, so every round finds all of them waiting.
  await ask({ type: 'start', eventNo: ctx.bus.latest(shared.id), watching: 'shared' }, 'started');
  const crowd = { client: [] as number[], server: [] as number[] };
  const fanLat: number[] = [];
  let answered = 0;
  for (let k = 0; k < ROUNDS; k++) {
    await allWaiting();
    await new Promise((r) => setTimeout(r, 200));
    ingestAnswered.length = 0;
    const post = await devicePosts(1);
    crowd.client.push(post.samples[0]!);
    crowd.server.push(ingestAnswered[0] ?? NaN);
    const t0 = post.sentAt[0]!;
    await new Promise((r) => setTimeout(r, 1500));
    const fan = await ask<Collected>({ type: 'arrivals' }, 'collected');
    answered += fan.arrivals.length;
    fanLat.push(...fan.arrivals.map(([, at]) => at - t0));
  }
  await ask<Collected>({ type: 'collect' }, 'collected');
  fanLat.sort((a, b) => a - b);
  const f = summarize(fanLat);
  console.log(
    `${label} fan-out (worst case): one reading for a patient with ${FOLLOWERS} waiting followers, ${ROUNDS} times: ` +
      `${answered} answers; median ${fmt(f.median)} ms, p99 ${fmt(fanLat[Math.floor(0.99 * (fanLat.length - 1))] ?? NaN)} ms, ` +
      `last ${fmt(fanLat.at(-1) ?? NaN)} ms`,
  );
  // Fan-out runs after the device's answer (live-bus.ts): its POST must not wait for the followers.
  const crowdMs = summarize(crowd.client).median;
  const crowdServerMs = summarize(crowd.server).median;
  console.log(
    `${label}: the device's POST as its own process saw it, with ${FOLLOWERS} followers of its patient ` +
      `waiting: median ${fmt(crowdMs)} ms of ${ROUNDS}; with none: median ${fmt(aloneMs)} ms of ${ROUNDS} ` +
      `(${fmt(crowdMs / aloneMs, 2)}×)`,
  );
  const postLine =
    `${label}: the device's POST answered by the server with ${FOLLOWERS} followers of its patient ` +
    `waiting: median ${fmt(crowdServerMs)} ms of ${ROUNDS} (${crowd.server.map((v) => fmt(v)).join(', ')}), ` +
    `with none: median ${fmt(aloneServerMs)} ms of ${ROUNDS}; ratio`;
  if (onPostgres) checkTarget(postLine, crowdServerMs / aloneServerMs, '<=', 2, '×');
  else console.log(`${postLine} ${fmt(crowdServerMs / aloneServerMs, 2)}×`);

  for (const c of slices) c.process.send({ type: 'close' });
  await app.close();
  await database.close();
  await drop?.();
}

/**
 * Each follower holds a socket in this process: below the limit it needs, the benchmark runs itself
 * again in a shell that raises the limit (`ulimit -n`, allowed up to the hard limit, or beyond it
 * as root); the client processes it forks inherit it.
 */
async function withEnoughSockets(): Promise<boolean> {
  if (process.env.LIVE_BENCH_FD_RAISED) return false;
  const child = spawn(
    'sh',
    [
      '-c',
      `ulimit -n ${FD_NEEDED} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; export LIVE_BENCH_FD_LIMIT="$(ulimit -n)"; exec "$0" "$@"`,
      process.execPath,
      '--expose-gc',
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, LIVE_BENCH_FD_RAISED: '1' } },
  );
  process.exitCode = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return true;
}

const onlyDb = oneDatabasePerProcess('LIVE_DB');
if (!(await withEnoughSockets())) {
  for (const target of await benchDatabases(onlyDb)) await run(target);
}
// Open sockets of the clients' processes may keep handles: leave with the targets' verdict.
process.exit(process.exitCode ?? 0);
