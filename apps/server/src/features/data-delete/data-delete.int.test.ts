import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pdmSettingsOf, randomProfile } from '@cgm/simulator';
import { ErrorCode } from '@cgm/domain';
import { API, type DataKind, type DeviceRecord, type UploadsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, MAY_NOT_OWN, type People, type Who } from '../../../test-support/people';
import { events } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { storeRecords } from '../../patient-data';

let t: TestApp;
let p: People;
const HOUR = 3600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const NOW = T0 + 48 * HOUR;
/** The range deleted: [A, B). */
const A = T0 + 10 * HOUR;
const B = T0 + 20 * HOUR;
/** Readings just outside, on both edges, and inside the range. */
const TIMES = [A - HOUR, A - 1, A, A + 2 * HOUR, B - 1, B, B + HOUR];

/** One record of every type at each time, from one device serial. */
function recordsAt(serial: string): DeviceRecord[] {
  let seq = 0;
  return TIMES.flatMap((time) => {
    const base = { serial, time, utc_offset_min: 0 };
    const next = () => ({ ...base, seq: ++seq });
    return [
      { type: 'sg', ...next(), mgdl: 120 },
      { type: 'calibration', ...next(), mgdl: 110 },
      { type: 'bg', ...next(), mgdl: 115 },
      { type: 'basal', ...next(), code: 'BAS', duration_min: 30, rate: 1, delivered: 0.5 },
      { type: 'bolus', ...next(), code: 'NB', set: 2, delivered: 2 },
      { type: 'alarm', ...next(), source: 'pump', code: 'LOW_RESERVOIR' },
      { type: 'sensor_status', ...next(), status: 'monitoring' },
      { type: 'pump_status', ...next(), state: 34 },
      { type: 'session', ...next(), kind: 'sensor', started_at: time, rated_life_hours: 336 },
      { type: 'event', ...next(), event_type: 'CARB', value: 30 },
      { type: 'pdm_settings', ...next(), settings: pdmSettingsOf(randomProfile(1)) },
    ] as DeviceRecord[];
  });
}

const TABLES: ReadonlyArray<[table: string, time: string, origin: string]> = [
  ['sg_blocks', 'time', 'source'],
  ['bg_readings', 'time', 'source'],
  ['basal_segments', 'time', 'source'],
  ['boluses', 'time', 'source'],
  ['alarms', 'time', 'source'],
  ['device_status', 'time', 'source'],
  ['device_sessions', 'started_at', 'source'],
  ['events', 'time', 'origin'],
  ['pdm_settings', 'time', 'source'],
];

/** Sensor glucose is kept in hour blocks: its records as rows. */
const SOURCE_OF: Record<string, string> = {
  sg_blocks: `(select b.patient_id, r.time,
                      case when r.flags & 32 = 0 then 'realtime' else 'uploaded' end as source
                 from sg_blocks b cross join lateral sg_block_rows(b.packed) r) sg`,
};

/** Rows per table, patient, source (events: origin) and whether inside [A, B). */
async function census(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const who = new Map(Object.entries(p.ids).map(([k, v]) => [v, k]));
  for (const [table, time, origin] of TABLES) {
    const result = await t.ctx.db.execute(
      sql.raw(`select patient_id, ${origin} as origin,
                 (${time} >= to_timestamp(${A / 1000}) and ${time} < to_timestamp(${B / 1000})) as inside,
                 count(*)::int as n
               from ${SOURCE_OF[table] ?? table} group by 1, 2, 3`),
    );
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    for (const r of rows) {
      const key = `${table}|${who.get(r.patient_id as string)}|${r.origin}|${r.inside ? 'in' : 'out'}`;
      out[key] = Number(r.n);
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  await t.ctx.db.transaction(async (tx) => {
    await storeRecords(tx, p.ids.patient, 'realtime', recordsAt('RT-1'));
    await storeRecords(tx, p.ids.patient, 'uploaded', recordsAt('UP-1'));
    await storeRecords(tx, p.ids.other, 'realtime', recordsAt('RT-1'));
    await storeRecords(tx, p.ids.other, 'uploaded', recordsAt('UP-1'));
  });
  // An event the patient entered by hand inside the range: not device data.
  await t.ctx.db.insert(events).values({
    id: newId(),
    patientId: p.ids.patient,
    serial: 'user',
    time: new Date(A + HOUR),
    utcOffsetMin: 0,
    eventType: 'EXR',
    origin: 'user',
    createdBy: p.ids.patient,
  });
});
afterAll(() => t.close());

type DeleteBody = {
  error: number;
  deleted: Partial<Record<DataKind, number>>;
  total: number;
  upload_id: string;
};
const remove = (who: Who, body: Record<string, unknown>) =>
  t.call<DeleteBody>('POST', API.dataDelete, { token: p.tokens[who], body });
const request = (kinds: DataKind[], source: string) => ({
  uid: p.ids.patient,
  kinds,
  source,
  from: A,
  to: B,
  confirm: true,
});

const TABLE_OF: Record<DataKind, string> = {
  sg: 'sg_blocks',
  bg: 'bg_readings',
  basal: 'basal_segments',
  bolus: 'boluses',
  alarm: 'alarms',
  status: 'device_status',
  session: 'device_sessions',
  event: 'events',
  pdm_settings: 'pdm_settings',
};
const ORIGINS = {
  realtime: ['realtime', 'device'],
  uploaded: ['uploaded'],
  all: ['realtime', 'device', 'uploaded'],
};

/** Deletes, then checks that exactly the chosen cells of the census went to zero. */
async function deleteExactly(kinds: DataKind[], source: keyof typeof ORIGINS) {
  const before = await census();
  const chosen = (key: string) => {
    const [table, who, origin, inside] = key.split('|');
    return (
      who === 'patient' &&
      inside === 'in' &&
      ORIGINS[source].includes(origin!) &&
      kinds.some((k) => TABLE_OF[k] === table)
    );
  };
  const res = await remove('patient', request(kinds, source));
  expect(res.status).toBe(200);
  // A minute between deletions, so the history's newest-first order is well defined.
  t.clock.advance(60_000);
  const expected = Object.fromEntries(
    kinds.map((k) => [
      k,
      Object.entries(before)
        .filter(([key]) => chosen(key) && key.startsWith(`${TABLE_OF[k]}|`))
        .reduce((sum, [, n]) => sum + n, 0),
    ]),
  );
  expect(res.body.deleted).toEqual(expected);
  expect(res.body.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
  const after = await census();
  const untouched = Object.fromEntries(Object.entries(before).filter(([key]) => !chosen(key)));
  expect(after).toEqual(untouched);
  return res.body;
}

describe('deleting data (spec §7 data/delete)', () => {
  it('has data of every kind, both sources, inside and outside the range', async () => {
    const c = await census();
    for (const table of Object.values(TABLE_OF)) {
      for (const who of ['patient', 'other']) {
        const device = table === 'events' ? 'device' : 'realtime';
        expect(c[`${table}|${who}|${device}|in`], `${table} ${who}`).toBeGreaterThan(0);
        expect(c[`${table}|${who}|uploaded|out`], `${table} ${who}`).toBeGreaterThan(0);
      }
    }
    expect(c['events|patient|user|in']).toBe(1);
  });

  it('deletes exactly the chosen kinds of realtime data in [from, to), and tells open monitors', async () => {
    const heard: Array<[number, string]> = [];
    const off = t.ctx.bus.subscribe(p.ids.patient, (eventNo, kind) => heard.push([eventNo, kind]));
    const body = await deleteExactly(['sg', 'bolus', 'session'], 'realtime');
    // Waiting monitors are woken after the deleting request's turn (live-bus.ts).
    await new Promise((resolve) => setImmediate(resolve));
    off();
    // Inside [A, B): A, A + 2 h and B − 1 ms; not A − 1 ms, not B.
    expect(body.deleted).toEqual({ sg: 3, bolus: 3, session: 3 });
    expect(heard).toEqual([[NOW, 'data']]);
  });

  it('deletes uploaded data only when asked for the uploaded source', async () => {
    const body = await deleteExactly(['bg', 'alarm', 'status', 'event', 'pdm_settings', 'basal'], 'uploaded');
    // bg covers calibrations and fingersticks; status the sensor and the pump.
    expect(body.deleted).toMatchObject({ bg: 6, status: 6, event: 3, pdm_settings: 3 });
  });

  it('deletes both sources with "all", but never events people entered', async () => {
    const body = await deleteExactly(['event', 'sg', 'status'], 'all');
    expect(body.deleted).toEqual({ event: 3, sg: 3, status: 6 });
    expect((await census())['events|patient|user|in']).toBe(1);
  });

  it('answers zero counts when nothing matches, and still keeps a trace', async () => {
    const body = await deleteExactly(['sg'], 'realtime');
    expect(body).toMatchObject({ deleted: { sg: 0 }, total: 0 });
  });

  it('records every deletion in the upload history', async () => {
    const res = await t.call<UploadsResponse>('GET', API.uploads(p.ids.patient), { token: p.tokens.patient });
    const deletions = res.body.uploads.items.filter((i) => i.label === 'deleted');
    expect(deletions).toHaveLength(4);
    expect(deletions[1]).toMatchObject({
      source: 'all',
      device: null,
      received_at: NOW + 2 * 60_000,
      stored: 0,
      first_time: A,
      last_time: B,
      deletion: { kinds: ['event', 'sg', 'status'], deleted: { event: 3, sg: 3, status: 6 }, total: 12 },
    });
    expect(deletions.map((d) => d.source)).toEqual(['realtime', 'all', 'uploaded', 'realtime']);
  });
});

describe('a deletion is refused without changing anything', () => {
  it.each(MAY_NOT_OWN)("when %s asks to delete the patient's data (403)", async (who) => {
    const before = await census();
    const res = await remove(who, request(['sg', 'bg', 'event'], 'all'));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
    expect(await census()).toEqual(before);
  });

  it('for an unknown patient id, as for a stranger (403)', async () => {
    const res = await remove('carer', { ...request(['sg'], 'all'), uid: 'no-such-patient' });
    expect(res.status).toBe(403);
  });

  it.each([
    ['without confirm', { confirm: undefined }],
    ['with confirm false', { confirm: false }],
    ['with from after to', { from: B, to: A }],
    ['with from equal to to', { from: A, to: A }],
    ['without kinds', { kinds: [] }],
    ['with an unknown kind', { kinds: ['sg', 'notes'] }],
    ['with a kind twice', { kinds: ['sg', 'sg'] }],
    ['with an unknown source', { source: 'cloud' }],
    ['with ISO dates', { from: '2026-11-01', to: '2026-11-02' }],
    ['without uid', { uid: undefined }],
  ])('%s (400)', async (_name, change) => {
    const before = await census();
    const res = await remove('patient', { ...request(['sg', 'bg'], 'all'), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect(await census()).toEqual(before);
  });
});
