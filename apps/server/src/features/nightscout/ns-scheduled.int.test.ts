import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// Black-box, over real HTTP: the scheduled basal between a closed loop's temp basals. A Loop-shaped
// profile, a day of readings, pump status, temp basals and boluses are uploaded; the daily report
// and the dashboard must show basal and total daily dose as worked out by hand below, through a
// Profile Switch, a late temp basal, a profile change, a deleted temp basal and a suspended pump.
// The documents carry +02:00 times (as Trio and OpenAPS write local times) and the profile's zone
// is Loop's "ETC/GMT-2" (UTC+2), so the day is the same local day for every row.

let t: TestApp;
let p: People;
let http: Http;
let h: Record<string, string>;
let other: Record<string, string>;

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const DATE = '2026-06-10';
const D0 = Date.parse(`${DATE}T00:00:00+02:00`);
const now = D0 + DAY + 6 * HOUR;
const local = (hh: number, mm = 0) => D0 + hh * HOUR + mm * MIN;
const isoLocal = (ms: number) => new Date(ms + 2 * HOUR).toISOString().replace('Z', '+02:00');

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  h = {
    'api-secret': (await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'Loop'))
      .api_secret_sha1,
  };
  other = {
    'api-secret': (await newCredential(t, p.ids.other, p.tokens.other, 'readwrite', 'Loop')).api_secret_sha1,
  };
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const at = (time: string, value: number) => {
  const [hh, mm] = time.split(':').map(Number);
  return { time, timeAsSeconds: hh! * 3600 + mm! * 60, value };
};

/** Loop's ProfileSet (NightscoutKit), as posted after a settings change. */
const loopProfile = (startMs: number, basal: Array<ReturnType<typeof at>>) => ({
  defaultProfile: 'Default',
  startDate: new Date(startMs).toISOString(),
  mills: String(startMs),
  units: 'mg/dL',
  enteredBy: 'Loop',
  store: {
    Default: {
      dia: 6,
      carbs_hr: '0',
      delay: '0',
      timezone: 'ETC/GMT-2',
      units: 'mg/dL',
      basal,
      carbratio: [at('00:00', 10)],
      sens: [at('00:00', 40)],
      target_low: [at('00:00', 100)],
      target_high: [at('00:00', 110)],
    },
  },
  loopSettings: { dosingEnabled: true, maximumBasalRatePerHour: 4, maximumBolus: 10 },
});
const profileA = loopProfile(D0 - DAY, [
  at('00:00', 0.8),
  at('06:00', 1.2),
  at('12:00', 1.0),
  at('22:00', 0.9),
]);
const profileB = loopProfile(local(18), [
  at('00:00', 0.8),
  at('06:00', 1.2),
  at('12:00', 1.1),
  at('22:00', 1.0),
]);

/** Loop's pump status every 5 minutes from local midnight to 00:30 the next day; suspended 10:30–11:00. */
const statuses = Array.from({ length: 24 * 12 + 7 }, (_, i) => {
  const time = D0 + i * 5 * MIN;
  return {
    device: 'loop://iPhone',
    created_at: isoLocal(time),
    pump: {
      clock: isoLocal(time),
      pumpID: 'DASH-1',
      manufacturer: 'Insulet',
      model: 'Dash',
      reservoir: 150,
      suspended: time >= local(10, 30) && time < local(11),
      bolusing: false,
    },
    loop: {
      name: 'Loop',
      version: '3.4.1',
      timestamp: isoLocal(time),
      iob: { iob: 1, timestamp: isoLocal(time) },
    },
    uploader: { name: 'iPhone', battery: 80 },
  };
});
const entries = Array.from({ length: 288 }, (_, i) => {
  const time = D0 + i * 5 * MIN;
  return {
    type: 'sgv',
    sgv: 120,
    date: time,
    dateString: isoLocal(time),
    direction: 'Flat',
    device: 'loop://iPhone',
  };
});
/** Loop's automatic temp basal (TempBasalNightscoutTreatment). */
const temp = (hh: number, mm: number, rate: number, duration: number, id: string) => ({
  eventType: 'Temp Basal',
  created_at: isoLocal(local(hh, mm)),
  timestamp: isoLocal(local(hh, mm)),
  enteredBy: 'loop://iPhone',
  temp: 'absolute',
  rate,
  absolute: rate,
  duration,
  automatic: true,
  syncIdentifier: id,
});
const bolus = (hh: number, insulin: number, automatic: boolean, id: string) => ({
  eventType: 'Correction Bolus',
  created_at: isoLocal(local(hh)),
  timestamp: isoLocal(local(hh)),
  enteredBy: 'loop://iPhone',
  insulin,
  programmed: insulin,
  type: 'normal',
  duration: 1,
  automatic,
  syncIdentifier: id,
});
const temps = [temp(3, 0, 1.5, 30, 'tb-0300'), temp(9, 0, 0, 60, 'tb-0900'), temp(15, 0, 2.0, 30, 'tb-1500')];
const doomed = temp(5, 0, 3.0, 30, 'tb-0500');
const late = temp(20, 0, 0.5, 60, 'tb-2000');
const boluses = [
  bolus(8, 4, false, 'b-08'),
  bolus(13, 3, false, 'b-13'),
  bolus(19, 2.5, false, 'b-19'),
  bolus(16, 0.3, true, 'b-16'),
];
/** AndroidAPS's Profile Switch: 150 % for two hours. */
const profileSwitch = {
  eventType: 'Profile Switch',
  created_at: isoLocal(local(12)),
  enteredBy: 'openaps://AndroidAPS',
  profile: 'Default',
  originalProfileName: 'Default',
  percentage: 150,
  timeshift: 0,
  duration: 120,
  isValid: true,
  identifier: 'ps-150',
};

type Day = {
  insulin: Record<string, number>;
  basal: { start: number[]; duration_min: number[]; rate: number[]; code: string[] };
};
const daily = async (patientId: string, date = DATE): Promise<Day> => {
  const res = await t.call<{ report_data: { days: Day[] } }>(
    'GET',
    `${API.chartData(patientId, 'dd')}?from=${date}&to=${date}`,
    { token: patientId === p.ids.patient ? p.tokens.patient : p.tokens.other },
  );
  expect(res.status).toBe(200);
  return res.body.report_data.days[0]!;
};
const dashboard = async () => {
  const res = await t.call<{ report_data: { dashboard: { insulin: Record<string, number> } } }>(
    'POST',
    API.dataReport(p.ids.patient),
    {
      token: p.tokens.hcp,
      body: { reports: ['dashboard'], from: DATE, to: DATE, target_low: 70, target_high: 180 },
    },
  );
  expect(res.status).toBe(200);
  return res.body.report_data.dashboard.insulin;
};
const post = async (headers: Record<string, string>, path: string, body: unknown) => {
  const res = await http.req('POST', path, { headers, body });
  expect(res.status).toBe(200);
  return res.body as Array<{ _id: string }>;
};
/** The day's basal rows as [local start "HH:MM", minutes, U/h, code]. */
const rows = (d: Day) =>
  d.basal.start.map((s, i) => [
    new Date(s + 2 * HOUR).toISOString().slice(11, 16),
    d.basal.duration_min[i],
    d.basal.rate[i],
    d.basal.code[i],
  ]);

describe('scheduled basal between temp basals', () => {
  let doomedId = '';

  it('fills the reported time with the profile’s rates, around temp basals and a suspended pump', async () => {
    await post(h, '/api/v1/profile', [profileA]);
    await post(h, '/api/v1/entries', entries);
    await post(h, '/api/v1/devicestatus', statuses);
    const answer = await post(h, '/api/v1/treatments', [...temps, doomed, ...boluses]);
    doomedId = answer[3]!._id;
    const day = await daily(p.ids.patient);
    // Scheduled 00–03 0.8 (2.4) · temp 1.5 ×½h (0.75) · 03:30–05 0.8 (1.2) · temp 3.0 ×½h (1.5) ·
    // 05:30–06 0.8 (0.4) · 06–09 1.2 (3.6) · temp 0 ×1h · 10–10:30 1.2 (0.6) · suspended 10:30–11 ·
    // 11–12 1.2 (1.2) · 12–15 1.0 (3.0) · temp 2.0 ×½h (1.0) · 15:30–22 1.0 (6.5) · 22–24 0.9 (1.8).
    expect(day.insulin.basal).toBeCloseTo(23.95, 6);
    expect(day.insulin.basal_minutes).toBeCloseTo(1440, 6);
    expect(day.insulin.suspend_minutes).toBeCloseTo(30, 6);
    expect(day.insulin.auto_mode_minutes).toBeCloseTo(150, 6);
    expect(day.insulin.bolus).toBeCloseTo(9.8, 6);
    expect(day.insulin.total).toBeCloseTo(33.75, 6);
    expect(rows(day).slice(0, 4)).toEqual([
      ['00:00', 180, 0.8, 'BAS'],
      ['03:00', 30, 1.5, 'BAAM'],
      ['03:30', 90, 0.8, 'BAS'],
      ['05:00', 30, 3, 'BAAM'],
    ]);
    expect(rows(day)).toContainEqual(['10:30', 30, 0, 'SUSM']);
    expect(rows(day)).toContainEqual(['22:00', 120, 0.9, 'BAS']);
  });

  it('a Profile Switch of 150 % for two hours raises the scheduled rate while it runs', async () => {
    await post(h, '/api/v1/treatments', [profileSwitch]);
    const day = await daily(p.ids.patient);
    // 12–14 at 1.5 instead of 1.0: +1.0 U.
    expect(day.insulin.basal).toBeCloseTo(24.95, 6);
    expect(rows(day)).toContainEqual(['12:00', 120, 1.5, 'BAS']);
    expect(rows(day)).toContainEqual(['14:00', 60, 1, 'BAS']);
  });

  it('a temp basal uploaded late replaces the scheduled basal of its time', async () => {
    await post(h, '/api/v1/treatments', [late]);
    const day = await daily(p.ids.patient);
    // 20–21 at 0.5 instead of 1.0: −0.5 U.
    expect(day.insulin.basal).toBeCloseTo(24.45, 6);
    expect(rows(day)).toContainEqual(['20:00', 60, 0.5, 'BAAM']);
    expect(rows(day)).toContainEqual(['21:00', 60, 1, 'BAS']);
  });

  it('a profile changed at 18:00 sets the rates from then on', async () => {
    await post(h, '/api/v1/profile', [profileB]);
    const day = await daily(p.ids.patient);
    // 18–20 and 21–22 at 1.1 instead of 1.0 (+0.3), 22–24 at 1.0 instead of 0.9 (+0.2).
    expect(day.insulin.basal).toBeCloseTo(24.95, 6);
    expect(rows(day)).toContainEqual(['18:00', 120, 1.1, 'BAS']);
    expect(rows(day)).toContainEqual(['22:00', 120, 1, 'BAS']);
  });

  it('a deleted temp basal gives its time back to the schedule; dashboard and daily report agree', async () => {
    const res = await http.req('DELETE', `/api/v1/treatments/${doomedId}`, { headers: h });
    expect(res.status).toBe(200);
    const day = await daily(p.ids.patient);
    // 05:00–05:30 at 0.8 instead of 3.0: −1.1 U. Scheduled 21.6 + temp 2.25 = 23.85.
    expect(day.insulin.basal).toBeCloseTo(23.85, 6);
    expect(rows(day).slice(0, 3)).toEqual([
      ['00:00', 180, 0.8, 'BAS'],
      ['03:00', 30, 1.5, 'BAAM'],
      ['03:30', 150, 0.8, 'BAS'],
    ]);
    const insulin = await dashboard();
    expect(insulin.days).toBe(1);
    expect(insulin.basal).toBeCloseTo(23.85, 6);
    expect(insulin.bolus_normal).toBeCloseTo(9.5, 6);
    expect(insulin.auto_bolus).toBeCloseTo(0.3, 6);
    expect(insulin.total_daily_dose).toBeCloseTo(33.65, 6);
    // Auto mode: the loop's temp basals, 3 h of the day's 24.
    expect(insulin.auto_basal).toBeCloseTo(2.25, 6);
    expect(insulin.time_in_auto_mode).toBeCloseTo(12.5, 6);
  });

  it('gives the same rows whatever order the documents arrive in', async () => {
    await post(other, '/api/v1/treatments', [...boluses, late, profileSwitch, ...temps]);
    await post(other, '/api/v1/devicestatus', [...statuses].reverse());
    await post(other, '/api/v1/profile', [profileB, profileA]);
    await post(other, '/api/v1/entries', entries);
    const [mine, theirs] = [await daily(p.ids.patient), await daily(p.ids.other)];
    expect(theirs.basal).toEqual(mine.basal);
    expect(theirs.insulin).toEqual(mine.insulin);
  });

  it('adds nothing after the last pump report, and leaves the portal’s own pump data alone', async () => {
    // The uploads end at 00:30 on the next day: nothing is assumed after that.
    const next = await daily(p.ids.patient, '2026-06-11');
    expect(rows(next)).toEqual([['00:00', 30, 0.8, 'BAS']]);
    const device = await registerDevice(t, p.tokens.patient);
    const realtime = {
      type: 'basal',
      serial: 'PB-1',
      seq: 1,
      time: local(-12),
      utc_offset_min: 120,
      code: 'BAS',
      duration_min: 60,
      rate: 0.7,
      delivered: 0.7,
    };
    expect((await device.ingest([realtime])).status).toBe(200);
    // A profile from before that day rebuilds from its start: the realtime row stays as it came.
    await post(h, '/api/v1/profile', [loopProfile(D0 - 2 * DAY, [at('00:00', 0.5)])]);
    const before = await daily(p.ids.patient, '2026-06-09');
    expect(rows(before)).toEqual([['12:00', 60, 0.7, 'BAS']]);
    expect((await daily(p.ids.patient)).insulin.basal).toBeCloseTo(23.85, 6);
  });

  it('moves on with new uploads; Loop’s Suspend Pump until Resume Pump is a suspension', async () => {
    const event = (eventType: string, hh: number, mm: number) => ({
      eventType,
      created_at: isoLocal(local(hh, mm)),
      timestamp: isoLocal(local(hh, mm)),
      enteredBy: 'loop://iPhone',
      syncIdentifier: `${eventType}-${hh}${mm}`,
    });
    await post(h, '/api/v1/treatments', [event('Suspend Pump', 24, 30), event('Resume Pump', 25, 0)]);
    await post(h, '/api/v1/devicestatus', [{ ...statuses[0]!, created_at: isoLocal(local(25, 30)) }]);
    expect(rows(await daily(p.ids.patient, '2026-06-11'))).toEqual([
      ['00:00', 30, 0.8, 'BAS'],
      ['00:30', 30, 0, 'SUSM'],
      ['01:00', 30, 0.8, 'BAS'],
    ]);
  });
});
