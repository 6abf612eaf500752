import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, sha1, type Http } from '../../../test-support/ns-test-client';

// Black-box, over real HTTP, the requests that broke (issue 19): each sends exactly what its client
// sends (headers, credential form, query string, body) and checks what the client expects back,
// following Nightscout (lib/api, lib/server/query.js, lib/api3).

let t: TestApp;
let p: People;
let http: Http;
let upload: { token: string; api_secret_sha1: string };
let read: { token: string; api_secret_sha1: string };
let now: number;
let h: Record<string, string>;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Uploader');
  read = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Follower');
  now = t.clock.now().getTime();
  h = { 'api-secret': upload.api_secret_sha1 };
}, 60_000);
afterAll(() => t.close());

const sgv = (ms: number, value: number, device = 'xDrip-DexcomG6') => ({
  type: 'sgv',
  sgv: value,
  date: ms,
  dateString: iso(ms),
  device,
  direction: 'Flat',
});
const sgvs = async (from: number, to: number) =>
  (
    await http.req(
      'GET',
      `/api/v1/entries/sgv.json?find[date][$gte]=${from}&find[date][$lte]=${to}&count=100`,
      {
        headers: h,
      },
    )
  ).body as Array<{ sgv: number; date: number; _id: string }>;

describe('1. DELETE with find deletes only what find matches', () => {
  it('DELETE /api/v1/entries/sgv.json?find[date]=… removes that one reading, not the last 4 days', async () => {
    const base = now - 60 * MIN;
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [0, 1, 2, 3].map((i) => sgv(base + i * 5 * MIN, 100 + i)),
    });
    const del = await http.req('DELETE', `/api/v1/entries/sgv.json?find[date]=${base + 5 * MIN}`, {
      headers: h,
    });
    expect(del.status).toBe(200);
    expect(del.body.n).toBe(1);
    expect((await sgvs(base, base + 15 * MIN)).map((e) => e.sgv).sort()).toEqual([100, 102, 103]);
    // Trio's glucose delete: find[dateString][$gte] and $lte around one reading.
    const trio = await http.req(
      'DELETE',
      `/api/v1/entries/sgv.json?find[dateString][$gte]=${iso(base + 10 * MIN - 1)}&find[dateString][$lte]=${iso(base + 10 * MIN + 1)}`,
      { headers: h },
    );
    expect(trio.body.n).toBe(1);
    expect((await sgvs(base, base + 15 * MIN)).map((e) => e.sgv).sort()).toEqual([100, 103]);
  });

  it('the type in the path and find are both applied: an mbg query leaves the sgv readings', async () => {
    const at = now - 90 * MIN;
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [sgv(at, 140), { type: 'mbg', mbg: 141, date: at, device: 'meter' }],
    });
    const del = await http.req('DELETE', `/api/v1/entries/mbg.json?find[date]=${at}`, { headers: h });
    expect(del.body.n).toBe(1);
    expect((await sgvs(at, at)).map((e) => e.sgv)).toEqual([140]);
  });

  it('DELETE /api/v1/treatments/*?find[…] and /api/v1/treatments?find[…] delete only the match', async () => {
    const at = now - 2 * 60 * MIN;
    const posted = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [
        { eventType: 'Correction Bolus', insulin: 1.5, created_at: iso(at), enteredBy: 'careportal' },
        { eventType: 'Carb Correction', carbs: 12, created_at: iso(at + MIN), enteredBy: 'careportal' },
        { eventType: 'Note', notes: 'keep', created_at: iso(at + 2 * MIN), enteredBy: 'careportal' },
      ],
    });
    expect(posted.status).toBe(200);
    const star = await http.req(
      'DELETE',
      `/api/v1/treatments/*?find[eventType]=Correction+Bolus&find[created_at]=${iso(at)}`,
      { headers: h },
    );
    expect(star.body.n).toBe(1);
    const plain = await http.req('DELETE', `/api/v1/treatments.json?find[_id]=${posted.body[1]._id}`, {
      headers: h,
    });
    expect(plain.body.n).toBe(1);
    const left = await http.req(
      'GET',
      `/api/v1/treatments.json?find[created_at][$gte]=${iso(at)}&find[created_at][$lte]=${iso(at + 2 * MIN)}`,
      { headers: h },
    );
    expect(left.body.map((d: { eventType: string }) => d.eventType)).toEqual(['Note']);
  });
});

describe('2. Loop deletes with Content-Type: application/json and no body', () => {
  it('DELETE /api/v1/treatments/{id} succeeds and the bolus leaves the API', async () => {
    const at = now - 3 * 60 * MIN;
    const [bolus] = (
      await http.req('POST', '/api/v1/treatments', {
        headers: h,
        body: [
          {
            eventType: 'Correction Bolus',
            insulin: 2.25,
            created_at: iso(at),
            enteredBy: 'loop://iPhone',
            _id: '5f9b1c2d3e4f5a6b7c8d9e0f',
          },
        ],
      })
    ).body;
    const res = await fetch(`${http.base}/api/v1/treatments/${bolus._id}`, {
      method: 'DELETE',
      headers: { 'api-secret': upload.api_secret_sha1, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const back = await http.req('GET', `/api/v1/treatments.json?find[_id]=${bolus._id}`, { headers: h });
    expect(back.body).toEqual([]);
  });

  it('a broken JSON body is still a 400', async () => {
    const res = await fetch(`${http.base}/api/v1/treatments`, {
      method: 'POST',
      headers: { 'api-secret': upload.api_secret_sha1, 'Content-Type': 'application/json' },
      body: '{"eventType":',
    });
    expect(res.status).toBe(400);
  });
});

describe('3. xDrip+ follower: absolute paths, api-secret = SHA-1 of the URL user info', () => {
  it('https://TOKEN@host/ reads entries and treatments with only the hashed header', async () => {
    // NightscoutUrl.getHashedSecret(): sha1 of the user info, as lowercase hex; the query is not sent.
    const secret = sha1(read.token);
    const ua = { 'User-Agent': 'xDrip+ 2024.01.01', 'api-secret': secret };
    const entries = await http.req('GET', `/api/v1/entries.json?count=10&rr=${now}`, { headers: ua });
    expect(entries.status).toBe(200);
    expect(Array.isArray(entries.body)).toBe(true);
    expect(entries.body.length).toBeGreaterThan(0);
    const treatments = await http.req('GET', '/api/v1/treatments', { headers: ua });
    expect(treatments.status).toBe(200);
    // A follower that kept the ?token= form gets nothing: xDrip+ drops it, so the docs say user info.
    expect(
      (await http.req('GET', '/api/v1/entries.json?count=10', { headers: { 'User-Agent': 'xDrip+' } }))
        .status,
    ).toBe(401);
  });
});

describe('6. $and, $or and indexed $in', () => {
  it('find[$or][i] matches either group; indexed $in is one list', async () => {
    const at = now - 4 * 60 * MIN;
    await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [
        { eventType: 'Correction Bolus', insulin: 1, created_at: iso(at), enteredBy: 'Trio' },
        { eventType: 'Carb Correction', carbs: 20, created_at: iso(at + MIN), enteredBy: 'Trio' },
        { eventType: 'Carb Correction', carbs: 30, created_at: iso(at + 2 * MIN), enteredBy: 'xDrip+' },
        { eventType: 'Note', notes: 'n', created_at: iso(at + 3 * MIN), enteredBy: 'xDrip+' },
      ],
    });
    const range = `find[created_at][$gte]=${iso(at)}&find[created_at][$lte]=${iso(at + 3 * MIN)}`;
    const or = await http.req(
      'GET',
      `/api/v1/treatments.json?${range}&find[$or][0][insulin][$exists]=true&find[$or][1][carbs][$exists]=true`,
      { headers: h },
    );
    expect(or.body.map((d: { created_at: string }) => d.created_at).sort()).toEqual([
      iso(at),
      iso(at + MIN),
      iso(at + 2 * MIN),
    ]);
    const and = await http.req(
      'GET',
      `/api/v1/treatments.json?${range}&find[$and][0][carbs][$exists]=true&find[$and][1][enteredBy][$ne]=Trio`,
      { headers: h },
    );
    expect(and.body.map((d: { carbs: number }) => d.carbs)).toEqual([30]);
    const inIndexed = await http.req(
      'GET',
      `/api/v1/treatments.json?${range}&find[eventType][$in][0]=Note&find[eventType][$in][1]=Correction+Bolus`,
      { headers: h },
    );
    expect(inIndexed.body.map((d: { eventType: string }) => d.eventType).sort()).toEqual([
      'Correction Bolus',
      'Note',
    ]);
    // Trio's carb download: its own carbs (enteredBy Trio) are not given back.
    const trio = await http.req(
      'GET',
      `/api/v1/treatments.json?find[carbs][$exists]=true&find[enteredBy][$ne]=Trio&find[enteredBy][$ne]=Trio&find[created_at][$gt]=${iso(at - 1)}`,
      { headers: h },
    );
    expect(trio.body.map((d: { carbs: number }) => d.carbs)).toEqual([30]);
  });

  it('a delete with $or removes exactly the readings named', async () => {
    const at = now - 5 * 60 * MIN;
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [sgv(at, 70), sgv(at + 5 * MIN, 75), sgv(at + 10 * MIN, 80)],
    });
    const del = await http.req(
      'DELETE',
      `/api/v1/entries/sgv.json?find[$or][0][date]=${at}&find[$or][1][date]=${at + 10 * MIN}`,
      { headers: h },
    );
    expect(del.body.n).toBe(2);
    expect((await sgvs(at, at + 10 * MIN)).map((e) => e.sgv)).toEqual([75]);
  });
});

describe('7. trailing slashes', () => {
  it('answers /api/v1/treatments/, /api/v1/entries/, /api/v1/status/ and /api/v3/treatments/', async () => {
    const posted = await http.req('POST', '/api/v1/treatments/', {
      headers: h,
      body: {
        eventType: 'Note',
        notes: 'careportal',
        created_at: iso(now - 6 * 60 * MIN),
        enteredBy: 'careportal',
      },
    });
    expect(posted.status).toBe(200);
    expect((await http.req('GET', '/api/v1/treatments/', { headers: h })).status).toBe(200);
    expect((await http.req('GET', '/api/v1/entries/', { headers: h })).status).toBe(200);
    expect((await http.req('GET', '/api/v1/status/', { headers: h })).status).toBe(200);
    expect((await http.req('GET', `/api/v3/treatments/?token=${upload.token}`)).status).toBe(200);
  });
});

describe('4. properties, pebble, activity, status.json token', () => {
  it('/api/v2/properties gives bgnow, delta, direction, upbat, iob and the care ages (Nightguard)', async () => {
    const last = now - MIN;
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [sgv(last - 5 * MIN, 120), sgv(last, 126)],
    });
    await http.req('POST', '/api/v1/devicestatus', {
      headers: h,
      body: {
        device: 'openaps://phone',
        created_at: iso(last),
        uploader: { battery: 64 },
        openaps: { iob: { iob: 1.234, timestamp: iso(last) } },
      },
    });
    await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: { eventType: 'Site Change', created_at: iso(now - 50 * 60 * MIN) },
    });
    const res = await http.req('GET', `/api/v2/properties?token=${read.token}`);
    expect(res.status).toBe(200);
    expect(res.body.bgnow).toMatchObject({ last: 126, mills: last });
    expect(res.body.delta).toMatchObject({ absolute: 6, display: '+6' });
    expect(res.body.direction.value).toBe('Flat');
    expect(res.body.upbat).toMatchObject({ value: 64, display: '64%' });
    expect(res.body.iob).toMatchObject({ iob: 1.234, display: '1.23' });
    expect(res.body.cage).toMatchObject({ found: true, age: 50, display: '2d2h' });
    expect(res.body.dbsize).toMatchObject({ status: 'current' });
    const some = await http.req('GET', `/api/v2/properties/bgnow,dbsize?token=${read.token}`);
    expect(Object.keys(some.body).sort()).toEqual(['bgnow', 'dbsize']);
    expect(
      (
        await http.req('GET', '/api/v2/properties/dbsize', {
          headers: { 'api-secret': read.api_secret_sha1 },
        })
      ).body.dbsize.details.maxSize,
    ).toBe(496);
    expect((await http.req('GET', '/api/v2/properties')).status).toBe(401);
  });

  it('/pebble answers JSON with the newest readings, not the web app', async () => {
    const res = await http.req('GET', `/pebble?count=2&token=${read.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body.bgs).toHaveLength(2);
    expect(res.body.bgs[0]).toMatchObject({
      sgv: '126',
      trend: 4,
      direction: 'Flat',
      bgdelta: 6,
      battery: '64',
    });
    expect(res.body.status[0].now).toBe(now);
    const mmol = await http.req('GET', `/pebble?units=mmol&token=${read.token}`);
    expect(mmol.body.bgs[0].sgv).toBe('7.0');
    expect((await http.req('GET', '/pebble')).status).toBe(401);
  });

  it('/api/v1/activity stores and reads back, and deletes by id', async () => {
    const posted = await http.req('POST', '/api/v1/activity', {
      headers: h,
      body: [{ created_at: iso(now - 10 * MIN), steps: 1200 }],
    });
    expect(posted.status).toBe(200);
    const list = await http.req('GET', `/api/v1/activity.json?token=${read.token}`);
    expect(list.body.map((a: { steps: number }) => a.steps)).toEqual([1200]);
    expect((await http.req('DELETE', `/api/v1/activity/${posted.body[0]._id}`, { headers: h })).body.n).toBe(
      1,
    );
    expect((await http.req('GET', `/api/v1/activity.json?token=${read.token}`)).body).toEqual([]);
  });

  it('status.json?token= carries authorized.token, a JWT the v3 API takes (LoopFollow)', async () => {
    const res = await http.req('GET', `/api/v1/status.json?token=${upload.token}`);
    expect(res.body.authorized).toMatchObject({ sub: 'Uploader', permissionGroups: [['*']] });
    expect(res.body.authorized.token.split('.')).toHaveLength(3);
    const v3 = await http.req('GET', '/api/v3/version', {
      headers: { authorization: `Bearer ${res.body.authorized.token}` },
    });
    expect(v3.status).toBe(200);
  });
});
