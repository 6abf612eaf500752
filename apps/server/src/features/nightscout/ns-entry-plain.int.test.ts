import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { uploaderSession, type Http } from '../../../test-support/ns-test-client';

// Plain sensor entries kept as the arrays of their hour row (migration 0025,
// adapters/nightscout/ns-entry-plain.ts), over real HTTP: which entries are plain, that each reads
// back (v1, v3 by identifier and by `_id`, history) exactly as the write answered it, and that a
// resend, a change and a delete find it.

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
let http: Http;
let h: Record<string, string>;
let v3: Record<string, string>;
let get: (path: string) => Promise<Loose[]>;
let post: (body: unknown[]) => Promise<Loose[]>;
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const HOUR = 3_600_000;
const at = Math.floor((now - 5 * HOUR) / HOUR) * HOUR + 2 * MIN;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  ({ http, h, v3, get, post } = await uploaderSession(t, p.ids.patient, p.tokens.patient));
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(q)) as unknown as { rows: Loose[] }).rows;
const hourRow = async () =>
  (
    await rows(sql`select json_array_length(items) as items, cardinality(plain_t) as plain, plain_device
      from nightscout_entry_hours where patient_id = ${p.ids.patient} and hour = ${Math.floor(at / HOUR)}`)
  ).map((r) => ({ items: Number(r.items), plain: Number(r.plain), device: r.plain_device }))[0];
const iso = (ms: number) => new Date(ms).toISOString();
const entry = (ms: number, sgv: number, extra: Loose = {}): Loose => ({
  type: 'sgv',
  sgv,
  date: ms,
  dateString: iso(ms),
  direction: 'Flat',
  device: 'xDrip-LimiTTer',
  ...extra,
});
const v3Get = async (key: string) => (await http.req('GET', `/api/v3/entries/${key}`, { headers: v3 })).body;

describe('plain entries', () => {
  let answers: Loose[] = [];

  it('keeps plain entries as arrays and every other entry of the hour as an item', async () => {
    answers = await post([
      entry(at, 101),
      entry(at + 5 * MIN, 102, { direction: 'NOT COMPUTABLE' }),
      { type: 'sgv', sgv: 103, date: at + 10 * MIN, device: 'xDrip-LimiTTer' },
      // Not plain: another device in the hour, a direction Nightscout does not know, another field,
      // a fractional value, the client's own identifier.
      entry(at + 15 * MIN, 104, { device: 'AndroidAPS-DexcomG6' }),
      entry(at + 20 * MIN, 105, { direction: 'Sideways' }),
      entry(at + 25 * MIN, 106, { noise: 1 }),
      entry(at + 30 * MIN, 107.5),
      entry(at + 35 * MIN, 108, { identifier: 'client-named' }),
    ]);
    expect(answers.map((a) => a.sgv)).toEqual([101, 102, 103, 104, 105, 106, 107.5, 108]);
    expect(await hourRow()).toEqual({ items: 5, plain: 3, device: 'xDrip-LimiTTer' });
  });

  it('reads each back as the write answered it: v1, v3 by identifier and by _id', async () => {
    const v1 = await get('/api/v1/entries.json?count=100');
    for (const answered of answers) {
      // v1 shows an identifier only when the client named one.
      const read = v1.find((d) => d._id === answered._id);
      expect({ ...read, identifier: answered.identifier }).toEqual(answered);
      const { result } = await v3Get(String(answered.identifier));
      expect(result).toMatchObject({ ...answered, identifier: answered.identifier });
      expect((await v3Get(String(answered._id))).result).toEqual(result);
    }
    const plain = v1.find((d) => d.sgv === 101)!;
    expect(plain).toEqual({
      _id: answers[0]!._id,
      type: 'sgv',
      sgv: 101,
      date: at,
      dateString: iso(at),
      sysTime: iso(at),
      utcOffset: 0,
      direction: 'Flat',
      device: 'xDrip-LimiTTer',
    });
    // No direction sent, none read.
    expect(v1.find((d) => d.sgv === 103)).not.toHaveProperty('direction');
  });

  it('gives a treatment sent with a plain entry’s _id an _id of its own', async () => {
    const taken = String(answers[2]!._id);
    const res = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [{ _id: taken, eventType: 'Note', created_at: iso(at), notes: 'x' }],
    });
    expect(res.status).toBe(200);
    expect(res.body[0]._id).not.toBe(taken);
    expect((await get(`/api/v1/entries.json?find[_id]=${taken}`))[0]).toMatchObject({ sgv: 103 });
  });

  it('gives each entry its own srvModified in v3 history', async () => {
    const history = (await http.req('GET', '/api/v3/entries/history/0?limit=100', { headers: v3 })).body
      .result as Loose[];
    const mine = history.filter((d) => answers.some((a) => a._id === d._id));
    expect(mine).toHaveLength(answers.length);
    const modified = mine.map((d) => Number(d.srvModified));
    expect(new Set(modified).size).toBe(modified.length);
    expect(mine.every((d) => d.srvCreated === d.srvModified)).toBe(true);
  });

  it('finds a plain entry again: a resend is a duplicate, a change updates the same entry', async () => {
    const [again] = await post([entry(at, 101)]);
    expect(again!._id).toBe(answers[0]!._id);
    expect(await hourRow()).toEqual({ items: 5, plain: 3, device: 'xDrip-LimiTTer' });
    const created = (await v3Get(String(answers[0]!.identifier))).result as Loose;
    t.clock.set(new Date(now + MIN));
    const [changed] = await post([entry(at, 99)]);
    expect(changed).toMatchObject({ _id: answers[0]!._id, identifier: answers[0]!.identifier, sgv: 99 });
    const updated = (await v3Get(String(answers[0]!.identifier))).result as Loose;
    expect(updated).toMatchObject({ sgv: 99, srvCreated: created.srvCreated });
    expect(Number(updated.srvModified)).toBeGreaterThan(Number(created.srvModified));
    // Changed, it keeps when it was created: an item now, its neighbours stay plain.
    expect(await hourRow()).toEqual({ items: 6, plain: 2, device: 'xDrip-LimiTTer' });
  });

  it('deletes a plain entry by _id: a tombstone for v3 history, its neighbour stays', async () => {
    const gone = answers[1]!;
    const del = await http.req('DELETE', `/api/v1/entries/${String(gone._id)}`, { headers: h });
    expect(del.body.n).toBe(1);
    expect(await get(`/api/v1/entries.json?find[_id]=${String(gone._id)}`)).toEqual([]);
    expect((await get(`/api/v1/entries.json?find[_id]=${String(answers[2]!._id)}`))[0]!.sgv).toBe(103);
    const history = (await http.req('GET', '/api/v3/entries/history/0?limit=100', { headers: v3 })).body
      .result as Loose[];
    expect(history.find((d) => d.identifier === gone.identifier)).toMatchObject({ isValid: false });
    // The tombstone is an item.
    expect(await hourRow()).toEqual({ items: 7, plain: 1, device: 'xDrip-LimiTTer' });
  });
});
