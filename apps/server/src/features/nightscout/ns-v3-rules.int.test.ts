import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// API v3's write rules, as AndroidAPS NSClientV3 meets them (lib/api3/generic), and v1's preBolus
// (lib/server/treatments.js), over real HTTP.

let t: TestApp;
let p: People;
let http: Http;
let v1: Record<string, string>;
let v3: Record<string, string>;
let now: number;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'AAPS');
  v1 = { 'api-secret': cred.api_secret_sha1 };
  const jwt = await http.req('GET', `/api/v2/authorization/request/${cred.token}`);
  v3 = { authorization: `Bearer ${jwt.body.token}` };
  now = t.clock.now().getTime();
}, 60_000);
afterAll(() => t.close());

const treatments = async (from: number, to: number) =>
  (
    await http.req(
      'GET',
      `/api/v3/treatments?created_at$gte=${iso(from)}&created_at$lte=${iso(to)}&limit=100`,
      {
        headers: v3,
      },
    )
  ).body.result as Array<Record<string, unknown>>;

describe('v3 create', () => {
  it('a v1 treatment re-posted through v3 with a new identifier is one treatment', async () => {
    const at = now - 60 * MIN;
    const [stored] = (
      await http.req('POST', '/api/v1/treatments', {
        headers: v1,
        body: [{ eventType: 'Meal Bolus', insulin: 3, carbs: 40, created_at: iso(at), enteredBy: 'xDrip+' }],
      })
    ).body;
    const res = await http.req('POST', '/api/v3/treatments', {
      headers: v3,
      body: {
        eventType: 'Meal Bolus',
        insulin: 3,
        carbs: 40,
        date: at,
        utcOffset: 0,
        app: 'AAPS',
        identifier: 'aaps-new-id',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isDeduplication: true, identifier: stored.identifier ?? stored._id });
    expect(await treatments(at, at)).toHaveLength(1);
  });

  it('refuses empty and invalid documents and stores nothing', async () => {
    const bad = [
      {},
      [],
      { eventType: 'Note', app: 'AAPS' },
      { eventType: 'Note', date: 'yesterday', app: 'AAPS' },
      { eventType: 'Note', date: 1000, app: 'AAPS' },
      { eventType: 'Note', date: now, utcOffset: 'x', app: 'AAPS' },
      { eventType: 'Note', date: now, utcOffset: 5000, app: 'AAPS' },
      { eventType: 'Note', date: now },
    ];
    for (const body of bad) {
      const res = await http.req('POST', '/api/v3/treatments', { headers: v3, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(typeof res.body.message).toBe('string');
    }
    const empty = await fetch(`${http.base}/api/v3/treatments`, {
      method: 'POST',
      headers: { ...v3, 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(await treatments(now - MIN, now + MIN)).toEqual([]);
  });

  it('a deleted document does not come back by a resend, a PUT or a PATCH', async () => {
    const doc = {
      eventType: 'Correction Bolus',
      insulin: 1.1,
      date: now - 30 * MIN,
      utcOffset: 0,
      app: 'AAPS',
      identifier: 'aaps-del-1',
    };
    expect((await http.req('POST', '/api/v3/treatments', { headers: v3, body: doc })).status).toBe(201);
    expect((await http.req('DELETE', '/api/v3/treatments/aaps-del-1', { headers: v3 })).status).toBe(200);
    const again = await http.req('POST', '/api/v3/treatments', { headers: v3, body: doc });
    expect(again.status).toBe(200);
    expect((await http.req('PUT', '/api/v3/treatments/aaps-del-1', { headers: v3, body: doc })).status).toBe(
      410,
    );
    expect(
      (await http.req('PATCH', '/api/v3/treatments/aaps-del-1', { headers: v3, body: { insulin: 2 } }))
        .status,
    ).toBe(410);
    expect((await http.req('GET', '/api/v3/treatments/aaps-del-1', { headers: v3 })).status).toBe(410);
    const v1Read = await http.req('GET', `/api/v1/treatments.json?find[created_at]=${iso(now - 30 * MIN)}`, {
      headers: v1,
    });
    expect(v1Read.body).toEqual([]);
  });
});

describe('v3 PUT and PATCH keep the fixed fields', () => {
  it('refuses a change of date, eventType, app or utcOffset; keeps them when left out', async () => {
    const doc = {
      eventType: 'Carb Correction',
      carbs: 15,
      date: now - 20 * MIN,
      utcOffset: 60,
      app: 'AAPS',
      identifier: 'aaps-fixed-1',
    };
    expect((await http.req('POST', '/api/v3/treatments', { headers: v3, body: doc })).status).toBe(201);
    for (const change of [
      { date: now - 19 * MIN },
      { eventType: 'Meal Bolus' },
      { app: 'Other' },
      { utcOffset: 0 },
      { identifier: 'x' },
    ]) {
      const res = await http.req('PATCH', '/api/v3/treatments/aaps-fixed-1', { headers: v3, body: change });
      expect({ change, status: res.status }).toEqual({ change, status: 400 });
      expect(res.body.message).toMatch(/cannot be modified/);
    }
    const put = await http.req('PUT', '/api/v3/treatments/aaps-fixed-1', {
      headers: v3,
      body: { carbs: 18 },
    });
    expect(put.status).toBe(200);
    const back = (await http.req('GET', '/api/v3/treatments/aaps-fixed-1', { headers: v3 })).body.result;
    expect(back).toMatchObject({
      carbs: 18,
      eventType: 'Carb Correction',
      app: 'AAPS',
      utcOffset: 60,
      created_at: iso(now - 20 * MIN),
    });
    const patch = await http.req('PATCH', '/api/v3/treatments/aaps-fixed-1', {
      headers: v3,
      body: { carbs: 20, notes: 'fixed' },
    });
    expect(patch.status).toBe(200);
    expect(
      (await http.req('GET', '/api/v3/treatments/aaps-fixed-1', { headers: v3 })).body.result,
    ).toMatchObject({
      carbs: 20,
      notes: 'fixed',
      eventType: 'Carb Correction',
    });
  });
});

describe('v3 search', () => {
  it('skip=-1 is a 400, not a 500', async () => {
    const res = await http.req('GET', '/api/v3/entries?skip=-1', { headers: v3 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message: 'Parameter skip out of tolerance' });
    expect((await http.req('GET', '/api/v3/entries?skip=abc', { headers: v3 })).status).toBe(400);
    expect((await http.req('GET', '/api/v3/entries?skip=0', { headers: v3 })).status).toBe(200);
  });
});

describe('v1 preBolus', () => {
  it('splits the carbs into their own record preBolus minutes later', async () => {
    const at = now - 3 * 60 * MIN;
    const res = await http.req('POST', '/api/v1/treatments', {
      headers: v1,
      body: {
        eventType: 'Meal Bolus',
        insulin: 4,
        carbs: 50,
        preBolus: 20,
        notes: 'pasta',
        created_at: iso(at),
        enteredBy: 'careportal',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const list = await http.req(
      'GET',
      `/api/v1/treatments.json?find[created_at][$gte]=${iso(at)}&find[created_at][$lte]=${iso(at + 20 * MIN)}`,
      {
        headers: v1,
      },
    );
    const byTime = Object.fromEntries(list.body.map((d: { created_at: string }) => [d.created_at, d]));
    expect(byTime[iso(at)]).toMatchObject({ insulin: 4, preBolus: 20 });
    expect(byTime[iso(at)].carbs).toBeUndefined();
    expect(byTime[iso(at + 20 * MIN)]).toMatchObject({ eventType: 'Meal Bolus', carbs: 50, notes: 'pasta' });
    expect(byTime[iso(at + 20 * MIN)].insulin).toBeUndefined();
  });
});
