import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type PatientListItem, type PatientsResponse } from '@cgm/contract';
import { glucoseStats } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { eq, inArray } from 'drizzle-orm';
import { clinicConsents, clinics, uploads, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { readGlucoseSeries } from '../reports/readings.repository';
import { removeGlucose } from '../../patient-data';
import { account, relate, sgSeries, store } from '../../../test-support/patients-fixture';
import { tirWindow } from './patients.service';
import { refreshListSummaries } from '../../jobs/list-summaries';

// GET api/v2.0/patients (spec §7): only the caller's accepted patients, paging, filter, sort, and
// the 14-day time in range exactly as the domain computes it.

let t: TestApp;
let doc: { id: string; token: string };
const names: string[] = [];
const ids: Record<string, string> = {};
const MIN = 60_000;
const DAY = 86_400_000;
let now: number;

type Page = PatientsResponse['patients'];
async function list(query: Record<string, string | number> = {}, token = doc.token) {
  // The figures come from the summaries the background job keeps (list-summaries.ts): run it as
  // the job would after the data changed.
  await refreshListSummaries(t.ctx.db, t.clock.now());
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.call<{ error: number; patients: Page }>('GET', `${API.patients}${qs ? `?${qs}` : ''}`, {
    token,
  });
  return res;
}
const namesOf = (items: PatientListItem[]) => items.map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now().getTime();
  doc = await account(t, 'doc@example.com', { userType: 'D' });
  const other = await account(t, 'otherdoc@example.com', { userType: 'D' });
  // 23 accepted patients of doc, named so the name order is known.
  for (let i = 0; i < 23; i++) {
    const name = `Pat ${String.fromCharCode(65 + i)}${i % 2 ? 'x' : 'y'} Smith`;
    const p = await account(t, `p${i}@example.com`, {
      userType: 'P',
      realname: name,
      alias: i === 3 ? 'Bed 100%' : undefined,
      diabetesType: i < 5 ? 'type2' : 'type1',
    });
    await relate(t, p.id, doc.id, 'accepted');
    names.push(name);
    ids[name] = p.id;
  }
  // Not doc's: another HCP's patient, and doc's relations in every other state.
  const theirs = await account(t, 'theirs@example.com', { userType: 'P', realname: 'Their Patient' });
  await relate(t, theirs.id, other.id, 'accepted');
  for (const state of ['pending', 'rejected', 'cancelled', 'removed'] as const) {
    const p = await account(t, `${state}@example.com`, { userType: 'P', realname: `State ${state}` });
    await relate(t, p.id, doc.id, state);
  }
  // Readings: A has low/high edge values; B a second serial at the same instants; C only old data.
  const a = ids[names[0]!]!;
  const edge = [69.96, 69.94, 70, 180, 180.04, 180.05, 54, 250, 251, 0, null, 120, 65, 300, 100];
  await store(t, a, sgSeries('TX1', now - 2 * DAY, 5 * MIN, edge));
  await store(t, a, sgSeries('TX0', now - 15 * DAY, 5 * MIN, [40, 40, 40])); // outside the window
  const b = ids[names[1]!]!;
  const values = Array.from({ length: 30 }, (_, i) => 60 + i * 8);
  await store(t, b, sgSeries('TX1', now - DAY, 5 * MIN, values));
  await store(t, b, sgSeries('TX2', now - DAY, 5 * MIN, values)); // the same instants again
  await store(t, b, sgSeries('TX3', now - DAY + 2 * MIN, 10 * MIN, [200, 210]));
  await store(t, ids[names[2]!]!, sgSeries('TX1', now - 20 * DAY, 5 * MIN, [100]));
}, 60_000);
afterAll(() => t.close());

describe('access', () => {
  it('answers error 12 (→ /hcpLogin) without or with a bad token', async () => {
    const none = await t.call('GET', API.patients);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe(12);
    const bad = await t.call('GET', API.patients, { token: 'not-a-token' });
    expect(bad.body.error).toBe(12);
  });

  it("refuses patients, carers and the admin login; a clinic login sees its clinic's patients", async () => {
    const patient = await account(t, 'self@example.com', { userType: 'P' });
    const carer = await account(t, 'carer@example.com', { userType: 'M' });
    const admin = await account(t, 'admin@example.com', { userType: 'D', adminLogin: true });
    await relate(t, ids[names[0]!]!, admin.id, 'accepted');
    for (const who of [patient, carer, admin]) expect((await list({}, who.token)).status).toBe(403);
    // The clinic login lists the patients who accepted one of its clinic's HCPs and consent to the
    // clinic (access/clinic-access.ts); a relation with the clinic login itself grants nothing.
    const clinic = await account(t, 'clinic@example.com', { userType: 'D', clinicLogin: true });
    const colleague = await account(t, 'colleague@example.com', { userType: 'D' });
    const clinicId = newId();
    await t.ctx.db
      .insert(clinics)
      .values({ id: clinicId, name: 'C', country: 'GB', region: 'europe', createdBy: doc.id });
    await t.ctx.db
      .update(users)
      .set({ clinicId })
      .where(inArray(users.id, [clinic.id, colleague.id]));
    await relate(t, ids[names[4]!]!, colleague.id, 'accepted');
    await relate(t, ids[names[5]!]!, clinic.id, 'accepted');
    await relate(t, ids[names[6]!]!, colleague.id, 'accepted');
    await t.ctx.db
      .insert(clinicConsents)
      .values([4, 5].map((i) => ({ patientId: ids[names[i]!]!, clinicId, givenAt: new Date() })));
    const res = await list({}, clinic.token);
    expect(namesOf(res.body.patients.items)).toEqual([names[4]]);
    // The desk is told how many of its HCPs' patients have not allowed it (not who): names[6].
    expect(res.body.patients.awaiting_consent).toBe(1);
    expect((await list({}, colleague.token)).body.patients).not.toHaveProperty('awaiting_consent');
  });

  it('lists only the accepted patients of the caller', async () => {
    const res = await list({ size: 100 });
    expect(res.status).toBe(200);
    expect(res.body.patients.total).toBe(23);
    expect(namesOf(res.body.patients.items).sort()).toEqual([...names].sort());
  });
});

describe('paging, filter, sort', () => {
  it('pages with has_next and has_prev', async () => {
    const first = (await list({ size: 10, sort: 'name' })).body.patients;
    expect(first).toMatchObject({ page: 1, pages: 3, total: 23, has_next: true, has_prev: false });
    expect(namesOf(first.items)).toEqual(names.slice(0, 10));
    const last = (await list({ size: 10, page: 3, sort: 'name' })).body.patients;
    expect(last).toMatchObject({ page: 3, has_next: false, has_prev: true });
    expect(namesOf(last.items)).toEqual(names.slice(20));
    expect((await list({ page: 9 })).body.patients.items).toEqual([]);
    expect((await list({ size: 101 })).status).toBe(400);
  });

  it('filters by name, alias or user name (case-insensitive, % taken literally) and diabetes type', async () => {
    expect(namesOf((await list({ q: 'ay smi' })).body.patients.items)).toEqual([names[0]]);
    expect(namesOf((await list({ q: 'bed 100%' })).body.patients.items)).toEqual([names[3]]);
    expect((await list({ q: '100%' })).body.patients.total).toBe(1);
    expect((await list({ q: '%' })).body.patients.total).toBe(1);
    expect(namesOf((await list({ q: 'P7@EXAMPLE' })).body.patients.items)).toEqual([names[7]]);
    expect((await list({ diabetes_type: 'type2' })).body.patients.total).toBe(5);
    expect((await list({ diabetes_type: 'type2', q: 'Cy' })).body.patients.total).toBe(1);
    expect((await list({ q: 'Their' })).body.patients.total).toBe(0);
  });

  it('sorts by name both ways, and by glucose, tir and upload time with empty values last', async () => {
    expect(namesOf((await list({ sort: 'name', order: 'desc', size: 3 })).body.patients.items)).toEqual(
      names.slice(20).reverse(),
    );
    // Every reading of these patients is older than an hour ('--'): none ranks as a glucose value.
    const byGlucose = (await list({ sort: 'glucose', order: 'desc', size: 4 })).body.patients.items;
    expect(namesOf(byGlucose)).toEqual([names[0], names[1], names[2], names[3]]);
    // A few readings are not enough data for a time in range (70 % of 14 days): nobody here ranks.
    const byTirAsc = (await list({ sort: 'tir', size: 3 })).body.patients.items;
    expect(namesOf(byTirAsc)).toEqual(names.slice(0, 3));
    const byUpload = (await list({ sort: 'upload_time', order: 'desc', size: 3 })).body.patients.items;
    expect(namesOf(byUpload)).toEqual([names[1], names[0], names[2]]);
    expect(byUpload[2]!.upload_time).not.toBeNull();
  });
});

describe('figures', () => {
  it('computes the 14-day time in range as the domain does, one reading per instant', async () => {
    const items = (await list({ size: 100 })).body.patients.items;
    for (const name of [names[0]!, names[1]!]) {
      const item = items.find((i) => i.name === name)!;
      const { from, to } = tirWindow(new Date(now));
      const series = await readGlucoseSeries(t.ctx.db, ids[name]!, from, to);
      const readings = Array.from(series.time, (time, i) => ({ time, mgdl: series.mgdl[i]! }));
      const stats = glucoseStats(readings, { from: from.getTime(), to: to.getTime() });
      const r = stats.timeInRanges!;
      expect(item.tir14!.readings).toBe(stats.count);
      expect(item.tir14!.in_range).toBeCloseTo(r.inRange, 9);
      expect(item.tir14!.below).toBeCloseTo(r.veryLow + r.low, 9);
      expect(item.tir14!.above).toBeCloseTo(r.high + r.veryHigh, 9);
      expect(item.tir14!.coverage).toBeCloseTo((stats.count * 100) / (14 * 720), 9);
    }
    const a = items.find((i) => i.name === names[0])!;
    // 15 values less 0 and the display code: 13. 69.96 and 180.04 read as 70.0 and 180.0 (in range);
    // below: 69.94, 54, 65; above: 180.05 (180.1), 250, 251, 300.
    expect(a.tir14).toMatchObject({ readings: 13 });
    expect(a.tir14!.below).toBeCloseTo(300 / 13, 9);
    expect(a.tir14!.above).toBeCloseTo(400 / 13, 9);
    expect(items.find((i) => i.name === names[1])!.tir14!.readings).toBe(32);
    expect(items.find((i) => i.name === names[2])!.tir14).toBeNull();
  });

  it('gives the latest reading with its trend, and the last upload', async () => {
    const items = (await list({ size: 100 })).body.patients.items;
    const a = items.find((i) => i.name === names[0])!;
    expect(a.glucose).toMatchObject({ mgdl: 100, trend: 4 });
    expect(Date.parse(a.glucose!.time)).toBe(now - 2 * DAY + 14 * 5 * MIN);
    expect(Date.parse(a.upload_time!)).toBe(now - 2 * DAY + 14 * 5 * MIN);
    expect(items.find((i) => i.name === names[5])!).toMatchObject({
      glucose: null,
      tir14: null,
      upload_time: null,
    });
    expect(a).toMatchObject({ created_by: 'register', deletes_account: false, gender: 'unspecified' });
  });
});

describe('last upload', () => {
  it('counts only uploads that stored data: not deletions, not batches that stored nothing', async () => {
    const hcp = await account(t, 'upload-doc@example.com', { userType: 'D' });
    const p = await account(t, 'upload-pat@example.com', { userType: 'P', realname: 'Upl Oad' });
    await relate(t, p.id, hcp.id, 'accepted');
    const batch = (at: number, stored: number, label: string | null = null) =>
      t.ctx.db.insert(uploads).values({
        id: newId(),
        patientId: p.id,
        source: 'uploaded',
        receivedAt: new Date(at),
        stored,
        duplicates: stored === 0 ? 4 : 0,
        rejected: 0,
        label,
      });
    await batch(now - 3 * DAY, 0);
    await batch(now - 2 * DAY, 0, 'deleted');
    const upload = async () => (await list({}, hcp.token)).body.patients.items[0]!.upload_time;
    expect(await upload()).toBeNull();
    await batch(now - 5 * DAY, 12);
    await batch(now - DAY, 0, 'deleted');
    expect(Date.parse((await upload())!)).toBe(now - 5 * DAY);
  });
});

describe('time in range from the derived counts', () => {
  // Readings every 7 minutes over 16 days, so the window starts and ends inside UTC days and
  // hours; then some are deleted and some rewritten: the figures follow every change at once.
  it('agrees with the domain over the window, after inserts, deletes and updates', async () => {
    const p = await account(t, 'dense@example.com', { userType: 'P', realname: 'Dense Reader' });
    await relate(t, p.id, doc.id, 'accepted');
    const start = now - 16 * DAY + 13 * MIN;
    const values = Array.from(
      { length: Math.floor((16 * DAY) / (7 * MIN)) },
      (_, i) => 40 + ((i * 53) % 300),
    );
    await store(t, p.id, sgSeries('TXD', start, 7 * MIN, values));
    const expectFigures = async () => {
      const item = (await list({ q: 'Dense Reader' })).body.patients.items[0]!;
      const { from, to } = tirWindow(new Date(now));
      const series = await readGlucoseSeries(t.ctx.db, p.id, from, to);
      const readings = Array.from(series.time, (time, i) => ({ time, mgdl: series.mgdl[i]! }));
      const stats = glucoseStats(readings, { from: from.getTime(), to: to.getTime() });
      expect(stats.count).toBeGreaterThan(2000);
      expect(item.tir14!.readings).toBe(stats.count);
      expect(item.tir14!.in_range).toBeCloseTo(stats.timeInRanges!.inRange, 9);
      expect(item.tir14!.below).toBeCloseTo(stats.timeInRanges!.veryLow + stats.timeInRanges!.low, 9);
      return item.tir14!;
    };
    const before = await expectFigures();
    const remove = (pick: (seq: number) => boolean) =>
      t.ctx.db.transaction((tx) => removeGlucose(tx, p.id, 0, 4e12, (r) => pick(r.seq)));
    await remove((seq) => seq % 5 === 0);
    const afterDelete = await expectFigures();
    expect(afterDelete.readings).toBeLessThan(before.readings);
    // Rewritten: removed and stored again with another value.
    await remove((seq) => seq % 7 === 0);
    const rewritten = sgSeries('TXD', start, 7 * MIN, values)
      .filter((r) => r.seq % 7 === 0 && r.seq % 5 !== 0)
      .map((r) => ({ ...r, mgdl: 300 }));
    await store(t, p.id, rewritten);
    const afterUpdate = await expectFigures();
    expect(afterUpdate.above).toBeGreaterThan(afterDelete.above);
  });
});

describe('unit', () => {
  it("gives each patient in the unit of the patient's monitor: their settings, else their country's", async () => {
    const hcp = await account(t, 'unit-doc@example.com', { userType: 'D' });
    const fr = await account(t, 'unit-fr@example.com', { userType: 'P', realname: 'Unit France' });
    const gb = await account(t, 'unit-gb@example.com', { userType: 'P', realname: 'Unit Kingdom' });
    await t.ctx.db.update(users).set({ country: 'FR' }).where(eq(users.id, fr.id));
    await t.ctx.db.update(users).set({ country: 'GB' }).where(eq(users.id, gb.id));
    for (const p of [fr, gb]) await relate(t, p.id, hcp.id, 'accepted');
    const units = async () =>
      Object.fromEntries((await list({}, hcp.token)).body.patients.items.map((i) => [i.name, i.unit]));
    expect(await units()).toEqual({ 'Unit France': 'mg/dL', 'Unit Kingdom': 'mmol/L' });
    const save = await t.call('POST', API.monitorSettings(gb.id), {
      token: gb.token,
      body: { unit: 'mg/dL' },
    });
    expect(save.status).toBe(200);
    expect(await units()).toEqual({ 'Unit France': 'mg/dL', 'Unit Kingdom': 'mg/dL' });
  });
});

describe('sorting by glucose and time in range', () => {
  it("ranks only current readings by glucose: one older than an hour ('--') sorts with no reading", async () => {
    const hcp = await account(t, 'sort-doc@example.com', { userType: 'D' });
    const make = async (name: string, minutesAgo: number | null, mgdl: number) => {
      const p = await account(t, `${name.toLowerCase()}@sort.example`, { userType: 'P', realname: name });
      await relate(t, p.id, hcp.id, 'accepted');
      const at = t.clock.now().getTime() - minutesAgo! * MIN;
      if (minutesAgo !== null) await store(t, p.id, sgSeries('TXS', at, MIN, [mgdl]));
    };
    await make('Sort Fresh High', 10, 150);
    await make('Sort Fresh Low', 55, 90);
    await make('Sort Stale Higher', 61, 300);
    await make('Sort Without', null, 0);
    const order = async (o: 'asc' | 'desc') =>
      namesOf((await list({ sort: 'glucose', order: o }, hcp.token)).body.patients.items);
    expect(await order('desc')).toEqual([
      'Sort Fresh High',
      'Sort Fresh Low',
      'Sort Stale Higher',
      'Sort Without',
    ]);
    expect(await order('asc')).toEqual([
      'Sort Fresh Low',
      'Sort Fresh High',
      'Sort Stale Higher',
      'Sort Without',
    ]);
  });

  it('ranks by time in range only the patients with enough data for it (70 % of 14 days)', async () => {
    const hcp = await account(t, 'tir-doc@example.com', { userType: 'D' });
    const make = async (name: string, values: number[], stepMin: number) => {
      const p = await account(t, `${name.toLowerCase().replace(/ /g, '')}@tir.example`, {
        userType: 'P',
        realname: name,
      });
      await relate(t, p.id, hcp.id, 'accepted');
      await store(t, p.id, sgSeries('TXT', t.clock.now().getTime() - 14 * DAY + MIN, stepMin * MIN, values));
    };
    // 14 days every 2 minutes: 10,080 expected readings, 70 % is 7,056.
    const full = (inRange: number) => Array.from({ length: 8000 }, (_, i) => (i < inRange ? 120 : 250));
    await make('Tir Full Half', full(4000), 2);
    await make('Tir Full Most', full(7000), 2);
    await make('Tir Sparse All In', [120, 120, 120], 60);
    const order = namesOf((await list({ sort: 'tir', order: 'desc' }, hcp.token)).body.patients.items);
    expect(order).toEqual(['Tir Full Most', 'Tir Full Half', 'Tir Sparse All In']);
  });
});

describe('accounts opened by an HCP before creators were recorded', () => {
  it('list without error, and deleting one never deletes the account', async () => {
    const p = await account(t, 'legacy@example.com', { userType: 'P', realname: 'Legacy Opened' });
    await relate(t, p.id, doc.id, 'accepted');
    await t.ctx.database.exec(`update users set created_by = 'hcp', creator_id = null where id = '${p.id}'`);
    const res = await list({ q: 'Legacy Opened' });
    expect(res.status).toBe(200);
    expect(res.body.patients.items[0]).toMatchObject({ created_by: 'hcp', deletes_account: false });
  });
});
