// Command line of `npm run simulate`: where to send, how to authenticate (a device token, or a
// patient's user name and password to register a device), which patient (seed), how fast, how much
// history first, from when and for how long.

import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run simulate -- [options]

Streams a virtual patient's sensor, pump and PDM records to the ingest API, like a device app.

  --url <url>             server (default http://localhost:8080)
  --device-token <token>  token of a registered device app (POST /api/v2.0/devices)
  --username <name>       or sign in as the patient ...
  --password <password>   ... and register a patch app device for the stream
  --seed <n>              which virtual patient (default 7)
  --speed <n>             simulated minutes per real minute (default 1 = real time)
  --history-days <n>      send this many days of history first (default 0)
  --start <ISO time>      simulated start of the stream (default: now; with --speed > 1, 24 hours
                          ago, so the stream catches up with real time and then goes on at it)
  --hours <n>             stop after this many simulated hours (default: run until stopped)
  --batch-size <n>        records per request at most (default 1000)
  --help                  this text
`;

export interface CliOptions {
  url: string;
  deviceToken: string | null;
  username: string | null;
  password: string | null;
  seed: number;
  speed: number;
  historyDays: number;
  start: number;
  hours: number | null;
  batchSize: number;
}

function number(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}`);
  return n;
}

/** Parsed options, or the usage text when help was asked for. Throws on bad input. */
export function parseCli(argv: readonly string[], now: number): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      'device-token': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      seed: { type: 'string' },
      speed: { type: 'string' },
      'history-days': { type: 'string' },
      start: { type: 'string' },
      hours: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const deviceToken = values['device-token'] ?? null;
  const username = values.username ?? null;
  const password = values.password ?? null;
  if (!deviceToken && !(username && password)) {
    throw new Error('give --device-token, or --username and --password');
  }
  const speed = number('speed', values.speed, 1, Number.MIN_VALUE);
  let start = speed > 1 ? now - 24 * 3_600_000 : now;
  if (values.start !== undefined) {
    start = Date.parse(values.start);
    if (!Number.isFinite(start)) throw new Error('--start must be an ISO date and time');
  }
  if (start > now) throw new Error('--start must not be in the future (a device cannot report it)');
  return {
    url: values.url ?? 'http://localhost:8080',
    deviceToken,
    username,
    password,
    seed: Math.trunc(number('seed', values.seed, 7, 0)),
    speed,
    historyDays: number('history-days', values['history-days'], 0, 0),
    start,
    hours: values.hours === undefined ? null : number('hours', values.hours, 0, 0),
    batchSize: Math.trunc(number('batch-size', values['batch-size'], 1000, 1)),
  };
}
