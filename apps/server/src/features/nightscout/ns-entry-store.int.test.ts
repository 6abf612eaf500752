import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { uploaderSession, xdripDateString, type Http } from '../../../test-support/ns-test-client';

// Entries stored compactly, as items of one row per patient and hour (migration 0016,
// adapters/nightscout/ns-entry-store.ts), over real HTTP: what a client sent reads back field by
// field, a resend is one entry, deletes and v3 identifiers reach the items, and an entry stored as
// a document row before the migration is moved by it and still works.

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

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  ({ http, h, v3, get, post } = await uploaderSession(t, p.ids.patient, p.tokens.patient));
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(q)) as unknown as { rows: Loose[] }).rows;
const hourRows = async () =>
  (
    await rows(sql`select hour, json_array_length(items) + cardinality(plain_t) as n from nightscout_entry_hours
      where patient_id = ${p.ids.patient} order by hour`)
  ).map((r) => ({ hour: Number(r.hour), n: Number(r.n) }));
const monitorValues = async () => {
  const res = await t.call<{ status: MonitorStatus }>('GET', `${API.monitorStatus(p.ids.patient)}?hours=24`, {
    token: p.tokens.patient,
  });
  expect(res.status).toBe(200);
  return res.body.status.chart.sg.map((r) => r[1]);
};

/** An entry as xDrip+ uploads it, every field it has, in a +01:00 zone, and a field it does not. */
const xdrip = (at: number, sgv: number): Loose => ({
  device: 'xDrip-DexcomG6',
  date: at,
  dateString: xdripDateString(at, 60),
  sgv,
  delta: -1.5,
  direction: 'FortyFiveDown',
  type: 'sgv',
  filtered: 151000,
  unfiltered: 152500,
  rssi: 100,
  noise: 1,
  sysTime: xdripDateString(at, 60),
  utcOffset: 60,
  identifier: `xdrip-${at}`,
  someFutureField: { nested: [1, 'two'] },
});

describe('entries stored as items of hour rows', () => {
  const at = now - 3 * HOUR - 40 * MIN;

  it('reads back an xDrip+ entry with all its fields and an unknown one, v1 and v3', async () => {
    const sent = xdrip(at, 150);
    const [answer] = await post([sent]);
    const id = String(answer!._id);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const [v1] = await get(`/api/v1/entries.json?find[_id]=${id}`);
    const iso = new Date(at).toISOString();
    // Nightscout's normalising: times in UTC, the offset kept; everything else as sent.
    expect(v1).toEqual({ ...sent, _id: id, dateString: iso, sysTime: iso });
    const one = (await http.req('GET', `/api/v3/entries/${String(sent.identifier)}`, { headers: v3 })).body;
    expect(one.status).toBe(200);
    expect(one.result).toMatchObject({ ...sent, dateString: iso, sysTime: iso, identifier: sent.identifier });
    expect(one.result.srvModified).toBeGreaterThan(0);
    // One row for the hour, holding the entry; its reading is on the monitor.
    expect(await hourRows()).toEqual([{ hour: Math.floor(at / HOUR), n: 1 }]);
    expect(await monitorValues()).toContain(150);
  });

  it('stores a resent entry once, and a changed resend as an update of the same entry', async () => {
    const v3Entry = async () =>
      (await http.req('GET', `/api/v3/entries/xdrip-${at}`, { headers: v3 })).body.result as Loose;
    const created = await v3Entry();
    // A new entry is created and last modified at once (the item keeps one time for both).
    expect(created.srvCreated).toBe(created.srvModified);
    const before = await get('/api/v1/entries.json?count=100');
    const [again] = await post([xdrip(at, 150)]);
    expect(await get('/api/v1/entries.json?count=100')).toEqual(before);
    const [changed] = await post([{ ...xdrip(at, 152), noise: 2 }]);
    expect(changed!._id).toBe(again!._id);
    const after = await get('/api/v1/entries.json?count=100');
    expect(after).toHaveLength(before.length);
    expect(after[0]).toMatchObject({ _id: again!._id, sgv: 152, noise: 2 });
    expect(await monitorValues()).toContain(152);
    expect(await monitorValues()).not.toContain(150);
    // Changed, it keeps when it was created.
    const updated = await v3Entry();
    expect(updated.srvCreated).toBe(created.srvCreated);
    expect(Number(updated.srvModified)).toBeGreaterThan(Number(created.srvModified));
  });

  it('deletes by _id: the entry and its reading go, its neighbours in the hour stay', async () => {
    const [a, b] = await post([xdrip(at + 5 * MIN, 160), xdrip(at + 10 * MIN, 170)]);
    expect(await hourRows()).toEqual([{ hour: Math.floor(at / HOUR), n: 3 }]);
    const live = (await http.req('GET', `/api/v3/entries/xdrip-${at + 5 * MIN}`, { headers: v3 })).body
      .result as Loose;
    const del = await http.req('DELETE', `/api/v1/entries/${String(a!._id)}`, { headers: h });
    expect(del.body.n).toBe(1);
    expect(await get(`/api/v1/entries.json?find[_id]=${String(a!._id)}`)).toEqual([]);
    expect((await get(`/api/v1/entries.json?find[_id]=${String(b!._id)}`))[0]!.sgv).toBe(170);
    const values = await monitorValues();
    expect(values).toContain(170);
    expect(values).not.toContain(160);
    // A tombstone for v3 history, with its own srvModified.
    const history = (await http.req('GET', '/api/v3/entries/history/0?limit=100', { headers: v3 })).body;
    const gone = (history.result as Loose[]).find((d) => d.identifier === `xdrip-${at + 5 * MIN}`);
    expect(gone).toMatchObject({ isValid: false });
    // The tombstone keeps when the entry was created; its srvModified is the deletion's.
    expect(Number(gone!.srvModified)).toBeGreaterThan(Number(gone!.srvCreated));
    expect(gone!.srvCreated).toBe(live.srvCreated);
  });

  it('finds an entry by its identifier in another hour (v3 too) and moves it on update', async () => {
    const identifier = `xdrip-${at + 10 * MIN}`;
    const later = at + 2 * HOUR;
    // AndroidAPS resends a reading it corrected with the same identifier.
    const [moved] = await post([{ ...xdrip(later, 175), identifier }]);
    const one = (await http.req('GET', `/api/v3/entries/${identifier}`, { headers: v3 })).body;
    expect(one.result).toMatchObject({ identifier, sgv: 175, date: later });
    expect(one.result._id).toBe(moved!._id);
    const same = (await get('/api/v1/entries.json?count=100')).filter((e) => e.identifier === identifier);
    expect(same).toHaveLength(1);
    expect(await hourRows()).toEqual([
      { hour: Math.floor(at / HOUR), n: 2 },
      { hour: Math.floor(later / HOUR), n: 1 },
    ]);
  });

  it('gives a treatment sent with an entry’s _id an _id of its own', async () => {
    const [entry] = await get('/api/v1/entries.json?count=1');
    const res = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [
        { _id: entry!._id, eventType: 'Note', created_at: new Date(now - HOUR).toISOString(), notes: 'x' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body[0]._id).not.toBe(entry!._id);
    expect((await get(`/api/v1/entries.json?find[_id]=${String(entry!._id)}`))[0]).toEqual(entry);
  });
});

describe('an entry stored as a document row before migration 0016', () => {
  it('is moved into the hour rows unchanged, and is found, de-duplicated and deleted there', async () => {
    const at = now - 20 * HOUR;
    const doc = {
      type: 'sgv',
      sgv: 123,
      date: at,
      dateString: new Date(at).toISOString(),
      sysTime: new Date(at).toISOString(),
      utcOffset: 0,
      device: 'old-uploader',
      direction: 'Flat',
      legacy: true,
    };
    await t.ctx.db.execute(sql`insert into nightscout_documents
      (id, patient_id, collection, identifier, date, utc_offset_min, dedup_key, doc, srv_created, srv_modified, subject)
      values ('5f0c0ffee0c0ffee0c0ffee0', ${p.ids.patient}, 'entries', 'old-identifier',
        to_timestamp(${at} / 1000.0), 0, ${`sgv|${at}`}, ${JSON.stringify(doc)}::jsonb, 1000, 1000, 'xDrip+')`);
    // The migration's statements that move entries (its file, as the database ran it).
    const migration = readFileSync(
      new URL('../../../drizzle/0016_nightscout_entry_hours.sql', import.meta.url),
      'utf8',
    );
    const moves = migration
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO|DELETE FROM/.test(s));
    expect(moves).toHaveLength(2);
    for (const statement of moves) await t.ctx.db.execute(sql.raw(statement));
    expect(
      await rows(sql`select id from nightscout_documents where patient_id = ${p.ids.patient}
      and collection = 'entries'`),
    ).toEqual([]);

    const [read] = await get('/api/v1/entries.json?find[_id]=5f0c0ffee0c0ffee0c0ffee0');
    expect(read).toEqual({ _id: '5f0c0ffee0c0ffee0c0ffee0', ...doc });
    const byIdentifier = (await http.req('GET', '/api/v3/entries/old-identifier', { headers: v3 })).body;
    expect(byIdentifier.result).toMatchObject({ sgv: 123, legacy: true, srvModified: 1000 });
    // Sent again with the same time and type, it is that entry.
    const [again] = await post([{ ...doc }]);
    expect(again!._id).toBe('5f0c0ffee0c0ffee0c0ffee0');
    expect(await get(`/api/v1/entries.json?find[date]=${at}`)).toHaveLength(1);
    const del = await http.req('DELETE', '/api/v1/entries/5f0c0ffee0c0ffee0c0ffee0', { headers: h });
    expect(del.body.n).toBe(1);
    expect(await get(`/api/v1/entries.json?find[date]=${at}`)).toEqual([]);
  });
});
