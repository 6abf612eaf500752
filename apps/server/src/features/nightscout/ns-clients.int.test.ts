import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type MonitorStatus } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import {
  listen,
  newCredential,
  sha1,
  xdripDateString,
  type Http,
} from '../../../test-support/ns-test-client';

// Black-box, over real HTTP: what xDrip+, Loop and AndroidAPS send (shapes from the reference:
// xDrip+ NightscoutUploader.java, Loop NightscoutClient.swift, AAPS NSClientV3), read back through
// the Nightscout API and through the portal's own calls.

let t: TestApp;
let p: People;
let http: Http;
let upload: { token: string; api_secret_sha1: string };
let read: { token: string };
let now: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite');
  read = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Nightguard');
  now = t.clock.now().getTime();
}, 60_000);
afterAll(() => t.close());

const xdripEntry = (ms: number, sgv: number, direction = 'Flat') => ({
  device: 'xDrip-LimiTTer',
  date: ms,
  dateString: xdripDateString(ms, 120),
  sgv,
  delta: -2.942,
  direction,
  type: 'sgv',
  filtered: 127411.75515,
  unfiltered: 127411.75515,
  rssi: 100,
  noise: 1,
  sysTime: xdripDateString(ms, 120),
});

describe('xDrip+ uploader (api-secret = SHA-1 of the secret)', () => {
  it('checks status.json, posts entries, de-duplicates a resend, reads them back', async () => {
    const h = { 'api-secret': upload.api_secret_sha1.toUpperCase() };
    const status = await http.req('GET', '/api/v1/status.json', { headers: h });
    expect(status.status).toBe(200);
    expect(Number(status.body.version.split('.')[0])).toBeGreaterThanOrEqual(15);
    expect(status.body.settings.thresholds).toMatchObject({ bgTargetBottom: 70, bgTargetTop: 180 });

    const batch = [xdripEntry(now - 10 * 60_000, 114), xdripEntry(now - 5 * 60_000, 120, 'FortyFiveUp')];
    const posted = await http.req('POST', '/api/v1/entries', { headers: h, body: batch });
    expect(posted.status).toBe(200);
    expect(posted.body).toHaveLength(2);
    expect(posted.body.every((d: { _id: string }) => /^[0-9a-f]{24}$/.test(d._id))).toBe(true);
    expect(posted.body[0].dateString).toBe(new Date(now - 10 * 60_000).toISOString());
    expect(posted.body[0].utcOffset).toBe(120);

    const again = await http.req('POST', '/api/v1/entries', { headers: h, body: batch });
    expect(again.body.map((d: { _id: string }) => d._id)).toEqual(
      posted.body.map((d: { _id: string }) => d._id),
    );

    const back = await http.req('GET', `/api/v1/entries.json?count=10&token=${read.token}`);
    expect(back.status).toBe(200);
    expect(back.body.map((e: { sgv: number }) => e.sgv)).toEqual([120, 114]);
    expect(back.body[0]).toMatchObject({ type: 'sgv', direction: 'FortyFiveUp', device: 'xDrip-LimiTTer' });
  });

  it('shows the readings in the portal monitor and the upload history', async () => {
    const status = await t.call('GET', API.monitorStatus(p.ids.patient), { token: p.tokens.carer });
    expect(status.status).toBe(200);
    expect(JSON.stringify(status.body)).toContain('120');
    const uploads = await t.call('GET', `${API.uploads(p.ids.patient)}?page=1&size=20`, {
      token: p.tokens.patient,
    });
    expect(uploads.status).toBe(200);
    const items = (
      uploads.body as { uploads: { items: Array<{ source: string; stored: number; duplicates: number }> } }
    ).uploads.items;
    expect(items.some((i) => i.source === 'uploaded' && i.stored === 2)).toBe(true);
    expect(items.some((i) => i.source === 'uploaded' && i.duplicates === 2 && i.stored === 0)).toBe(true);
  });

  it('upserts a treatment with PUT (xDrip+ _id from its uuid) and finds it by uuid', async () => {
    const h = { 'api-secret': upload.api_secret_sha1 };
    const treatment = {
      _id: 'a1b2c3d4e5f60718293a4b5c',
      uuid: 'a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90',
      eventType: 'Snack Bolus',
      enteredBy: 'xdrip',
      insulin: 2.5,
      carbs: 30,
      created_at: new Date(now - 20 * 60_000).toISOString(),
    };
    expect((await http.req('PUT', '/api/v1/treatments', { headers: h, body: treatment })).status).toBe(200);
    const changed = await http.req('PUT', '/api/v1/treatments', {
      headers: h,
      body: { ...treatment, insulin: 3 },
    });
    expect(changed.body[0]._id).toBe(treatment._id);
    const found = await http.req('GET', `/api/v1/treatments.json?find[uuid]=${treatment.uuid}`, {
      headers: h,
    });
    expect(found.body).toHaveLength(1);
    expect(found.body[0].insulin).toBe(3);
    const del = await http.req('DELETE', `/api/v1/treatments/${treatment._id}`, { headers: h });
    expect(del.status).toBe(200);
    expect(
      (await http.req('GET', `/api/v1/treatments.json?find[uuid]=${treatment.uuid}`, { headers: h })).body,
    ).toEqual([]);
  });
});

describe('Loop (NightscoutKit)', () => {
  const h = () => ({ 'api-secret': sha1(upload.token) });

  it('checks auth with experiments/test', async () => {
    expect((await http.req('GET', '/api/v1/experiments/test', { headers: h() })).body).toEqual({
      status: 'ok',
    });
    expect((await http.req('GET', '/api/v1/experiments/test')).status).toBe(401);
  });

  it('posts treatments and devicestatus; every POST answers an array of the same length with _id', async () => {
    const at = (min: number) => new Date(now - min * 60_000).toISOString();
    const treatments = [
      {
        eventType: 'Temp Basal',
        created_at: at(30),
        timestamp: at(30),
        enteredBy: 'loop://iPhone',
        temp: 'absolute',
        rate: 0.5,
        absolute: 0.5,
        duration: 30,
        syncIdentifier: 'loop-tb-1',
      },
      {
        eventType: 'Correction Bolus',
        created_at: at(25),
        timestamp: at(25),
        enteredBy: 'loop://iPhone',
        insulin: 1.2,
        type: 'normal',
        duration: 0,
        syncIdentifier: 'loop-bolus-1',
      },
      {
        eventType: 'Carb Correction',
        created_at: at(24),
        timestamp: at(24),
        enteredBy: 'loop://iPhone',
        carbs: 20,
        absorptionTime: 180,
        foodType: '🌮',
        syncIdentifier: 'loop-carb-1',
      },
    ];
    const res = await http.req('POST', '/api/v1/treatments', { headers: h(), body: treatments });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.every((d: { _id?: string }) => typeof d._id === 'string')).toBe(true);

    const status = {
      device: 'loop://iPhone',
      created_at: at(1),
      pump: {
        clock: at(1),
        pumpID: '123456',
        manufacturer: 'Insulet',
        model: 'Dash',
        reservoir: 86.5,
        suspended: false,
        bolusing: false,
      },
      uploader: { name: 'iPhone', timestamp: at(1), battery: 78 },
      loop: {
        name: 'Loop',
        version: '3.4.1',
        timestamp: at(1),
        iob: { timestamp: at(1), iob: 1.75 },
        cob: { cob: 12, timestamp: at(1) },
        predicted: { startDate: at(1), values: [120, 118, 117] },
      },
    };
    const posted = await http.req('POST', '/api/v1/devicestatus', { headers: h(), body: [status] });
    expect(posted.body).toHaveLength(1);
    const again = await http.req('POST', '/api/v1/devicestatus', { headers: h(), body: [status] });
    expect(again.body[0]._id).not.toBe(posted.body[0]._id); // devicestatus is never de-duplicated

    const byTimestamp = await http.req(
      'GET',
      `/api/v1/treatments?find[timestamp][$gte]=${encodeURIComponent(at(60))}&find[timestamp][$lte]=${encodeURIComponent(at(0))}`,
      { headers: h() },
    );
    expect(byTimestamp.body.map((d: { eventType: string }) => d.eventType)).toEqual([
      'Carb Correction',
      'Correction Bolus',
      'Temp Basal',
    ]);
    const ds = await http.req(
      'GET',
      `/api/v1/devicestatus?find[created_at][$gte]=${encodeURIComponent(at(5))}`,
      { headers: h() },
    );
    expect(ds.body).toHaveLength(2);
  });

  it('the portal shows the bolus, temp basal and pump status', async () => {
    const res = await t.call('GET', API.monitorStatus(p.ids.patient), { token: p.tokens.patient });
    const text = JSON.stringify(res.body);
    expect(res.status).toBe(200);
    expect(text).toContain('1.2');
    expect(text).toContain('86.5');
  });

  it('posts and reads the profile (store.default)', async () => {
    const profile = {
      defaultProfile: 'Default',
      startDate: new Date(now - 3600_000).toISOString(),
      units: 'mg/dL',
      store: {
        Default: {
          dia: 6,
          timezone: 'Europe/Berlin',
          units: 'mg/dL',
          basal: [{ time: '00:00', timeAsSeconds: 0, value: 0.8 }],
          carbratio: [{ time: '00:00', timeAsSeconds: 0, value: 10 }],
          sens: [{ time: '00:00', timeAsSeconds: 0, value: 40 }],
          target_low: [{ time: '00:00', timeAsSeconds: 0, value: 100 }],
          target_high: [{ time: '00:00', timeAsSeconds: 0, value: 110 }],
        },
      },
    };
    const posted = await http.req('POST', '/api/v1/profile', { headers: h(), body: [profile] });
    expect(posted.status).toBe(200);
    const current = await http.req('GET', '/api/v1/profile/current', { headers: h() });
    expect(current.body.store.Default.dia).toBe(6);
    const list = await http.req('GET', '/api/v1/profile.json?count=1', { headers: h() });
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(list.body[0].defaultProfile).toBe('Default');
  });
});

describe('AndroidAPS NSClientV3', () => {
  let jwt = '';
  it('exchanges the access token for a JWT and reads v3 status', async () => {
    const res = await http.req('GET', `/api/v2/authorization/request/${upload.token}`);
    expect(res.status).toBe(200);
    jwt = res.body.token;
    expect(jwt.split('.')).toHaveLength(3);
    const status = await http.req('GET', '/api/v3/status', { headers: { authorization: `Bearer ${jwt}` } });
    expect(status.body.result.apiPermissions.treatments).toBe('crud');
    expect(
      (await http.req('GET', '/api/v3/status', { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401);
  });

  it('creates, de-duplicates, deletes, and follows history with tombstones', async () => {
    const auth = { authorization: `Bearer ${jwt}` };
    const smb = {
      eventType: 'Correction Bolus',
      insulin: 0.25,
      created_at: new Date(now - 60_000).toISOString(),
      date: now - 60_000,
      type: 'SMB',
      isValid: true,
      isSMB: true,
      pumpId: 4148,
      pumpType: 'ACCU_CHEK_INSIGHT_BLUETOOTH',
      pumpSerial: '33013206',
      identifier: '60edfb34c574da0004a386d4',
      app: 'AAPS',
      utcOffset: 120,
    };
    const created = await http.req('POST', '/api/v3/treatments', { headers: auth, body: smb });
    expect(created.status).toBe(201);
    expect(created.body.identifier).toBe(smb.identifier);
    const dup = await http.req('POST', '/api/v3/treatments', { headers: auth, body: smb });
    expect(dup.status).toBe(200);
    expect(dup.body.isDeduplication).toBe(true);
    const since = now - 1;
    t.clock.advance(1000);
    const del = await http.req('DELETE', `/api/v3/treatments/${smb.identifier}`, { headers: auth });
    expect(del.status).toBe(200);
    const history = await http.req('GET', `/api/v3/treatments/history/${since}`, { headers: auth });
    const tomb = history.body.result.find((d: { identifier: string }) => d.identifier === smb.identifier);
    expect(tomb).toMatchObject({ isValid: false });
    expect(tomb.srvModified).toBeGreaterThan(since);
    const last = await http.req('GET', '/api/v3/lastModified', { headers: auth });
    expect(last.body.result.collections.treatments).toBe(now + 1000);
    const entries = await http.req('GET', '/api/v3/entries?sort$desc=date&type=sgv&limit=1', {
      headers: auth,
    });
    expect(entries.body.result[0].sgv).toBe(120);
  });
});

describe('the query language the clients send', () => {
  const h = () => ({ 'api-secret': upload.api_secret_sha1 });
  const get = async (path: string, headers: Record<string, string> = h()) => {
    const res = await http.req('GET', path, { headers });
    expect(res.status).toBe(200);
    return res.body as Array<Record<string, unknown>>;
  };

  it('$exists, $ne (repeated keys), $in, regex', async () => {
    // Trio: carbs that exist, not entered by the app itself (find[enteredBy][$ne] repeated).
    const carbs = await get('/api/v1/treatments.json?find[carbs][$exists]=true');
    expect(carbs.length).toBeGreaterThan(0);
    expect(carbs.every((d) => typeof d.carbs === 'number')).toBe(true);
    const notLoop = await get(
      '/api/v1/treatments.json?find[enteredBy][$ne]=loop%3A%2F%2FiPhone&find[enteredBy][$ne]=xdrip',
    );
    expect(notLoop.some((d) => d.enteredBy === 'loop://iPhone' || d.enteredBy === 'xdrip')).toBe(false);
    const withLoop = await get('/api/v1/treatments.json?find[enteredBy][$ne]=xdrip');
    expect(withLoop.some((d) => d.enteredBy === 'loop://iPhone')).toBe(true);
    const inList = await get(
      '/api/v1/treatments.json?find[eventType][$in][]=Temp%20Basal&find[eventType][$in][]=Carb%20Correction',
    );
    expect(new Set(inList.map((d) => d.eventType))).toEqual(new Set(['Temp Basal', 'Carb Correction']));
    const regex = await get(`/api/v1/treatments.json?find[eventType]=${encodeURIComponent('/^carb/i')}`);
    expect(regex.map((d) => d.eventType)).toEqual(['Carb Correction']);
    const bad = await http.req(
      'GET',
      `/api/v1/treatments.json?find[notes]=${encodeURIComponent('/[unclosed/')}`,
      {
        headers: h(),
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400 });
  });

  it('float millisecond dates (Nightguard), entries/current, entries/sgv.json, If-Modified-Since', async () => {
    const readToken = { authorization: `Bearer ${read.token}` };
    const since = await get(
      `/api/v1/entries.json?count=1440&find[date][$gt]=${now - 11 * 60_000}.0`,
      readToken,
    );
    expect(since.map((e) => e.sgv)).toEqual([120, 114]);
    await http.req('POST', '/api/v1/entries', {
      headers: h(),
      body: [{ type: 'mbg', mbg: 131, date: now - 60_000, dateString: new Date(now - 60_000).toISOString() }],
    });
    const current = await get('/api/v1/entries/current.json');
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ type: 'mbg', mbg: 131 });
    const sgv = await get('/api/v1/entries/sgv.json?count=1');
    expect(sgv).toHaveLength(1);
    expect(sgv[0]).toMatchObject({ type: 'sgv', sgv: 120 });
    const first = await http.req('GET', '/api/v1/entries.json', { headers: h() });
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    const again = await http.req('GET', '/api/v1/entries.json', {
      headers: { ...h(), 'if-modified-since': lastModified! },
    });
    expect(again.status).toBe(304);
  });

  it('verifyauth tells what a credential may do; a raw token works as Bearer', async () => {
    const none = await http.req('GET', '/api/v1/verifyauth');
    expect(none.status).toBe(200);
    expect(none.body.message).toMatchObject({ canRead: false, canWrite: false, message: 'UNAUTHORIZED' });
    const reader = await http.req('GET', `/api/v1/verifyauth?token=${read.token}`);
    expect(reader.body.message).toMatchObject({ canRead: true, canWrite: false, message: 'OK' });
    const writer = await http.req('GET', '/api/v1/verifyauth.json', {
      headers: { 'api-secret': upload.api_secret_sha1 },
    });
    expect(writer.body.message).toMatchObject({ canRead: true, canWrite: true, rolefound: 'FOUND' });
    const bearer = await http.req('GET', '/api/v1/entries.json?count=1', {
      headers: { authorization: `Bearer ${upload.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toHaveLength(1);
  });
});

describe('AndroidAPS NSClient v1 and xDrip+ device status, read back in the portal’s reports', () => {
  // One local day (UTC offset 0) of AndroidAPS uploads: 288 readings, 100 mg/dL until noon and 200
  // after; a meal bolus of 5 U, an SMB of 0.5 U, a closed-loop temp basal of 2 U/h cancelled after
  // 15 minutes, and a careportal temp basal of 1 U/h for an hour.
  const DAY0 = Date.parse('2026-11-15T00:00:00Z');
  const at = (h: number, m = 0) => DAY0 + (h * 60 + m) * 60_000;
  const isoAt = (h: number, m = 0) => new Date(at(h, m)).toISOString();
  const h = () => ({ 'api-secret': upload.api_secret_sha1 });
  const aaps = { enteredBy: 'openaps://AndroidAPS', isValid: true, pumpType: 'DANA_I', pumpSerial: 'AAPS-1' };

  it('stores AndroidAPS v1 entries, treatments and device status', async () => {
    const entries = Array.from({ length: 288 }, (_, i) => ({
      type: 'sgv',
      sgv: i < 144 ? 100 : 200,
      date: DAY0 + i * 5 * 60_000,
      dateString: new Date(DAY0 + i * 5 * 60_000).toISOString(),
      direction: i === 144 ? 'TripleUp' : 'Flat',
      device: 'AndroidAPS-DexcomG6',
      isValid: true,
      utcOffset: 0,
    }));
    const posted = await http.req('POST', '/api/v1/entries', { headers: h(), body: entries });
    expect(posted.status).toBe(200);
    expect(posted.body).toHaveLength(288);
    const day = `find[date][$gte]=${DAY0}&find[date][$lt]=${DAY0 + 86_400_000}`;
    expect((await http.req('GET', `/api/v1/entries.json?${day}`, { headers: h() })).body).toHaveLength(10);
    const all = await http.req('GET', `/api/v1/entries.json?${day}&count=all`, { headers: h() });
    expect(all.body).toHaveLength(288);
    const treatments = [
      { ...aaps, eventType: 'Meal Bolus', insulin: 5, carbs: 50, created_at: isoAt(12), date: at(12), type: 'NORMAL', isSMB: false, pumpId: 11 },
      { ...aaps, eventType: 'Correction Bolus', insulin: 0.5, created_at: isoAt(13), date: at(13), type: 'SMB', isSMB: true, pumpId: 12 },
      { ...aaps, eventType: 'Temp Basal', created_at: isoAt(14), duration: 30, rate: 2, absolute: 2, type: 'NORMAL', pumpId: 13 },
      { ...aaps, eventType: 'Temp Basal', created_at: isoAt(14, 15), duration: 0, type: 'NORMAL', pumpId: 14 },
      { eventType: 'Temp Basal', enteredBy: 'careportal', created_at: isoAt(16), duration: 60, absolute: 1 },
    ]; // prettier-ignore
    const res = await http.req('POST', '/api/v1/treatments', { headers: h(), body: treatments });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    const sent = t.clock.now().getTime();
    const status = {
      created_at: new Date(sent).toISOString(),
      device: 'openaps://samsung SM-G970F',
      pump: {
        battery: { percent: 100 },
        status: { status: 'normal', timestamp: new Date(now - 100_000).toISOString() },
        extended: {
          Version: '3.2.0.4',
          BaseBasalRate: 1,
          TempBasalAbsoluteRate: 0,
          ActiveProfile: 'LocalProfile1',
        },
        reservoir: 191,
        clock: new Date(sent).toISOString(),
      },
      openaps: {
        suggested: { temp: 'absolute', bg: 120, eventualBG: 110, COB: 0, IOB: 0.052, reason: 'COB: 0' },
        iob: { iob: 0.052, basaliob: 0.052, activity: 0.0049, time: new Date(sent).toISOString() },
      },
      uploaderBattery: 100,
      configuration: { pump: 'DanaI', version: '3.2.0.4', insulin: 5, sensitivity: 2 },
    };
    expect((await http.req('POST', '/api/v1/devicestatus', { headers: h(), body: [status] })).status).toBe(
      200,
    );
    const pump = (
      await t.call<{ status: MonitorStatus }>('GET', API.monitorStatus(p.ids.patient), {
        token: p.tokens.carer,
      })
    ).body.status.pump_status;
    expect(pump).toMatchObject({ reservoir: 191, batteryPercent: 100, iob: 0.052, basalRate: 0, state: 32 });
  });

  it('stores xDrip+ device status (uploader battery) and serves it back unchanged', async () => {
    const status = { device: 'xDrip-DexcomG6', uploaderBattery: 57, uploader: { battery: 57 } };
    const res = await http.req('POST', '/api/v1/devicestatus', { headers: h(), body: [status] });
    expect(res.status).toBe(200);
    const back = await http.req('GET', '/api/v1/devicestatus.json?count=1', { headers: h() });
    expect(back.body[0]).toMatchObject({
      device: 'xDrip-DexcomG6',
      uploaderBattery: 57,
      uploader: { battery: 57 },
    });
    // Without created_at it is stamped with the time it arrived.
    expect(back.body[0].created_at).toBe(t.clock.now().toISOString());
  });

  it('the dashboard report has the day’s glucose and insulin figures', async () => {
    const res = await t.call<{ report_data: { dashboard: { stats: Record<string, number>; insulin: Record<string, number> } } }>(
      'POST',
      API.dataReport(p.ids.patient),
      { token: p.tokens.hcp, body: { reports: ['dashboard'], from: '2026-11-15', to: '2026-11-15', target_low: 70, target_high: 180 } },
    ); // prettier-ignore
    expect(res.status).toBe(200);
    const { stats, insulin } = res.body.report_data.dashboard;
    expect(stats).toMatchObject({ count: 288, mean: 150, min: 100, max: 200, in_target: 50 });
    expect(insulin.days).toBe(1);
    expect(insulin.bolus_normal).toBeCloseTo(5, 6);
    expect(insulin.auto_bolus).toBeCloseTo(0.5, 6);
    expect(insulin.auto_basal).toBeCloseTo(0.5, 6);
    expect(insulin.basal).toBeCloseTo(1.5, 6);
    expect(insulin.bolus).toBeCloseTo(5.5, 6);
    expect(insulin.total_daily_dose).toBeCloseTo(7, 6);
    expect(insulin.time_in_auto_mode).toBeCloseTo(20, 6);
  });
});

describe('credentials and consent', () => {
  it('answers 401 in Nightscout’s shape without or with a bad credential', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { 'api-secret': sha1('wrong-secret-123') },
      { authorization: `Bearer ${p.tokens.patient}` },
    ];
    for (const headers of attempts) {
      const res = await http.req('GET', '/api/v1/entries.json', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, message: 'Unauthorized' });
    }
  });

  it('refuses writes with a read token, and everything after revocation', async () => {
    const res = await http.req('POST', `/api/v1/entries?token=${read.token}`, {
      body: [xdripEntry(now, 100)],
    });
    expect(res.status).toBe(401);
    const made = await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'temporary');
    expect((await http.req('GET', `/api/v1/entries.json?token=${made.token}`)).status).toBe(200);
    await t.call('POST', `/api/v2.0/nightscout/${p.ids.patient}/credentials/${made.credential.id}/revoke`, {
      token: p.tokens.patient,
    });
    expect((await http.req('GET', `/api/v1/entries.json?token=${made.token}`)).status).toBe(401);
  });

  it('only the patient manages credentials; a follower without accepted connection reads nothing', async () => {
    for (const who of ['carer', 'hcp', 'pending', 'removed', 'stranger', 'other'] as const) {
      const res = await t.call('GET', `/api/v2.0/nightscout/${p.ids.patient}/credentials`, {
        token: p.tokens[who],
      });
      expect(res.status).toBe(403);
    }
    for (const who of ['pending', 'removed', 'rejected', 'stranger'] as const) {
      expect((await t.call('GET', API.monitorStatus(p.ids.patient), { token: p.tokens[who] })).status).toBe(
        403,
      );
    }
  });
});

describe('deleting uploaded data in the portal', () => {
  it('removes it from the Nightscout API too (tombstones in the v3 history)', async () => {
    const h = { 'api-secret': upload.api_secret_sha1 };
    const before = await http.req('GET', '/api/v1/entries.json?count=100', { headers: h });
    expect(before.body.length).toBeGreaterThan(0);
    const res = await t.call('POST', API.dataDelete, {
      token: p.tokens.patient,
      body: {
        uid: p.ids.patient,
        kinds: ['sg'],
        source: 'uploaded',
        from: now - 86400_000,
        to: now + 86400_000,
        confirm: true,
      },
    });
    expect(res.status).toBe(200);
    const after = await http.req('GET', '/api/v1/entries.json?count=100', { headers: h });
    expect(after.body.filter((e: { type: string }) => e.type === 'sgv')).toEqual([]);
    // Treatments are another kind: deleting readings leaves them served.
    const treatments = await http.req('GET', '/api/v1/treatments.json?count=100', { headers: h });
    expect(treatments.body.length).toBeGreaterThan(0);
  });
});
