import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { NS_API } from '@cgm/contract';
import pino from 'pino';
import { buildApp, type App } from '../../app';
import { createPgBus } from '../../platform/bus/pg-bus';
import type { LiveBus } from '../../platform/bus/live-bus';
import { testConfig } from '../../platform/config';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, sha1, type Http } from '../../../test-support/ns-test-client';

// socket.io as Nightscout serves it, driven by the socket.io client the apps use: the root
// namespace's `authorize` + `dataUpdate` (AndroidAPS NSClient v1, LoopFollow), `/storage` with
// `subscribe {accessToken, collections}` (AndroidAPS NSClientV3), `/alarm`. Uploads go to one server
// process and the socket is held by another one sharing the database and the live bus.

let t: TestApp;
let p: People;
let http: Http;
let other: App;
let otherBase: string;
let upload: { token: string; api_secret_sha1: string; credential: { id: string } };
let read: { token: string; api_secret_sha1: string; credential: { id: string } };
let now: number;
const open: Socket[] = [];
const buses: LiveBus[] = [];
const pgUrl = process.env.TEST_DATABASE_URL;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  // A second server process: its own app on the same database. On PostgreSQL each process has its
  // own bus and the events cross over LISTEN/NOTIFY (the first app's publishes are sent out as its
  // PostgreSQL bus would send them); on PGlite, one process by nature, the bus is shared.
  let bus: LiveBus = t.ctx.bus;
  if (pgUrl) {
    const log = pino({ level: 'silent' });
    const sender = await createPgBus(pgUrl, log);
    bus = await createPgBus(pgUrl, log);
    buses.push(sender, bus);
    for (const id of [p.ids.patient, p.ids.other])
      t.ctx.bus.subscribe(id, (n, kind) => sender.publish(id, n, kind));
  }
  ({ app: other } = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent' }),
    database: t.database,
    clock: t.clock,
    bus,
  }));
  otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'AAPS');
  read = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'LoopFollow');
  now = t.clock.now().getTime();
  await http.req('POST', '/api/v1/entries', {
    headers: { 'api-secret': upload.api_secret_sha1 },
    body: [{ type: 'sgv', sgv: 111, date: now - 10 * MIN, device: 'xDrip' }],
  });
}, 60_000);
afterAll(async () => {
  for (const s of open) s.disconnect();
  await other.close();
  for (const b of buses) await b.close();
  await t.close();
});

function socket(base: string, namespace = ''): Socket {
  const s = connect(`${base}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(s);
  return s;
}
const next = <T>(s: Socket, event: string, ms = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
const ask = <T>(s: Socket, event: string, message: unknown) =>
  new Promise<T>((resolve) => s.emit(event, message, (v: T) => resolve(v)));

describe('root namespace (v1 clients)', () => {
  it('authorize with the hashed secret, full dataUpdate, then a delta for an upload on the other process', async () => {
    const s = socket(otherBase);
    const first = next<{ sgvs: Array<{ mgdl: number; mills: number }>; lastUpdated: number }>(
      s,
      'dataUpdate',
    );
    const connected = next(s, 'connected');
    const auth = await ask<{ read: boolean; write: boolean }>(s, 'authorize', {
      client: 'phone',
      secret: upload.api_secret_sha1,
      history: 24,
    });
    expect(auth).toEqual({ read: true, write: true, write_treatment: true });
    await connected;
    const full = await first;
    expect(full.sgvs.map((e) => [e.mgdl, e.mills])).toEqual([[111, now - 10 * MIN]]);
    const delta = next<{ delta: boolean; sgvs: Array<{ mgdl: number }>; treatments?: unknown[] }>(
      s,
      'dataUpdate',
    );
    await http.req('POST', '/api/v1/entries', {
      headers: { 'api-secret': upload.api_secret_sha1 },
      body: [{ type: 'sgv', sgv: 117, date: now - 5 * MIN, device: 'xDrip' }],
    });
    const d = await delta;
    expect(d.delta).toBe(true);
    expect(d.sgvs.map((e) => e.mgdl)).toEqual([117]);
    expect(d.treatments).toBeUndefined();
  });

  it('a read-only token reads; a wrong secret is disconnected without data', async () => {
    const s = socket(otherBase);
    const auth = await ask<{ read: boolean; write: boolean }>(s, 'authorize', {
      client: 'web',
      token: read.token,
    });
    expect(auth).toMatchObject({ read: true, write: false });
    const bad = socket(otherBase);
    const gone = next(bad, 'disconnect');
    let data = false;
    bad.on('dataUpdate', () => (data = true));
    bad.emit('authorize', { client: 'web', secret: sha1('not-a-secret') });
    await gone;
    expect(data).toBe(false);
  });
});

describe('/storage (v3 clients)', () => {
  it('subscribe {accessToken, collections}, then create, update and delete events', async () => {
    const s = socket(otherBase, '/storage');
    const sub = await ask<{ success: boolean; collections: string[] }>(s, 'subscribe', {
      accessToken: upload.token,
      collections: ['treatments', 'entries', 'nonsense'],
    });
    expect(sub).toEqual({ success: true, collections: ['treatments', 'entries'] });
    const auth = {
      authorization: `Bearer ${(await http.req('GET', `/api/v2/authorization/request/${upload.token}`)).body.token}`,
    };
    const doc = {
      eventType: 'Correction Bolus',
      insulin: 0.7,
      date: now - MIN,
      utcOffset: 0,
      app: 'AAPS',
      identifier: 'aaps-bolus-1',
      isValid: true,
    };
    const created = next<{ colName: string; doc: { identifier: string; insulin: number } }>(s, 'create');
    expect((await http.req('POST', '/api/v3/treatments', { headers: auth, body: doc })).status).toBe(201);
    expect(await created).toMatchObject({
      colName: 'treatments',
      doc: { identifier: 'aaps-bolus-1', insulin: 0.7 },
    });
    const updated = next<{ colName: string; doc: { insulin: number } }>(s, 'update');
    t.clock.advance(1000);
    await http.req('PUT', '/api/v3/treatments/aaps-bolus-1', {
      headers: auth,
      body: { ...doc, insulin: 0.8 },
    });
    expect((await updated).doc.insulin).toBe(0.8);
    const deleted = next<{ colName: string; identifier: string }>(s, 'delete');
    await http.req('DELETE', '/api/v3/treatments/aaps-bolus-1', { headers: auth });
    expect(await deleted).toEqual({ colName: 'treatments', identifier: 'aaps-bolus-1' });
  });

  it('refuses a bad access token, and closes a socket that keeps guessing', async () => {
    const s = socket(otherBase, '/storage');
    const bad = { accessToken: 'upload-000000000000000000000000' };
    expect(await ask(s, 'subscribe', bad)).toMatchObject({ success: false });
    const gone = next(s, 'disconnect');
    for (let i = 0; i < 4; i++) s.emit('subscribe', bad, () => undefined);
    await gone;
    expect(s.connected).toBe(false);
  });

  it('a revoked credential stops getting data at the next change', async () => {
    const doomed = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Revoked soon');
    const s = socket(otherBase, '/storage');
    expect(await ask(s, 'subscribe', { accessToken: doomed.token, collections: ['entries'] })).toMatchObject({
      success: true,
    });
    const revoked = await t.call('POST', NS_API.credentialRevoke(p.ids.patient, doomed.credential.id), {
      token: p.tokens.patient,
    });
    expect(revoked.status).toBe(200);
    let got = false;
    s.on('create', () => (got = true));
    const gone = next(s, 'disconnect');
    await http.req('POST', '/api/v1/entries', {
      headers: { 'api-secret': upload.api_secret_sha1 },
      body: [{ type: 'sgv', sgv: 121, date: now - 2 * MIN, device: 'xDrip' }],
    });
    await gone;
    expect(got).toBe(false);
  });

  it('another patient’s upload reaches no socket of this patient', async () => {
    const s = socket(otherBase, '/storage');
    await ask(s, 'subscribe', { accessToken: read.token, collections: ['entries'] });
    const theirs = await newCredential(t, p.ids.other, p.tokens.other, 'readwrite', 'Other');
    let got = false;
    s.on('create', () => (got = true));
    await http.req('POST', '/api/v1/entries', {
      headers: { 'api-secret': theirs.api_secret_sha1 },
      body: [{ type: 'sgv', sgv: 222, date: now - 3 * MIN, device: 'xDrip' }],
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toBe(false);
  });
});

describe('/alarm', () => {
  it('subscribes with the access token; no acknowledging', async () => {
    const s = socket(otherBase, '/alarm');
    expect(await ask(s, 'subscribe', { accessToken: read.token })).toMatchObject({
      success: true,
      ack: false,
    });
    expect(await ask(s, 'subscribe', { accessToken: 'nope' })).toMatchObject({ success: false });
  });
});
