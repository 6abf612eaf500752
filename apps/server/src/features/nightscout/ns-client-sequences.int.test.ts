import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import {
  listen,
  newCredential,
  sha1,
  xdripDateString,
  type Http,
} from '../../../test-support/ns-test-client';

// Each client's request sequence, in its order, with its headers, credential form, query strings and
// bodies (from the apps' sources: xDrip+ NightscoutUploader/NightscoutFollow, AndroidAPS NSClientV3,
// Loop NightscoutClient, Trio NightscoutAPI, Nightguard NightscoutService, LoopFollow, and
// nightscout-librelink-up), against the server on a real port. docs/NIGHTSCOUT.md gives the URL and
// credential of each one as set up here.

let t: TestApp;
let p: People;
let http: Http;
let now: number;
const sockets: Socket[] = [];
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
// One content-type header, as the apps send (the helper adds the same key for a body).
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  now = t.clock.now().getTime();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const credential = (name: string, permission: 'read' | 'readwrite') =>
  newCredential(t, p.ids.patient, p.tokens.patient, permission, name);
const on = <T>(s: Socket, event: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 10_000);
    s.once(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
const ask = <T>(s: Socket, event: string, message: unknown) =>
  new Promise<T>((resolve) => s.emit(event, message, (v: T) => resolve(v)));
function socket(namespace = ''): Socket {
  const s = connect(`${http.base}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  return s;
}

describe('xDrip+', () => {
  it('uploader (https://SECRET@host/api/v1/): status, entries, device status, treatment, update', async () => {
    const c = await credential('xDrip+', 'readwrite');
    const h = { 'api-secret': sha1(c.token), ...json };
    expect((await http.req('GET', '/api/v1/status.json', { headers: h })).status).toBe(200);
    const at = now - 10 * MIN;
    const entry = {
      device: 'xDrip-DexcomG6',
      date: at,
      dateString: xdripDateString(at, 60),
      sgv: 131,
      direction: 'Flat',
      type: 'sgv',
      filtered: 0,
      unfiltered: 0,
      rssi: 100,
      noise: 1,
      sysTime: xdripDateString(at, 60),
    };
    expect((await http.req('POST', '/api/v1/entries', { headers: h, body: [entry] })).body).toHaveLength(1);
    expect(
      (
        await http.req('POST', '/api/v1/devicestatus', {
          headers: h,
          body: [{ uploaderBattery: 77, created_at: iso(at) }],
        })
      ).status,
    ).toBe(200);
    const treatment = {
      uuid: 'b6a1-xdrip',
      eventType: 'Bolus',
      insulin: 2,
      created_at: iso(at),
      enteredBy: 'xdrip',
    };
    expect((await http.req('POST', '/api/v1/treatments', { headers: h, body: [treatment] })).status).toBe(
      200,
    );
    expect(
      (await http.req('PUT', '/api/v1/treatments', { headers: h, body: { ...treatment, insulin: 2.5 } }))
        .status,
    ).toBe(200);
    const back = await http.req('GET', `/api/v1/treatments.json?find[created_at]=${iso(at)}`, { headers: h });
    expect(back.body.map((d: { insulin: number }) => d.insulin)).toEqual([2.5]);
  });

  it('follower (https://TOKEN@host/): absolute paths, api-secret = SHA-1 of the user info', async () => {
    const c = await credential('xDrip+ follower', 'read');
    const h = { 'User-Agent': 'xDrip+ 2025.01.01', 'api-secret': sha1(c.token) };
    const entries = await http.req('GET', `/api/v1/entries.json?count=10&rr=${now}`, { headers: h });
    expect(entries.body.map((e: { sgv: number }) => e.sgv)).toContain(131);
    expect((await http.req('GET', '/api/v1/treatments', { headers: h })).status).toBe(200);
  });
});

describe('AndroidAPS NSClientV3 with websockets', () => {
  it('token → JWT, status, storage and alarm sockets, uploads, history, the socket announces them', async () => {
    const c = await credential('AndroidAPS', 'readwrite');
    const jwt = await http.req('GET', `/api/v2/authorization/request/${c.token}`);
    expect(jwt.status).toBe(200);
    const auth = { authorization: `Bearer ${jwt.body.token}` };
    const status = await http.req('GET', '/api/v3/status', { headers: auth });
    expect(status.body.result.apiPermissions.treatments).toBe('crud');
    const last = await http.req('GET', '/api/v3/lastModified', { headers: auth });
    expect(last.status).toBe(200);
    const storage = socket('/storage');
    const sub = await ask<{ success: boolean }>(storage, 'subscribe', {
      accessToken: c.token,
      collections: ['devicestatus', 'entries', 'profile', 'treatments', 'foods', 'settings'],
    });
    expect(sub).toMatchObject({ success: true });
    expect(await ask(socket('/alarm'), 'subscribe', { accessToken: c.token })).toMatchObject({
      success: true,
    });
    const created = on<{ colName: string; doc: { identifier: string } }>(storage, 'create');
    const bolus = {
      eventType: 'Correction Bolus',
      insulin: 0.5,
      type: 'SMB',
      isSMB: true,
      date: now - 4 * MIN,
      utcOffset: 60,
      app: 'AAPS',
      identifier: 'aaps-smb-77',
      isValid: true,
      pumpId: 77,
      pumpType: 'OMNIPOD_DASH',
      pumpSerial: 'X1',
    };
    expect((await http.req('POST', '/api/v3/treatments', { headers: auth, body: bolus })).status).toBe(201);
    expect(await created).toMatchObject({ colName: 'treatments', doc: { identifier: 'aaps-smb-77' } });
    const since = last.body.result.collections.treatments ?? 0;
    const history = await http.req('GET', `/api/v3/treatments/history/${since}?limit=500`, { headers: auth });
    expect(history.body.result.map((d: { identifier: string }) => d.identifier)).toContain('aaps-smb-77');
  });
});

describe('Loop', () => {
  it('uploads a bolus with its ObjectId, deletes it with a body-less JSON DELETE', async () => {
    const c = await credential('Loop', 'readwrite');
    const h = { 'api-secret': sha1(c.token), ...json };
    const id = '65a1b2c3d4e5f60718293a4b';
    const bolus = {
      _id: id,
      eventType: 'Correction Bolus',
      timestamp: iso(now - 6 * MIN),
      created_at: iso(now - 6 * MIN),
      enteredBy: 'loop://iPhone',
      insulin: 1.35,
      duration: 0,
      programmed: 1.35,
      syncIdentifier: 'loop-sync-1',
      automatic: false,
      type: 'normal',
    };
    const posted = await http.req('POST', '/api/v1/treatments', { headers: h, body: [bolus] });
    expect(posted.body).toHaveLength(1);
    expect(posted.body[0]._id).toBe(id);
    expect(
      (
        await http.req('POST', '/api/v1/devicestatus', {
          headers: h,
          body: [
            {
              device: 'loop://iPhone',
              created_at: iso(now - 5 * MIN),
              loop: { iob: { iob: 1.2, timestamp: iso(now - 5 * MIN) } },
              pump: { reservoir: 100 },
            },
          ],
        })
      ).status,
    ).toBe(200);
    const del = await fetch(`${http.base}/api/v1/treatments/${id}`, { method: 'DELETE', headers: h });
    expect(del.status).toBe(200);
    expect((await http.req('GET', `/api/v1/treatments.json?find[_id]=${id}`, { headers: h })).body).toEqual(
      [],
    );
    expect((await http.req('GET', '/api/v1/entries/sgv.json?count=288', { headers: h })).status).toBe(200);
  });
});

describe('Trio', () => {
  it('checks the connection, uploads, reads others’ carbs only, deletes its own by id', async () => {
    const c = await credential('Trio', 'readwrite');
    const h = { 'api-secret': sha1(c.token) };
    expect(
      (
        await http.req('POST', '/api/v1/treatments.json', {
          headers: { ...h, ...json },
          body: { eventType: 'Note', enteredBy: 'Trio', notes: 'Trio connected' },
        })
      ).status,
    ).toBe(200);
    const at = now - 30 * MIN;
    await http.req('POST', '/api/v1/treatments.json', {
      headers: { ...h, ...json },
      body: [
        {
          eventType: 'Carb Correction',
          carbs: 25,
          created_at: iso(at),
          enteredBy: 'Trio',
          id: 'trio-carb-1',
        },
        { eventType: 'Carb Correction', carbs: 35, created_at: iso(at + MIN), enteredBy: 'careportal' },
      ],
    });
    const carbs = await http.req(
      'GET',
      `/api/v1/treatments.json?find[carbs][$exists]=true&find[enteredBy][$ne]=Trio&find[enteredBy][$ne]=Trio&find[created_at][$gt]=${iso(at - MIN)}`,
      { headers: h },
    );
    expect(carbs.body.map((d: { carbs: number }) => d.carbs)).toEqual([35]);
    const del = await http.req('DELETE', '/api/v1/treatments.json?find[id][$eq]=trio-carb-1', { headers: h });
    expect(del.status).toBe(200);
    expect(del.body.n).toBe(1);
    const glucose = await http.req(
      'GET',
      `/api/v1/entries/sgv.json?count=1600&find[dateString][$gte]=${iso(now - DAY)}`,
      { headers: h },
    );
    expect(glucose.body.map((e: { sgv: number }) => e.sgv)).toContain(131);
  });
});
const DAY = 24 * 60 * MIN;

describe('Nightguard', () => {
  it('URL https://host/?token=TOKEN: status, properties, entries with float ms, treatments, device status', async () => {
    const c = await credential('Nightguard', 'read');
    const q = `token=${c.token}`;
    expect((await http.req('GET', `/api/v1/status.json?${q}`)).body.status).toBe('ok');
    const props = await http.req('GET', `/api/v2/properties?${q}`);
    expect(props.body.bgnow.last).toBe(131);
    const entries = await http.req(
      'GET',
      `/api/v1/entries.json?find[date][$gt]=${now - DAY}.0&count=1440&${q}`,
    );
    expect(entries.body.length).toBeGreaterThan(0);
    expect(
      (await http.req('GET', `/api/v1/treatments.json?find[created_at][$gte]=${iso(now - DAY)}&${q}`)).status,
    ).toBe(200);
    expect((await http.req('GET', `/api/v1/devicestatus.json?count=5&${q}`)).status).toBe(200);
    expect((await http.req('GET', `/pebble?count=1&${q}`)).body.bgs[0].sgv).toBe('131');
  });
});

describe('LoopFollow', () => {
  it('status.json gives the JWT, then reads and follows the websocket', async () => {
    const c = await credential('LoopFollow', 'read');
    const q = `token=${c.token}`;
    const status = await http.req('GET', `/api/v1/status.json?${q}`);
    expect(status.body.authorized.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(
      (await http.req('GET', `/api/v1/entries.json?count=288&find[date][$gte]=${now - DAY}&${q}`)).status,
    ).toBe(200);
    expect((await http.req('GET', `/api/v1/profile/current.json?${q}`)).status).toBe(200);
    const s = socket();
    const data = on<{ sgvs: Array<{ mgdl: number }> }>(s, 'dataUpdate');
    const auth = await ask(s, 'authorize', {
      client: 'web',
      secret: null,
      token: status.body.authorized.token,
      history: 24,
    });
    expect(auth).toMatchObject({ read: true, write: false });
    expect((await data).sgvs.map((e) => e.mgdl)).toContain(131);
  });
});

describe('nightscout-librelink-up', () => {
  it('reads the last entry, then posts the new readings (NIGHTSCOUT_URL=host, NIGHTSCOUT_API_TOKEN=SHA-1)', async () => {
    const c = await credential('LibreLinkUp', 'readwrite');
    // NIGHTSCOUT_API_TOKEN is sent as is in api-secret: the SHA-1 value the portal shows.
    const h = {
      'api-secret': c.api_secret_sha1,
      'User-Agent': 'FreeStyle LibreLink Up NightScout Uploader',
      ...json,
    };
    expect((await http.req('GET', '/api/v1/entries?count=1', { headers: h })).status).toBe(200);
    const at = now - 2 * MIN;
    const res = await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [
        {
          type: 'sgv',
          sgv: 99,
          direction: 'Flat',
          device: 'fsl-librelink-up',
          date: at,
          dateString: iso(at),
        },
      ],
    });
    expect(res.status).toBe(200);
    expect((await http.req('GET', '/api/v1/entries?count=1', { headers: h })).body[0]).toMatchObject({
      sgv: 99,
      date: at,
    });
  });
});
