import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// An uploader's credential is kept by the process for a minute for POST /api/v1/entries
// (access/nightscout-kept.ts): the write confirms it itself. Revoked within that minute, the next
// upload is refused (401) and stores nothing, whether its entries are new (one statement) or change
// stored ones (the transaction); reads are refused at once as well.

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
let http: Http;
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const entry = (minutesAgo: number, sgv: number): Loose => ({
  type: 'sgv',
  date: now - minutesAgo * MIN,
  sgv,
  device: 'xDrip-G6',
});

async function storedSgv(): Promise<unknown[]> {
  const reader = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'reader');
  const res = await http.req('GET', `/api/v1/entries.json?count=100&token=${reader.token}`);
  return (res.body as Loose[]).map((d) => [(now - Number(d.date)) / MIN, d.sgv]);
}

describe('a kept uploader credential', () => {
  it('writes nothing once revoked, new entries or changed ones, within the minute it is kept', async () => {
    const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'xDrip+');
    const h = { 'api-secret': cred.api_secret_sha1 };
    const post = (body: Loose[]) => http.req('POST', '/api/v1/entries', { headers: h, body });
    expect((await post([entry(20, 100), entry(15, 101)])).status).toBe(200);
    // Kept now: the next upload is written from the cache, and still goes through.
    expect((await post([entry(10, 102)])).status).toBe(200);

    const revoked = await t.call(
      'POST',
      `/api/v2.0/nightscout/${p.ids.patient}/credentials/${cred.credential.id}/revoke`,
      { token: p.tokens.patient },
    );
    expect(revoked.status).toBe(200);
    // A new entry (the one-statement write) and a changed one (the transaction).
    const fresh = await post([entry(5, 103)]);
    expect(fresh.status).toBe(401);
    expect(fresh.body).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect((await post([entry(10, 150)])).status).toBe(401);
    expect((await http.req('GET', '/api/v1/entries.json', { headers: h })).status).toBe(401);
    expect(await storedSgv()).toEqual([
      [10, 102],
      [15, 101],
      [20, 100],
    ]);
  });
});
