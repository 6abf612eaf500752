import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, patientExportJson } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_READ,
  MAY_READ,
  TEST_PASSWORD,
  type People,
  type Who,
} from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import {
  basalSegments,
  bgReadings,
  boluses,
  clinicConsents,
  clinics,
  events,
  operationHistory,
  users,
} from '../../platform/db/schema';
import { storeRecords } from '../../patient-data';
import { newId } from '../../platform/lib/crypto';

let t: TestApp;
let p: People;
let clinicToken: string;
let clinicId: string;

const at = (iso: string) => new Date(iso);
const dev = (patientId: string, seq: number, time: string, utcOffsetMin = 60, serial = 'S-1') => ({
  patientId,
  serial,
  seq,
  time: at(time),
  utcOffsetMin,
  source: 'realtime' as const,
});

/** A small known dataset around the local days 2026-11-02 and 2026-11-03 (mostly at UTC+1). */
async function seed(id: string) {
  const sg = (
    seq: number,
    time: string,
    mgdl: number | null,
    more: object = {},
    offset = 60,
    serial = 'S-1',
  ) => ({
    type: 'sg' as const,
    serial,
    seq,
    time: Date.parse(time),
    utc_offset_min: offset,
    mgdl,
    ...more,
  });
  await t.ctx.db.transaction((tx) =>
    storeRecords(tx, id, 'realtime', [
      sg(1, '2026-11-01T22:30:00Z', 90), // local 1 Nov 23:30: outside
      sg(2, '2026-11-01T23:00:00Z', 100), // local 2 Nov 00:00: first in
      sg(3, '2026-11-02T10:00:00Z', 55.8, { quality: 'C' }),
      sg(3, '2026-11-02T10:00:00Z', 56, {}, 60, 'S-2'), // same instant, second serial
      sg(4, '2026-11-02T10:05:00Z', null, { display_code: 'H' }),
      sg(5, '2026-11-03T22:59:00Z', 250), // local 3 Nov 23:59: last at UTC+1
      sg(6, '2026-11-03T23:00:00Z', 260), // local 4 Nov: outside
      sg(7, '2026-11-04T02:00:00Z', 120, { quality: 'NC' }, -300), // abroad: local 3 Nov 21:00
    ]),
  );
  await t.ctx.db.insert(bgReadings).values({ ...dev(id, 1, '2026-11-02T07:00:00Z'), kind: 'bg', mgdl: 180 });
  await t.ctx.db.insert(basalSegments).values({
    ...dev(id, 1, '2026-11-02T06:00:00Z'),
    code: 'BAAM',
    durationMin: 5,
    rate: 0.6,
    delivered: 0.05,
    auto: { auto_basal_delivery: 0.05, auto_corr_delivery: 0, auto_food_delivery: 0 },
  });
  await t.ctx.db.insert(boluses).values({
    ...dev(id, 1, '2026-11-02T07:05:00Z'),
    code: 'NB',
    set: 3.5,
    delivered: 3.5,
    details: { carb: 45, bg: 180 },
  });
  const event = (time: string, notes: string | null, deleted = false) => ({
    id: newId(),
    patientId: id,
    serial: 'user',
    seq: null,
    time: at(time),
    utcOffsetMin: 60,
    eventType: 'CARB',
    value: 45,
    details: { value: 45 },
    notes,
    origin: 'user',
    deletedAt: deleted ? at('2026-11-05T00:00:00Z') : null,
  });
  await t.ctx.db
    .insert(events)
    .values([
      event('2026-11-02T12:00:00Z', '=HYPERLINK("x")'),
      event('2026-11-02T18:00:00Z', 'Lunch, big'),
      event('2026-11-02T19:00:00Z', 'gone', true),
    ]);
}

const EXPECTED_CSV = (uid: string) =>
  [
    '\uFEFFPatient,Test patient',
    `Patient ID,${uid}`,
    'From,2026-11-02',
    'To,2026-11-03',
    'Exported at (UTC),2026-11-21T12:00:00.000Z',
    '',
    'Sensor glucose',
    'Local time,UTC offset,mg/dL,mmol/L,Flag',
    '2026-11-02 00:00:00,+01:00,100,5.6,',
    '2026-11-02 11:00:00,+01:00,55.8,3.1,C',
    '2026-11-02 11:05:00,+01:00,,,H',
    '2026-11-03 23:59:00,+01:00,250,13.9,',
    '2026-11-03 21:00:00,-05:00,120,6.7,NC',
    '',
    'Blood glucose',
    'Local time,UTC offset,Kind,mg/dL,mmol/L',
    '2026-11-02 08:00:00,+01:00,bg,180,10.0',
    '',
    'Basal',
    'Local time,UTC offset,Code,Duration (min),Rate (U/H),Delivered (U),Auto basal (U),Auto correction (U),Auto food (U)',
    '2026-11-02 07:00:00,+01:00,BAAM,5,0.6,0.05,0.05,0,0',
    '',
    'Bolus',
    'Local time,UTC offset,Code,Set (U),Delivered (U),Extended set (U),Extended delivered (U),Extended duration (min),Details',
    '2026-11-02 08:05:00,+01:00,NB,3.5,3.5,,,,"{""bg"":180,""carb"":45}"',
    '',
    'Events',
    'Local time,UTC offset,Type,Value,Details,Notes,Source',
    `2026-11-02 13:00:00,+01:00,CARB,45,"{""value"":45}","'=HYPERLINK(""x"")",user`,
    '2026-11-02 19:00:00,+01:00,CARB,45,"{""value"":45}","Lunch, big",user',
    '',
  ].join('\r\n');

const exportOf = (token: string | undefined, query: Record<string, string>, id = p.ids.patient) =>
  t.call<string>('GET', `${API.patientExport(id)}?${new URLSearchParams(query)}`, token ? { token } : {});
const RANGE = { from: '2026-11-02', to: '2026-11-03' };

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  clinicId = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'clinic@example.com',
    password: TEST_PASSWORD,
    userType: 'D',
    realname: 'Clinic Desk',
    clinicLogin: true,
  });
  // The desk reads the patient through the clinic's HCP the patient accepted, the patient consenting
  // to the clinic (access/clinic-access.ts).
  const clinic = newId();
  await t.ctx.db
    .insert(clinics)
    .values({ id: clinic, name: 'Clinic', country: 'GB', region: 'europe', createdBy: clinicId });
  await t.ctx.db
    .update(users)
    .set({ clinicId: clinic })
    .where(inArray(users.id, [clinicId, p.ids.hcp]));
  await t.ctx.db
    .insert(clinicConsents)
    .values({ patientId: p.ids.patient, clinicId: clinic, givenAt: new Date() });
  clinicToken = await t.signIn(clinicId);
  await seed(p.ids.patient);
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
});
afterAll(() => t.close());

describe('CSV export of a known dataset', () => {
  it('has the header, then every section of the local days chosen, as an attachment', async () => {
    const res = await exportOf(clinicToken, RANGE);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toBe(
      'attachment; filename="cgm-export-2026-11-02-2026-11-03.csv"',
    );
    expect(res.raw.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(EXPECTED_CSV(p.ids.patient));
  });

  it('is the same as JSON, matching the contract', async () => {
    const res = await t.call(
      'GET',
      `${API.patientExport(p.ids.patient)}?${new URLSearchParams({ ...RANGE, format: 'json' })}`,
      {
        token: p.tokens.hcp,
      },
    );
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-disposition']).toContain('.json"');
    const body = patientExportJson.parse(res.body);
    expect(body.patient).toEqual({ uid: p.ids.patient, name: 'Test patient' });
    expect(body.sg.map((r) => [r.local, r.utc_offset, r.mgdl, r.mmol, r.flag])).toEqual([
      ['2026-11-02 00:00:00', '+01:00', 100, 5.6, null],
      ['2026-11-02 11:00:00', '+01:00', 55.8, 3.1, 'C'],
      ['2026-11-02 11:05:00', '+01:00', null, null, 'H'],
      ['2026-11-03 23:59:00', '+01:00', 250, 13.9, null],
      ['2026-11-03 21:00:00', '-05:00', 120, 6.7, 'NC'],
    ]);
    expect(body.bolus[0]).toMatchObject({ code: 'NB', delivered: 3.5, details: { bg: 180, carb: 45 } });
    expect(body.events.map((e) => e.notes)).toEqual(['=HYPERLINK("x")', 'Lunch, big']);
  });

  it('records each HCP’s export in the operation history', async () => {
    // The route's audit runs when the response has been sent: wait for it.
    await vi.waitFor(async () => {
      const rows = await t.ctx.db
        .select({ actor: operationHistory.actorId })
        .from(operationHistory)
        .where(
          and(eq(operationHistory.action, 'patient.export'), eq(operationHistory.subjectId, p.ids.patient)),
        );
      expect(rows.map((r) => r.actor).sort()).toEqual([clinicId, p.ids.hcp].sort());
    });
  });

  it('has only the headers for a range without data', async () => {
    const res = await exportOf(p.tokens.patient, { from: '2026-10-01', to: '2026-10-01' });
    expect(res.status).toBe(200);
    expect(res.body.split('\r\n').filter((l) => /^\d{4}-/.test(l))).toEqual([]);
  });
});

describe('who may export (the patient’s consent)', () => {
  it.each(MAY_READ)('%s may', async (who: Who) => {
    expect((await exportOf(p.tokens[who], RANGE)).status).toBe(200);
  });

  it.each(MAY_NOT_READ)('%s may not (403, no data)', async (who: Who) => {
    const res = await exportOf(p.tokens[who], RANGE);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: ErrorCode.FORBIDDEN });
  });

  it('answers an unknown patient as for a stranger, and 401 without a token', async () => {
    expect((await exportOf(p.tokens.hcp, RANGE, 'no-such-patient')).status).toBe(403);
    expect((await exportOf(undefined, RANGE)).status).toBe(401);
  });
});

describe('range rules (spec §5 "Dates")', () => {
  it('allows exactly 90 days', async () => {
    expect((await exportOf(clinicToken, { from: '2026-08-05', to: '2026-11-02' })).status).toBe(200);
  });

  it.each([
    ['91 days', { from: '2026-08-04', to: '2026-11-02' }, 'messages.moreThan90Days'],
    ['an end before the start', { from: '2026-11-03', to: '2026-11-02' }, 'messages.endBeforeStart'],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-02' }, 'messages.dateSelectionWrong'],
  ])('refuses %s (400 with the spec’s message)', async (_name, query, message) => {
    const res = await exportOf(clinicToken, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: ErrorCode.INVALID_INPUT, message });
  });

  it.each([
    ['no dates', {}],
    ['a date with a time', { from: '2026-11-02T00:00', to: '2026-11-03' }],
    ['an unknown format', { ...RANGE, format: 'xlsx' }],
  ])('refuses %s (400)', async (_name, query) => {
    expect((await exportOf(clinicToken, query)).status).toBe(400);
  });
});

describe('90 days of 2-minute readings', () => {
  it('exports ~65,000 rows', async () => {
    const id = p.ids.other;
    const start = Date.parse('2026-08-05T00:00:00Z');
    const records = Array.from({ length: 90 * 720 }, (_, g) => ({
      type: 'sg' as const,
      serial: 'BIG',
      seq: g,
      time: start + g * 120_000,
      utc_offset_min: 0,
      mgdl: 100 + (g % 50),
    }));
    await t.ctx.db.transaction((tx) => storeRecords(tx, id, 'realtime', records));
    const started = performance.now();
    const res = await exportOf(p.tokens.other, { from: '2026-08-05', to: '2026-11-02' }, id);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const lines = res.body.split('\r\n').filter((l) => /^\d{4}-/.test(l));
    expect(lines).toHaveLength(90 * 720);
    expect(lines[1]).toBe('2026-08-05 00:02:00,+00:00,101,5.6,');
    expect(ms).toBeLessThan(5_000);
    console.info(`export of ${lines.length} readings: ${ms.toFixed(0)} ms`);
  });
});
