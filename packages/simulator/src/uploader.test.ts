import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '@cgm/contract';
import { Uploader } from './uploader';

const record = (seq: number): DeviceRecord => ({
  type: 'sg',
  serial: 'TX1',
  seq,
  time: Date.UTC(2025, 0, 1) + seq * 120_000,
  utc_offset_min: 60,
  mgdl: 120,
  rate: 4,
});

type Reply = number | 'down';

/** A fake server answering each request with the next reply; it records what it was sent. */
function server(replies: Reply[]) {
  const received: DeviceRecord[][] = [];
  const headers: Array<Record<string, string>> = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    const reply = replies.shift() ?? 200;
    if (reply === 'down') throw new TypeError('fetch failed');
    const body = JSON.parse(String(init?.body)) as { records: DeviceRecord[] };
    received.push(body.records);
    headers.push(init?.headers as Record<string, string>);
    const n = body.records.length;
    const json =
      reply === 200 ? { error: 0, stored: n, duplicates: 0, rejected: 0, problems: [] } : { error: 1 };
    return new Response(JSON.stringify(json), {
      status: reply,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, received, headers };
}

function uploader(s: ReturnType<typeof server>, batchSize = 10) {
  const lines: string[] = [];
  const sleeps: number[] = [];
  const u = new Uploader({
    url: 'http://portal.test/',
    token: 'device-token',
    batchSize,
    fetch: s.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: (line) => lines.push(line),
  });
  return { u, lines, sleeps };
}

describe('Uploader', () => {
  it('sends batches in order with the device token and prints a line per batch', async () => {
    const s = server([]);
    const { u, lines } = uploader(s);
    u.push(Array.from({ length: 25 }, (_, i) => record(i)));
    await u.idle();
    expect(s.received.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(s.received.flat().map((r) => r.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(s.headers[0]!.authorization).toBe('Bearer device-token');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/sent 10 records: 10 stored, 0 duplicates, 0 rejected \(queue 15\)/);
    expect(u.totals).toMatchObject({ batches: 3, stored: 25 });
  });

  it('keeps the records while the server is unreachable and resends the same batch', async () => {
    const s = server(['down', 'down', 503, 200]);
    const { u, sleeps } = uploader(s);
    u.push([record(1), record(2)]);
    await u.idle();
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(s.received).toHaveLength(2);
    expect(s.received[1]).toEqual(s.received[0]);
    expect(u.pending).toBe(0);
    expect(u.totals.retries).toBe(3);
  });

  it('halves the batch when the body is too large', async () => {
    const s = server([413]);
    const { u } = uploader(s, 8);
    u.push(Array.from({ length: 8 }, (_, i) => record(i)));
    await u.idle();
    expect(s.received.map((b) => b.length)).toEqual([8, 4, 4]);
  });

  it('stops for good when the token is refused, and drops a batch the server calls invalid', async () => {
    const refused = server([401]);
    const a = uploader(refused);
    a.u.push([record(1)]);
    await a.u.idle();
    expect(a.u.fatal).not.toBeNull();
    expect(a.u.pending).toBe(1);

    const invalid = server([400, 200]);
    const b = uploader(invalid, 1);
    b.u.push([record(1), record(2)]);
    await b.u.idle();
    expect(b.u.totals).toMatchObject({ dropped: 1, stored: 1 });
  });
});
