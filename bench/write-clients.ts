// The write-path benchmark's load generator, in its own process (forked by write-path.bench.ts) so
// the server's event loop is not shared with it: HTTP uploads on one keep-alive connection, and the
// bare baseline's INSERTs through `pg` on one connection (autocommit), all strictly sequential.
import { Client } from 'undici';
import pg from 'pg';
import { API } from '@cgm/contract';
import {
  BARE_MANY,
  BARE_ONE,
  bareMany,
  bareOne,
  deviceBody,
  nightscoutBody,
  readings,
  type ClientSetup,
  type FromClient,
  type Job,
  type JobResult,
  type ToClient,
} from './write-readings';

let setup: ClientSetup | undefined;
let http: Client | undefined;
let bare: pg.Client | undefined;

const send = (msg: FromClient) => process.send?.(msg);

async function post(path: string, headers: Record<string, string>, body: string): Promise<string> {
  const res = await http!.request({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`POST ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return text;
}

let checkedCount = false;

/**
 * The documents of a Nightscout answer that have an `_id` (stored ones; a refused one has `error`),
 * counted in the text: parsing 1,000 answered documents here took a millisecond of the request's
 * measured time, a cost of this client, not of the server's path. Checked against JSON.parse on
 * the first answer (checkedCount).
 */
function storedIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf('"_id":"'); at >= 0; at = text.indexOf('"_id":"', at + 7)) count++;
  if (!checkedCount) {
    const parsed = (JSON.parse(text) as Array<{ _id?: string }>).filter((d) => d._id).length;
    if (parsed !== count) throw new Error(`answer counted ${count} stored, parsed ${parsed}`);
    checkedCount = true;
  }
  return count;
}

/** Sends one request; answers how many readings the server stored. */
async function upload(api: Job['api'], body: string): Promise<number> {
  const s = setup!;
  if (api !== 'nightscout') {
    const token = api === 'device' ? s.deviceToken : s.sameBatchToken;
    const text = await post(API.ingest, { authorization: `Bearer ${token}` }, body);
    return (JSON.parse(text) as { stored: number }).stored;
  }
  const text = await post('/api/v1/entries', { 'api-secret': s.nightscoutSecretSha1 }, body);
  return storedIn(text);
}

async function run(job: Job): Promise<JobResult> {
  const s = setup!;
  const line = s[job.api];
  const out: JobResult = { http: [], bare: [], stored: 0 };
  for (let i = 0; i < job.count; i++) {
    const rows = readings(line, job.from + i * job.size, job.size);
    if (job.bare) {
      const params: unknown[] = rows.length === 1 ? bareOne(rows[0]!) : bareMany(rows);
      const sql = rows.length === 1 ? BARE_ONE : BARE_MANY;
      const t = performance.now();
      await bare!.query(sql, params);
      out.bare.push(performance.now() - t);
    }
    const body = job.api === 'nightscout' ? nightscoutBody(rows) : deviceBody(rows);
    const main = async () => {
      const t = performance.now();
      out.stored += await upload(job.api, body);
      out.http.push(performance.now() - t);
    };
    if (!job.alongside) {
      await main();
      continue;
    }
    const same = deviceBody(readings(s.sameBatch, job.from + i * job.size, job.size));
    const alongside = async () => {
      const t = performance.now();
      out.alongsideStored = (out.alongsideStored ?? 0) + (await upload('sameBatch', same));
      (out.alongsideHttp ??= []).push(performance.now() - t);
    };
    // Which goes first alternates, so neither gains from following the other.
    if (i % 2 === 0) await main().then(alongside);
    else await alongside().then(main);
  }
  return out;
}

// The benchmark stopped (a failed check throws there): this process goes with it, not left running.
process.on('disconnect', () => process.exit(0));

process.on('message', (msg: ToClient) => {
  void (async () => {
    try {
      if (msg.type === 'setup') {
        setup = msg.setup;
        http = new Client(setup.base, { pipelining: 1, keepAliveTimeout: 120_000 });
        if (setup.databaseUrl) {
          bare = new pg.Client({ connectionString: setup.databaseUrl });
          await bare.connect();
        }
        send({ type: 'ready' });
      } else if (msg.type === 'job') {
        send({ type: 'done', result: await run(msg.job) });
      } else {
        await http?.close();
        await bare?.end();
        process.disconnect();
      }
    } catch (e) {
      send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  })();
});
