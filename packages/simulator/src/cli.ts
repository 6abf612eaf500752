// `npm run simulate -- …`: a virtual patient's device app. Signs in and registers a device if
// asked to, sends the history first, then streams live records as simulated time advances (never
// ahead of the real clock: the server refuses records from the future).

import { API, deviceRegisterResponse, loginResponse } from '@cgm/contract';
import { MS_PER_DAY } from '@cgm/domain';
import { parseCli, USAGE, type CliOptions } from './cli-args';
import { generateHistory } from './history';
import { simulateLive } from './live';
import type { PatientProfile } from './profile';
import { randomProfile } from './random-profile';
import { Uploader } from './uploader';

/** Most records held in memory before the stream waits for the server. */
const MAX_QUEUE = 50_000;

async function postJson(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** Signs in as the patient and registers a patch app device; returns its token. */
async function registerDevice(o: CliOptions, profile: PatientProfile): Promise<string> {
  const base = o.url.replace(/\/+$/, '');
  const login = await postJson(`${base}${API.login}`, {
    username: o.username,
    password: o.password,
    user_type: 'P',
  });
  const session = loginResponse.safeParse(login.json);
  if (!session.success || session.data.error !== 0 || !session.data.token) {
    const code = session.success ? session.data.error : `HTTP ${login.status}`;
    const hint = code === 63 ? ' (the account has two-factor sign-in: use --device-token)' : '';
    throw new Error(`sign-in failed: error ${code}${hint}`);
  }
  const name = `Simulator (seed ${profile.seed})`;
  const reg = await postJson(
    `${base}${API.devices}`,
    { kind: 'patch_app', serial: profile.serials.pdm, name },
    session.data.token,
  );
  const device = deviceRegisterResponse.safeParse(reg.json);
  if (!device.success) throw new Error(`device registration failed: HTTP ${reg.status}`);
  console.log(
    `registered device ${device.data.device_id}; to stream again without signing in: --device-token ${device.data.device_token}`,
  );
  return device.data.device_token;
}

async function main(): Promise<void> {
  const parsed = parseCli(process.argv.slice(2), Date.now());
  if (parsed === 'help') {
    console.log(USAGE);
    return;
  }
  const o = parsed;
  const profile = randomProfile(o.seed);
  console.log(
    `patient ${profile.name} (seed ${o.seed}): ${profile.control} control, ${profile.therapy} therapy; ` +
      `transmitter ${profile.serials.transmitter}, pump base ${profile.serials.pumpBase}, PDM ${profile.serials.pdm}`,
  );
  const token = o.deviceToken ?? (await registerDevice(o, profile));
  const uploader = new Uploader({ url: o.url, token, batchSize: o.batchSize });
  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('stopping: sending what is queued (Ctrl-C again to quit now)');
  });

  const historyFrom = o.start - o.historyDays * MS_PER_DAY;
  if (o.historyDays > 0) {
    const history = generateHistory(profile, { from: historyFrom, days: o.historyDays });
    console.log(`history: ${history.records.length} records over ${o.historyDays} days`);
    uploader.push(history.records);
  }
  const until = o.hours === null ? undefined : o.start + o.hours * 3_600_000;
  // About one batch every two real seconds, at least one per sensor reading (2 simulated minutes).
  const stepMinutes = Math.max(2, 2 * Math.round(o.speed / 60));
  const live = simulateLive(profile, {
    start: o.start,
    speed: o.speed,
    historyFrom,
    until,
    stepMinutes,
    limit: (now) => now,
  });
  console.log(`streaming from ${new Date(o.start).toISOString()} at ${o.speed}× real time`);
  for await (const batch of live) {
    uploader.push(batch.records);
    if (uploader.pending > MAX_QUEUE) await uploader.idle();
    if (uploader.fatal || stopping) break;
  }
  await uploader.idle();
  const t = uploader.totals;
  console.log(
    `done: ${t.batches} batches, ${t.stored} stored, ${t.duplicates} duplicates, ${t.rejected} rejected`,
  );
  if (uploader.fatal) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(`simulate: ${(e as Error).message}`);
  console.error('Run with --help for the options.');
  process.exitCode = 1;
});
