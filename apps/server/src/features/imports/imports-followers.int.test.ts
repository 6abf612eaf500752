import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NS_API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';

// What Nightscout followers see of imported files: the readings and treatments, each exactly
// once, next to documents uploaded through the Nightscout API (served as those documents), and
// the same after the file is imported a second time.

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON bodies
const MIN = 60_000;
const T0 = Date.parse('2026-11-21T08:00:00Z');
const iso = (min: number) => new Date(T0 + min * MIN).toISOString();

const CLARITY = [
  'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),Glucose Rate of Change (mg/dL/min),Transmitter Time (Long Integer),Transmitter ID',
  '1,,Device,,,"Dexcom G7 Mobile App",iOS G7,,,,,,,',
  '2,2026-11-21T06:00:00,EGV,,,,iOS G7,102,,,,,,',
  '3,2026-11-21T06:05:00,EGV,,,,iOS G7,108,,,,,,',
  '4,2026-11-21T06:12:00,Insulin,Fast-Acting,,,iOS G7,,4.5,,,,,',
].join('\n');

/** An AndroidAPS export: readings, a meal bolus, a micro-bolus, a temp basal, a combo bolus, a note, a site change. */
const NIGHTSCOUT = JSON.stringify({
  entries: [0, 5].map((m, i) => ({ type: 'sgv', sgv: 140 + i, date: T0 + m * MIN, device: 'AndroidAPS-DexcomG6', direction: 'Flat' })),
  treatments: [
    { eventType: 'Meal Bolus', created_at: iso(10), insulin: 4, carbs: 40, enteredBy: 'openaps://AndroidAPS' },
    { eventType: 'Correction Bolus', created_at: iso(15), insulin: 0.3, isSMB: true, enteredBy: 'openaps://AndroidAPS' },
    { eventType: 'Temp Basal', created_at: iso(20), absolute: 1.2, duration: 30, enteredBy: 'openaps://AndroidAPS' },
    { eventType: 'Combo Bolus', created_at: iso(30), insulin: 1, enteredinsulin: 3, splitNow: 33.3, splitExt: 66.7, duration: 60 },
    { eventType: 'Note', created_at: iso(40), notes: 'Pizza' },
    { eventType: 'Site Change', created_at: iso(45) },
  ],
}); // prettier-ignore

let t: TestApp;
let p: People;
let http: Http;
let read: string;

async function importFile(format: string, content: string) {
  const res = await t.call('POST', NS_API.imports(p.ids.patient), {
    token: p.tokens.patient,
    body: { format, content, filename: format, time_zone: 'UTC' },
  });
  expect(res.status).toBe(200);
  return res.body as Loose;
}

const v1 = async (path: string) =>
  (await http.req('GET', `${path}${path.includes('?') ? '&' : '?'}token=${read}`)).body as Loose[];
const since = `${T0 - 3 * 60 * MIN}`;
const entries = () => v1(`/api/v1/entries.json?count=100&find[date][$gte]=${since}`);
const treatments = () =>
  v1(`/api/v1/treatments.json?count=100&find[created_at][$gte]=${new Date(Number(since)).toISOString()}`);

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  read = (await newCredential(t, p.ids.patient, p.tokens.patient, 'read', 'Nightguard')).token;
  expect(await importFile('dexcom_clarity_csv', CLARITY)).toMatchObject({ stored: 3, rejected: 0 });
  expect(await importFile('nightscout_json', NIGHTSCOUT)).toMatchObject({ stored: 10, rejected: 0 });
  // A reading and a bolus uploaded through the Nightscout API stay one document each.
  const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'xDrip+');
  const h = { 'api-secret': upload.api_secret_sha1 };
  for (const [path, body] of [
    ['/api/v1/entries', [{ type: 'sgv', sgv: 150, date: T0 + 60 * MIN, device: 'xDrip-DexcomG5' }]],
    ['/api/v1/treatments', [{ eventType: 'Correction Bolus', insulin: 1.5, created_at: iso(65) }]],
  ] as const)
    expect((await http.req('POST', path, { headers: h, body })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('imported data through the Nightscout API', () => {
  const expectedEntries = [
    [T0 - 120 * MIN, 102, 'Dexcom G7 Mobile App'],
    [T0 - 115 * MIN, 108, 'Dexcom G7 Mobile App'],
    [T0, 140, 'AndroidAPS-DexcomG6'],
    [T0 + 5 * MIN, 141, 'AndroidAPS-DexcomG6'],
    [T0 + 60 * MIN, 150, 'xDrip-DexcomG5'],
  ];
  const expectedTreatments = [
    [iso(-108), 'Correction Bolus', { insulin: 4.5 }],
    // The file's insulin and carbs of one time: one Meal Bolus, as Nightscout's careportal keeps them.
    [iso(10), 'Meal Bolus', { insulin: 4, carbs: 40 }],
    [iso(15), 'Correction Bolus', { insulin: 0.3, isSMB: true, automatic: true }],
    [iso(20), 'Temp Basal', { absolute: 1.2, duration: 30, automatic: true }],
    [iso(30), 'Combo Bolus', { insulin: 1, enteredinsulin: 3 }],
    [iso(40), 'Note', { notes: 'Note: Pizza' }],
    [iso(45), 'Site Change', {}],
    [iso(65), 'Correction Bolus', { insulin: 1.5 }],
  ];

  const check = async () => {
    const got = (await entries()).map((e) => [e.date, e.sgv, e.device]).sort((a, b) => a[0] - b[0]);
    expect(got).toEqual(expectedEntries);
    const docs = await treatments();
    const byTime = [...docs].sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.eventType.localeCompare(b.eventType),
    );
    expect(byTime.map((d) => [d.created_at, d.eventType])).toEqual(
      expectedTreatments.map(([at, type]) => [at, type]),
    );
    byTime.forEach((d, i) => expect(d).toMatchObject(expectedTreatments[i]![2] as object));
    return { entries: got, ids: docs.map((d) => d._id).sort() };
  };

  it('serves each imported reading and treatment exactly once, beside the uploaded documents', async () => {
    await check();
  });

  it('serves the same documents, with the same ids, after the files are imported again', async () => {
    const before = await check();
    expect(await importFile('dexcom_clarity_csv', CLARITY)).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await importFile('nightscout_json', NIGHTSCOUT)).toMatchObject({ stored: 0, duplicates: 10 });
    expect(await check()).toEqual(before);
  });

  it('gives imported readings to v3 history, stamped when they were imported', async () => {
    const jwt = await http.req('GET', `/api/v2/authorization/request/${read}`);
    const auth = { authorization: `Bearer ${jwt.body.token as string}` };
    const history = await http.req('GET', `/api/v3/entries/history/${t.clock.now().getTime() - 1}`, {
      headers: auth,
    });
    const dates = (history.body.result as Loose[]).map((e) => e.date).sort((a, b) => a - b);
    expect(dates).toEqual(expectedEntries.map(([date]) => date));
  });
});
