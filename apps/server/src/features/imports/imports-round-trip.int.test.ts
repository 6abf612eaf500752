import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NS_API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';

// Tidepool with every basal type, and round trips (issue 19): the portal's own CSV and JSON
// exports imported again, into the same account (adds nothing) and into another one (gives the
// very same export back).

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
}, 60_000);
afterAll(() => t.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../adapters/file-import/fixtures/${name}`, import.meta.url), 'utf8');
const rows = async <T>(q: SQL) => (((await t.ctx.db.execute(q)) as { rows?: unknown[] }).rows ?? []) as T[];
const RANGE = `from=${Date.parse('2026-11-19T00:00:00Z')}&to=${Date.parse('2026-11-21T00:00:00Z')}`;

async function importFile(who: 'patient' | 'other', format: string, content: string) {
  const res = await t.call('POST', NS_API.imports(p.ids[who]), {
    token: p.tokens[who],
    body: { format, content, filename: 'file', time_zone: 'Europe/Berlin' },
  });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}
async function exportOf(who: 'patient' | 'other', format: 'csv' | 'json') {
  const res = await t.call('GET', `${NS_API.exports(p.ids[who])}?${RANGE}&format=${format}`, {
    token: p.tokens[who],
  });
  expect(res.status).toBe(200);
  return format === 'csv' ? String(res.body) : JSON.stringify(res.body);
}

const MEAL_BOLUS = {
  eventType: 'Meal Bolus',
  created_at: '2026-11-20T13:00:00.000Z',
  insulin: 3.5,
  carbs: 42,
  enteredBy: 'careportal',
};

describe('Tidepool: every basal type, suspends and automated boluses', () => {
  it('stores scheduled, automated and temp basal and the suspend; the automated bolus as auto insulin', async () => {
    const body = await importFile('patient', 'tidepool_json', fixture('tidepool-loop.json'));
    expect(body).toMatchObject({ read: 13, stored: 12, duplicates: 0, rejected: 1 });
    expect(body.problems).toEqual(['Tidepool data of type "pumpSettings": 1 not imported (no portal record for them)']); // prettier-ignore
    const basal = await rows<{
      code: string;
      duration_min: number;
      rate: number;
      delivered: number;
      auto: unknown;
    }>(
      sql`select code, duration_min, rate, delivered, auto from basal_segments
        where patient_id = ${p.ids.patient} order by time, duration_min`,
    );
    expect(basal).toEqual([
      { code: 'BAS', duration_min: 60, rate: 0.8, delivered: 0.8, auto: null },
      { code: 'BAAM', duration_min: 5, rate: 1.15, delivered: 0.096, auto: { auto_basal_delivery: 0.096, auto_corr_delivery: 0, auto_food_delivery: 0 } }, // prettier-ignore
      { code: 'BAAM', duration_min: 10, rate: 0, delivered: 0, auto: { auto_basal_delivery: 0, auto_corr_delivery: 0, auto_food_delivery: 0 } }, // prettier-ignore
      { code: 'BART', duration_min: 30, rate: 0.4, delivered: 0.2, auto: null },
      { code: 'SUSM', duration_min: 45, rate: 0, delivered: 0, auto: null },
      // The loop's automated bolus: auto mode insulin, not a bolus the person gave.
      { code: 'BAAM', duration_min: 0, rate: 0, delivered: 0, auto: { auto_basal_delivery: 0, auto_corr_delivery: 0.35, auto_food_delivery: 0 } }, // prettier-ignore
    ]);
    const boluses = await rows<{ code: string; delivered: number; extended_delivered: number | null }>(
      sql`select code, delivered, extended_delivered from boluses where patient_id = ${p.ids.patient} order by time`,
    );
    expect(boluses).toEqual([
      { code: 'NB', delivered: 4.2, extended_delivered: null },
      { code: 'CB', delivered: 1, extended_delivered: 2 },
    ]);
  });
});

describe('the portal’s own exports imported again', () => {
  it('a Meal Bolus exported to JSON is one treatment, and comes back as one', async () => {
    const body = await importFile('patient', 'nightscout_json', JSON.stringify({ treatments: [MEAL_BOLUS] }));
    expect(body).toMatchObject({ stored: 2, rejected: 0 }); // the bolus and its carbs
    const treatments = (JSON.parse(await exportOf('patient', 'json')) as { treatments: Array<Record<string, unknown>> })
      .treatments.filter((d) => d.created_at === MEAL_BOLUS.created_at); // prettier-ignore
    expect(treatments).toEqual([
      expect.objectContaining({ eventType: 'Meal Bolus', insulin: 3.5, carbs: 42 }),
    ]);
    // The Tidepool wizard's carbs and bolus of one time are one Meal Bolus too.
    expect(await exportOf('patient', 'json')).toContain('"carbs":45');
    const again = await importFile('patient', 'nightscout_json', await exportOf('patient', 'json'));
    expect(again).toMatchObject({ stored: 0, rejected: 0 });
  });

  it('the CSV export gives the same records in another account, and adds nothing in its own', async () => {
    const csv = await exportOf('patient', 'csv');
    expect(csv.split('\r\n')[0]).toBe('time_utc,utc_offset_min,type,value,unit,detail,record');
    const body = csv.trim().split('\r\n').slice(1);
    // Every line is a record but the auto mode dose lines, which their basal line carries.
    const records = body.filter((l) => !l.includes(',auto_bolus,')).length;
    expect(body.length - records).toBe(1);
    const own = await importFile('patient', 'portal_csv', csv);
    expect(own).toMatchObject({ read: records, stored: 0, duplicates: records, rejected: 0 });
    const other = await importFile('other', 'portal_csv', csv);
    expect(other).toMatchObject({ read: records, stored: records, rejected: 0 });
    expect(await exportOf('other', 'csv')).toBe(csv);
    expect(await exportOf('other', 'json')).toBe(await exportOf('patient', 'json'));
  });

  it('refuses a CSV that is not the portal’s, storing nothing', async () => {
    const body = await importFile('other', 'portal_csv', 'a,b,c\r\n1,2,3\r\n');
    expect(body).toMatchObject({ stored: 0, problems: ['imports.problem.notPortalCsv'] });
  });
});
