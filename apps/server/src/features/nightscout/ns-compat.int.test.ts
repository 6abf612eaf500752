import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// Black-box, over real HTTP: Nightscout's rules of de-duplication, deletion windows, answers to
// partly bad uploads, v3 history paging and access, as cgm-remote-monitor 15 applies them.

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
let http: Http;
let h: Record<string, string>;
let readOnly: string;
/** Fixed, so describe blocks can place their documents in time before the app starts. */
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Loop');
  readOnly = (await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Nightguard')).token;
  h = { 'api-secret': upload.api_secret_sha1 };
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();
const get = async (path: string) => {
  const res = await http.req('GET', path, { headers: h });
  expect(res.status).toBe(200);
  return res.body as Loose[];
};
const monitor = async () => {
  const res = await t.call<{ status: MonitorStatus }>('GET', `${API.monitorStatus(p.ids.patient)}?hours=24`, {
    token: p.tokens.patient,
  });
  expect(res.status).toBe(200);
  return res.body.status.chart;
};

describe('entries: one reading per time and type, whoever sends it', () => {
  it('stores the same reading from Loop (UUID _id), xDrip+ and AAPS (identifier) once', async () => {
    const at = now - 3 * DAY - 7 * MIN;
    const loop = {
      _id: '0B5D6B0C-6A43-4C0D-9E3B-6E0F3C1D2A11',
      type: 'sgv',
      sgv: 143,
      date: at,
      dateString: iso(at),
      direction: 'Flat',
      device: 'loop://iPhone',
    };
    const xdrip = { type: 'sgv', sgv: 143, date: at, dateString: iso(at), device: 'xDrip-DexcomG6' };
    const aaps = { ...xdrip, identifier: 'aaps-bg-1', device: 'AndroidAPS-DexcomG6' };
    for (const body of [[loop], [xdrip], [aaps], [loop]]) {
      const res = await http.req('POST', '/api/v1/entries', { headers: h, body });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
    }
    const found = await get(`/api/v1/entries.json?find[date]=${at}`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ sgv: 143, type: 'sgv' });
    // Another type at the same time is another entry.
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [{ type: 'mbg', mbg: 150, date: at, device: 'xDrip' }],
    });
    expect(await get(`/api/v1/entries.json?find[date]=${at}`)).toHaveLength(2);
  });
});

describe('treatments: identifier, then _id, then created_at + eventType', () => {
  const at = now - 2 * DAY;
  const note = (id: string, ms: number, notes: string) => ({
    _id: id,
    eventType: 'Note',
    created_at: iso(ms),
    notes,
    enteredBy: 'xdrip',
  });
  const around = `find[created_at][$gte]=${encodeURIComponent(iso(at - 10 * MIN))}&find[created_at][$lte]=${encodeURIComponent(iso(at + 60 * MIN))}`;

  it('keeps two treatments with different _id at the same created_at and eventType', async () => {
    const res = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [note('aaaaaaaaaaaaaaaaaaaaaaa1', at, 'first'), note('aaaaaaaaaaaaaaaaaaaaaaa2', at, 'second')],
    });
    expect(res.body.map((d: Loose) => d._id)).toEqual([
      'aaaaaaaaaaaaaaaaaaaaaaa1',
      'aaaaaaaaaaaaaaaaaaaaaaa2',
    ]);
    const found = await get(`/api/v1/treatments.json?${around}`);
    expect(found.map((d) => d.notes).sort()).toEqual(['first', 'second']);
  });

  it('moving a treatment by _id onto another one’s time does not overwrite it', async () => {
    await http.req('PUT', '/api/v1/treatments', {
      headers: h,
      body: note('aaaaaaaaaaaaaaaaaaaaaaa3', at + 30 * MIN, 'third'),
    });
    const moved = await http.req('PUT', '/api/v1/treatments', {
      headers: h,
      body: note('aaaaaaaaaaaaaaaaaaaaaaa1', at + 30 * MIN, 'first, moved'),
    });
    expect(moved.body[0]._id).toBe('aaaaaaaaaaaaaaaaaaaaaaa1');
    const found = await get(`/api/v1/treatments.json?${around}`);
    expect(found.map((d) => d.notes).sort()).toEqual(['first, moved', 'second', 'third']);
  });

  it('de-duplicates on created_at + eventType only when neither identifier nor _id is given', async () => {
    const at2 = at + 45 * MIN;
    const plain = { eventType: 'Carb Correction', created_at: iso(at2), carbs: 12 };
    await http.req('POST', '/api/v1/treatments', { headers: h, body: [plain] });
    await http.req('POST', '/api/v1/treatments', { headers: h, body: [{ ...plain, carbs: 14 }] });
    const found = await get(`/api/v1/treatments.json?find[created_at]=${encodeURIComponent(iso(at2))}`);
    expect(found).toHaveLength(1);
    expect(found[0]!.carbs).toBe(14);
    // An identifier decides on its own: same identifier, new _id → still the same treatment.
    const withId = { eventType: 'Note', created_at: iso(at2), identifier: 'aaps-note-1', notes: 'a' };
    const a = await http.req('POST', '/api/v1/treatments', { headers: h, body: [withId] });
    const b = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [{ ...withId, _id: 'bbbbbbbbbbbbbbbbbbbbbbb1', notes: 'b' }],
    });
    expect(b.body[0]._id).toBe(a.body[0]._id);
  });
});

describe('DELETE applies Nightscout’s 4-day window unless given an _id or its own dates', () => {
  const old = now - 10 * DAY;
  const recent = now - 2 * 60 * MIN;
  const entry = (ms: number, sgv: number) => ({ type: 'sgv', sgv, date: ms, device: 'xDrip-G6' });

  it('DELETE /entries/sgv.json removes the last 4 days only', async () => {
    await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [entry(old, 101), entry(old + 5 * MIN, 102), entry(recent, 103)],
    });
    const del = await http.req('DELETE', '/api/v1/entries/sgv.json', { headers: h });
    expect(del.status).toBe(200);
    const oldOnes = await get(`/api/v1/entries.json?find[date][$lte]=${old + 10 * MIN}&count=100`);
    expect(oldOnes.map((e) => e.sgv).sort()).toEqual([101, 102]);
    expect(await get(`/api/v1/entries.json?find[date]=${recent}`)).toEqual([]);
  });

  it('GET and DELETE /entries/{id} reach an entry older than 4 days', async () => {
    const [first] = await get(`/api/v1/entries.json?find[date]=${old}`);
    const byId = await get(`/api/v1/entries/${String(first!._id)}.json`);
    expect(byId).toHaveLength(1);
    expect(byId[0]!.sgv).toBe(101);
    const del = await http.req('DELETE', `/api/v1/entries/${String(first!._id)}`, { headers: h });
    expect(del.body.n).toBe(1);
    expect(await get(`/api/v1/entries.json?find[date]=${old}`)).toEqual([]);
  });

  it('a query with its own date bounds deletes inside them; treatments/* only the last 4 days', async () => {
    await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [
        { eventType: 'Note', created_at: iso(old), notes: 'old' },
        { eventType: 'Note', created_at: iso(recent), notes: 'recent' },
      ],
    });
    await http.req('DELETE', '/api/v1/treatments/*', { headers: h });
    const left = await get(`/api/v1/treatments.json?find[created_at][$lte]=${encodeURIComponent(iso(old))}`);
    expect(left.map((d) => d.notes)).toEqual(['old']);
    const del = await http.req(
      'DELETE',
      `/api/v1/entries.json?find[date][$gte]=${old}&find[date][$lte]=${old + 10 * MIN}`,
      { headers: h },
    );
    expect(del.body.n).toBe(1);
  });
});

describe('POST answers one item per item sent', () => {
  it('answers rejected entries in place, stores the good ones', async () => {
    const at = now - 3 * 60 * MIN;
    const res = await http.req('POST', '/api/v1/entries', {
      headers: h,
      body: [
        { type: 'sgv', sgv: 120, date: at, device: 'x' },
        { type: 'sgv', sgv: 121, device: 'x' },
        'not a document',
        { type: 'sgv', sgv: 122, date: at + 5 * MIN, device: 'x' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(typeof res.body[0]._id).toBe('string');
    expect(res.body[1]._id).toBeUndefined();
    expect(res.body[1].error).toMatch(/date/);
    expect(res.body[2].error).toBeTruthy();
    expect(typeof res.body[3]._id).toBe('string');
    const stored = await get(`/api/v1/entries.json?find[date][$gte]=${at}&find[date][$lte]=${at + 5 * MIN}`);
    expect(stored.map((e) => e.sgv)).toEqual([122, 120]);
  });

  it('gives a treatment without a valid created_at the current time', async () => {
    const res = await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [{ eventType: 'Note', created_at: 'not a time', notes: 'when?' }],
    });
    expect(res.status).toBe(200);
    expect(res.body[0].created_at).toBe(iso(now));
  });
});

describe('isValid:false (AndroidAPS) does not count in the portal', () => {
  it('an invalidated bolus leaves the portal; one sent invalid never enters it', async () => {
    const at = now - 50 * MIN;
    const bolus = {
      eventType: 'Correction Bolus',
      insulin: 2.35,
      created_at: iso(at),
      date: at,
      type: 'NORMAL',
      isValid: true,
      isSMB: false,
      identifier: 'aaps-bolus-77',
      enteredBy: 'openaps://AndroidAPS',
    };
    await http.req('POST', '/api/v1/treatments', { headers: h, body: [bolus] });
    const has = async () => (await monitor()).bolus.some((b) => b[0] === at && b[2] === 2.35);
    expect(await has()).toBe(true);
    await http.req('PUT', '/api/v1/treatments', { headers: h, body: { ...bolus, isValid: false } });
    expect(await has()).toBe(false);
    await http.req('POST', '/api/v1/treatments', {
      headers: h,
      body: [
        { ...bolus, identifier: 'aaps-bolus-78', created_at: iso(at + MIN), date: at + MIN, isValid: false },
      ],
    });
    expect((await monitor()).bolus.some((b) => b[0] === at + MIN)).toBe(false);
  });
});

describe('API v3: history paging, access, realtime readings', () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    const res = await http.req('GET', `/api/v2/authorization/request/${readOnly}`);
    auth = { authorization: `Bearer ${res.body.token as string}` };
  });

  it('pages through one large write with a limit and misses nothing', async () => {
    t.clock.advance(1000);
    const since = t.clock.now().getTime() - 1;
    const start = now - 3 * DAY;
    const batch = Array.from({ length: 25 }, (_, i) => ({
      type: 'sgv',
      sgv: 80 + i,
      date: start + i * 5 * MIN,
      device: 'xDrip-G6',
    }));
    expect((await http.req('POST', '/api/v1/entries', { headers: h, body: batch })).status).toBe(200);
    const seen = new Set<number>();
    let cursor = since;
    for (let page = 0; page < 10; page++) {
      const res = await http.req('GET', `/api/v3/entries/history/${cursor}?limit=10`, { headers: auth });
      expect(res.status).toBe(200);
      const docs = res.body.result as Array<{ sgv: number; srvModified: number }>;
      if (!docs.length) break;
      for (const d of docs) seen.add(d.sgv);
      cursor = docs[docs.length - 1]!.srvModified;
    }
    for (const d of batch) expect(seen.has(d.sgv)).toBe(true);
  });

  it('includes the realtime sensor readings in history and lastModified', async () => {
    const device = await registerDevice(t, p.tokens.patient, 'TX-9');
    const time = now - 20 * MIN;
    const stored = await device.ingest([
      { type: 'sg', serial: 'TX-9', seq: 1, time, utc_offset_min: 0, mgdl: 171, rate: 4 },
    ]);
    expect(stored.status).toBe(200);
    const history = await http.req('GET', '/api/v3/entries/history/0', { headers: auth });
    const reading = (history.body.result as Array<{ sgv: number; date: number; srvModified: number }>).find(
      (d) => d.sgv === 171,
    );
    expect(reading).toMatchObject({ date: time, type: 'sgv', device: 'CGM Portal' });
    const last = await http.req('GET', '/api/v3/lastModified', { headers: auth });
    expect(last.body.result.collections.entries).toBeGreaterThanOrEqual(reading!.srvModified);
  });

  it('refuses a write with a read-only credential with 403', async () => {
    const res = await http.req('POST', '/api/v3/treatments', {
      headers: auth,
      body: { eventType: 'Note', created_at: iso(now), app: 'AAPS', utcOffset: 0 },
    });
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(403);
  });
});

describe('temp basals, closed-loop deliveries and pump status in the portal', () => {
  const at = (min: number) => iso(now - min * MIN);
  type BasalRow = [number, string, number, number, number, number, string, unknown];
  const basalAt = async (min: number) =>
    ((await monitor()).basal as BasalRow[]).find((b) => b[0] === now - min * MIN)?.slice(0, 6);
  const post = (path: string, body: unknown) => http.req('POST', path, { headers: h, body });

  beforeAll(async () => {
    // Scheduled basal 0.8 U/h until noon, 1.2 after (UTC: the treatments below carry offset 0).
    const basal = [
      { time: '00:00', timeAsSeconds: 0, value: 0.8 },
      { time: '12:00', timeAsSeconds: 43200, value: 1.2 },
    ];
    const res = await post('/api/v1/profile', [
      {
        defaultProfile: 'Default',
        startDate: iso(now - 2 * DAY),
        units: 'mg/dL',
        store: { Default: { dia: 5, units: 'mg/dL', basal, carbratio: [], sens: [] } },
      },
    ]);
    expect(res.status).toBe(200);
  });

  it('a temp basal given only as percent runs at that share of the profile’s rate', async () => {
    await post('/api/v1/treatments', [
      { eventType: 'Temp Basal', created_at: at(300), percent: -50, duration: 60, enteredBy: 'careportal' },
    ]);
    // 05:00 UTC: scheduled 0.8 U/h, −50 % → 0.4 U/h for 60 minutes.
    expect(await basalAt(300)).toEqual([now - 300 * MIN, 'BART', 60, 0.4, 0.4, 0]);
  });

  it('a closed loop’s temp basal is auto mode basal; a cancel ends it, deleting the cancel restores it', async () => {
    const aaps = {
      eventType: 'Temp Basal',
      enteredBy: 'openaps://AndroidAPS',
      isValid: true,
      type: 'NORMAL',
    };
    await post('/api/v1/treatments', [
      { ...aaps, created_at: at(180), duration: 30, rate: 1.5, absolute: 1.5, identifier: 'tb-1' },
    ]);
    expect(await basalAt(180)).toEqual([now - 180 * MIN, 'BAAM', 30, 1.5, 0.75, 0.75]);
    const cancel = await post('/api/v1/treatments', [
      { ...aaps, created_at: at(170), duration: 0, identifier: 'tb-1-cancel' },
    ]);
    expect(await basalAt(180)).toEqual([now - 180 * MIN, 'BAAM', 10, 1.5, 0.25, 0.25]);
    expect(await basalAt(170)).toBeUndefined();
    const del = await http.req('DELETE', `/api/v1/treatments/${String(cancel.body[0]._id)}`, { headers: h });
    expect(del.body.n).toBe(1);
    expect(await basalAt(180)).toEqual([now - 180 * MIN, 'BAAM', 30, 1.5, 0.75, 0.75]);
    // The next temp basal ends the one before it too.
    await post('/api/v1/treatments', [
      {
        eventType: 'Temp Basal',
        created_at: at(160),
        enteredBy: 'loop://iPhone',
        automatic: false,
        rate: 0.5,
        absolute: 0.5,
        duration: 30,
      },
    ]);
    expect(await basalAt(180)).toEqual([now - 180 * MIN, 'BAAM', 20, 1.5, 0.5, 0.5]);
    expect(await basalAt(160)).toEqual([now - 160 * MIN, 'BART', 30, 0.5, 0.25, 0]);
  });

  it('a super-micro-bolus is an auto correction, not a bolus the person gave', async () => {
    await post('/api/v1/treatments', [
      {
        eventType: 'Correction Bolus',
        insulin: 0.3,
        created_at: at(60),
        date: now - 60 * MIN,
        type: 'SMB',
        isSMB: true,
        isValid: true,
        identifier: 'smb-1',
        enteredBy: 'openaps://AndroidAPS',
      },
    ]);
    const chart = await monitor();
    expect(chart.bolus.some((b) => b[0] === now - 60 * MIN)).toBe(false);
    expect(await basalAt(60)).toEqual([now - 60 * MIN, 'BAAM', 0, 0, 0, 0.3]);
  });

  it('maps AndroidAPS and Loop pump status: battery, reservoir, IOB, running basal, suspension', async () => {
    await post('/api/v1/devicestatus', {
      created_at: at(2),
      device: 'openaps://samsung SM-G970F',
      pump: {
        battery: { percent: 75 },
        status: { status: 'normal', timestamp: at(3) },
        extended: { BaseBasalRate: 0.8, TempBasalAbsoluteRate: 1.5, ActiveProfile: 'LocalProfile1' },
        reservoir: 120.5,
        clock: at(2),
      },
      openaps: { iob: { iob: 1.23, basaliob: 0.4, activity: 0.01, time: at(2) } },
      uploaderBattery: 64,
    });
    const status = async () =>
      (
        await t.call<{ status: MonitorStatus }>('GET', API.monitorStatus(p.ids.patient), {
          token: p.tokens.patient,
        })
      ).body.status.pump_status!;
    expect(await status()).toMatchObject({
      batteryPercent: 75,
      reservoir: 120.5,
      iob: 1.23,
      basalRate: 1.5,
      state: 32,
    });
    t.clock.advance(60_000);
    await post('/api/v1/devicestatus', [
      {
        device: 'loop://iPhone',
        created_at: iso(now),
        pump: { clock: iso(now), reservoir: 80, suspended: true, bolusing: false, battery: { percent: 40 } },
        loop: { iob: { iob: 0.5, timestamp: iso(now) } },
        uploader: { battery: 20 },
      },
    ]);
    expect(await status()).toMatchObject({ state: 64, basalRate: 0, batteryPercent: 40, reservoir: 80 });
  });
});

describe('OpenAPI: OAuth 2.0 for third-party apps', () => {
  it('declares the authorization-code scheme with its URLs and scopes, and the token body', async () => {
    const doc = (await t.call<Loose>('GET', '/api/docs/json')).body as {
      components: { securitySchemes: Record<string, Loose> };
      paths: Record<string, Record<string, Loose>>;
    };
    expect(doc.components.securitySchemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: '/oauth/authorize',
          tokenUrl: '/api/v2.0/oauth/token',
          scopes: {
            'entries:read': expect.any(String),
            'treatments:read': expect.any(String),
            'devicestatus:read': expect.any(String),
            'profile:read': expect.any(String),
          },
        },
      },
    });
    const body = doc.paths['/api/v2.0/oauth/token']!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    const form = body.content['application/x-www-form-urlencoded']!.schema.properties;
    expect(Object.keys(form)).toEqual(
      expect.arrayContaining([
        'grant_type',
        'client_id',
        'code',
        'redirect_uri',
        'code_verifier',
        'refresh_token',
      ]),
    );
  });

  it('still answers a bad token request in OAuth’s error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=x',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('directions', () => {
  it('shows TripleUp and TripleDown as the steepest arrows the portal has', async () => {
    for (const [direction, rate] of [
      ['TripleUp', 1],
      ['TripleDown', 7],
    ] as const) {
      t.clock.advance(5 * MIN);
      const date = t.clock.now().getTime();
      await http.req('POST', '/api/v1/entries', {
        headers: h,
        body: [{ type: 'sgv', sgv: 150, date, direction, device: 'xDrip-G6' }],
      });
      const res = await t.call<{ status: MonitorStatus }>('GET', API.monitorStatus(p.ids.patient), {
        token: p.tokens.patient,
      });
      expect(res.body.status.sensor_status).toMatchObject({ glucoseTime: date, glucoseRate: rate });
    }
  });
});
