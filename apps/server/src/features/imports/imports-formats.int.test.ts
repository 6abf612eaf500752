import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NS_API } from '@cgm/contract';
import { readGlucoseRecords } from '../../patient-data';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';

// Imports that keep every reading (issue 19): the files as the portals write them (fixtures in
// adapters/file-import/fixtures), each checked record by record in what was stored.

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
const DAY = 86_400_000;

async function importFile(
  who: 'patient' | 'other',
  format: string,
  content: string,
  extra: Record<string, unknown> = {},
) {
  const res = await t.call('POST', NS_API.imports(p.ids[who]), {
    token: p.tokens[who],
    body: { format, content, filename: 'file', time_zone: 'America/New_York', ...extra },
  });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}
const readings = (who: 'patient' | 'other', from: string, days = 3) =>
  readGlucoseRecords(t.ctx.db, p.ids[who], Date.parse(from), Date.parse(from) + days * DAY);

describe('LibreView from the US: month first, 12-hour clock', () => {
  it('keeps all 195 readings at their times, and says the file decided month first', async () => {
    const body = await importFile('patient', 'libreview_csv', fixture('libreview-us.csv'));
    expect(body).toMatchObject({ read: 197, stored: 197, duplicates: 0, rejected: 0 });
    expect(body).toMatchObject({ date_order: 'mdy', date_order_by: 'file', date_order_needed: null });
    const sg = await readings('patient', '2026-11-12T00:00:00Z');
    expect(sg.length).toBe(195);
    // 12:00 AM Nov 12 in New York (UTC−5) is 05:00 UTC; 01:15 PM is 13:15 local.
    const at = (iso: string) => sg.find((r) => r.time === Date.parse(iso));
    expect(at('2026-11-12T05:00:00Z')?.mgdl).toBe(100);
    expect(at('2026-11-12T18:15:00Z')?.mgdl).toBe(100 + ((53 * 7) % 90));
    expect(at('2026-11-13T17:03:00Z')?.serial).toBe('import:LibreView scan');
    expect(sg.every((r) => r.utcOffsetMin === -300)).toBe(true);
    const [bolus] = await rows<{ delivered: number; ms: number }>(
      sql`select delivered, extract(epoch from time) * 1000 as ms from boluses where patient_id = ${p.ids.patient}`,
    );
    expect([bolus?.delivered, Number(bolus?.ms)]).toEqual([5.5, Date.parse('2026-11-13T17:05:00Z')]);
  });
});

describe('a date order the file does not tell', () => {
  // Every day ≤ 12: "05-11-2026" is 5 November or May 11.
  const file = (dates: string[]) =>
    [
      ...fixture('libreview-us.csv').split('\r\n').slice(0, 2),
      ...dates.map((d, i) => `FreeStyle LibreLink,X,${d} 08:0${i},0,${120 + i},,,,,,,,,,,,,,`),
    ].join('\r\n');
  const ambiguous = file(['05-11-2026', '06-11-2026']);

  it('stores nothing and asks, naming one of the dates', async () => {
    const body = await importFile('other', 'libreview_csv', ambiguous);
    expect(body).toMatchObject({ stored: 0, upload_id: null, date_order_needed: '05-11-2026 08:00' });
    expect(body.problems).toEqual(['imports.problem.dateOrderNeeded']);
    expect(await readings('other', '2026-05-01T00:00:00Z', 200)).toEqual([]);
  });

  it('reads the file in the order the person gives: day first is 5 November, not 10 May', async () => {
    const body = await importFile('other', 'libreview_csv', ambiguous, { date_order: 'dmy' });
    expect(body).toMatchObject({ stored: 2, date_order: 'dmy', date_order_by: 'user' });
    const sg = await readings('other', '2026-11-05T00:00:00Z', 2);
    expect(sg.map((r) => [new Date(r.time).toISOString(), r.mgdl])).toEqual([
      ['2026-11-05T13:00:00.000Z', 120],
      ['2026-11-06T13:01:00.000Z', 121],
    ]);
  });

  it('lets the file overrule the person when one of its dates can only be read one way', async () => {
    const body = await importFile('other', 'libreview_csv', file(['03-04-2026', '03-14-2026']), {
      date_order: 'dmy',
    });
    expect(body).toMatchObject({ stored: 2, date_order: 'mdy', date_order_by: 'file' });
  });

  it('refuses a file whose dates show both orders, storing nothing', async () => {
    const body = await importFile('other', 'libreview_csv', file(['13-01-2026', '01-13-2026']));
    expect(body).toMatchObject({ stored: 0, upload_id: null, problems: ['imports.problem.mixedDateOrder'] });
  });
});

describe('German exports', () => {
  it('reads LibreView with German headers, mmol/L and decimal commas', async () => {
    const body = await importFile('other', 'libreview_csv', fixture('libreview-de.csv'), {
      time_zone: 'Europe/Berlin',
    });
    expect(body.problems).toEqual([]);
    expect(body).toMatchObject({
      read: 11,
      stored: 11,
      rejected: 0,
      date_order: 'dmy',
      date_order_by: 'file',
    });
    const sg = await readings('other', '2026-11-18T00:00:00Z', 1);
    expect(sg.length).toBe(9);
    // 06:00 in Berlin is 05:00 UTC; 5,5 mmol/L is 99 mg/dL.
    expect(sg[0]).toMatchObject({ time: Date.parse('2026-11-18T05:00:00Z'), mgdl: 99, utcOffsetMin: 60 });
    expect(sg.find((r) => r.serial === 'import:LibreView scan')?.mgdl).toBe(130);
    const [bolus] = await rows<{ delivered: number }>(
      sql`select delivered from boluses where patient_id = ${p.ids.other}`,
    );
    expect(bolus?.delivered).toBe(4.5);
    const notes = await rows<{ notes: string }>(
      sql`select notes from events where patient_id = ${p.ids.other} and event_type = 'OTR'`,
    );
    expect(notes.map((n) => n.notes)).toEqual(['Frühstück']);
  });

  it('reads Clarity in German: ";" separators, decimal commas, EGW, Niedrig and Hoch', async () => {
    const body = await importFile('other', 'dexcom_clarity_csv', fixture('clarity-de.csv'), {
      time_zone: 'Europe/Berlin',
    });
    // 6 readings, a bolus, carbs, long-acting insulin; the alert is reported as not imported.
    expect(body).toMatchObject({ read: 10, stored: 9, rejected: 1 });
    expect(body.problems).toEqual([
      'Clarity rows of event type "Warnung": 1 not imported (no portal record for them)',
    ]);
    const sg = await readings('other', '2026-11-19T00:00:00Z', 1);
    expect(sg.map((r) => r.mgdl)).toEqual([104, 110, 40, 400, 132, 133]);
    expect(new Set(sg.map((r) => r.serial))).toEqual(new Set(['import:Dexcom G7 Mobile App']));
    const ins = await rows<{ event_type: string; value: number }>(
      sql`select event_type, value from events where patient_id = ${p.ids.other}
        and time >= '2026-11-19' and time < '2026-11-20' order by time`,
    );
    expect(ins).toEqual([
      { event_type: 'CARB', value: 40 },
      { event_type: 'INS', value: 14 },
    ]);
  });
});
