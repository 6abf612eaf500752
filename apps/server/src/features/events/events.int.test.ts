import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type ClinicalEvent } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_READ,
  registerDevice,
  type People,
  type Who,
} from '../../../test-support/people';
import { events, operationHistory } from '../../platform/db/schema';

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;

type ListBody = { error: number; events: ClinicalEvent[]; may_edit: boolean; from: number; to: number };
type Body = { error: number; message?: string; details?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
});
afterAll(() => t.close());

const list = (who: Who, query: Record<string, string | number> = {}, id = p.ids.patient) =>
  t.call<ListBody>('GET', `${API.events(id)}?${new URLSearchParams(strings(query)).toString()}`, {
    token: p.tokens[who],
  });
const strings = (q: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const add = (who: Who, data: unknown[], id = p.ids.patient) =>
  t.call<Body & { eids: string[] }>('POST', API.eventsNew(id), { token: p.tokens[who], body: { data } });
const remove = (who: Who, eids: string[], id = p.ids.patient) =>
  t.call<Body & { deleted: number }>('POST', API.eventsDelete(id), { token: p.tokens[who], body: { eids } });
const edit = (who: Who, eid: string, body: unknown, id = p.ids.patient) =>
  t.call<Body & { event: ClinicalEvent }>('POST', API.eventEdit(id, eid), { token: p.tokens[who], body });
const row = async (eid: string) => (await t.ctx.db.select().from(events).where(eq(events.id, eid)))[0];

const bg = (value: number, unit = 'mg/dL', hoursAgo = 1) => ({
  date: NOW - hoursAgo * HOUR,
  utc_offset_min: 60,
  type: 'BG',
  value,
  unit,
});

describe('adding events (spec §3 "Events")', () => {
  it('stores every type with its fields, glucose in mg/dL and insulin in 0.05 U steps', async () => {
    const res = await add('hcp', [
      bg(7.3, 'mmol/L'),
      { date: NOW - 2 * HOUR, type: 'CARB', value: 45 },
      { date: NOW - 2 * HOUR, type: 'INS', value: 4.27 },
      { date: NOW - 3 * HOUR, type: 'EXR', value: 40, exerciseIntensity: 2, notes: 'Cycling' },
      { date: NOW - 4 * HOUR, type: 'HBA1C', value: 7.1 },
      { date: NOW - 4 * HOUR, type: 'DOSE', text: 'Basal 12 U' },
      { date: NOW - 5 * HOUR, type: 'URINEK', text: '++' },
      { date: NOW - 5 * HOUR, type: 'OTR', notes: 'Sick day' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.eids).toHaveLength(8);
    const stored = await row(res.body.eids[0]!);
    expect(stored).toMatchObject({ origin: 'user', serial: 'user', createdBy: p.ids.hcp, utcOffsetMin: 60 });
    expect(stored!.value).toBeCloseTo(131.4, 3);

    const got = (await list('carer')).body.events;
    const byType = Object.fromEntries(got.map((e) => [e.type, e]));
    expect(byType.BG).toMatchObject({
      value: 131.4,
      source: 'user',
      editable: true,
      created_by_name: 'Test hcp',
    });
    expect(byType.INS!.value).toBe(4.25);
    expect(byType.EXR).toMatchObject({ value: 40, exerciseIntensity: 2, notes: 'Cycling' });
    expect(byType.URINEK).toMatchObject({ text: '++', value: null });
    expect(byType.DOSE!.text).toBe('Basal 12 U');
    expect(got.map((e) => e.date)).toEqual([...got.map((e) => e.date)].sort((a, b) => b - a));
  });

  it('lets the patient add their own events', async () => {
    expect((await add('patient', [bg(100)])).status).toBe(200);
  });

  it.each([
    ['notes over 1000 characters', { ...bg(100), notes: 'x'.repeat(1001) }, 'data.0.notes'],
    ['a glucose out of range', bg(40, 'mmol/L'), 'data.0.value'],
    ['a missing value', { date: NOW, type: 'CARB' }, 'data.0.value'],
    ['an EXR without intensity', { date: NOW, type: 'EXR', value: 30 }, 'data.0.exerciseIntensity'],
    ['an unknown urine ketone', { date: NOW, type: 'URINEK', text: '+++++' }, 'data.0.text'],
    ['a date in the future', bg(100, 'mg/dL', -1), 'data.0.date'],
    ['a pump auto-mode type', { date: NOW, type: 'AutoLunch' }, 'data.0.type'],
    ['an unknown type', { date: NOW, type: 'XYZ' }, 'data.0.type'],
    ['a value as text', { date: NOW, type: 'BG', value: '120' }, 'data.0.value'],
    [
      'an intensity of 3',
      { date: NOW, type: 'EXR', value: 3, exerciseIntensity: 3 },
      'data.0.exerciseIntensity',
    ],
  ])('refuses %s (400) and stores nothing of the batch', async (_name, bad, path) => {
    const before = (await list('patient')).body.events.length;
    const res = await add('hcp', [bg(110), bad]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    const paths = res.body.details!.map((d) => d.path.replace(/^data\.1\./, 'data.0.'));
    expect(paths).toContain(path);
    expect((await list('patient')).body.events.length).toBe(before);
  });

  it('accepts exactly 1000 characters of notes, counted as characters', async () => {
    expect((await add('hcp', [{ ...bg(100), notes: '😀'.repeat(1000) }])).status).toBe(200);
  });

  it.each(['carer', ...MAY_NOT_READ] as Who[])('refuses %s (403) and stores nothing', async (who) => {
    const before = (await list('patient')).body.events.length;
    const res = await add(who, [bg(100)]);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
    expect((await list('patient')).body.events.length).toBe(before);
  });
});

describe('listing events', () => {
  it('reads for the patient and accepted followers; may_edit says who may change them', async () => {
    expect((await list('patient')).body.may_edit).toBe(true);
    expect((await list('hcp')).body.may_edit).toBe(true);
    expect((await list('carer')).body.may_edit).toBe(false);
  });

  it.each(MAY_NOT_READ)('refuses %s', async (who) => {
    expect((await list(who)).status).toBe(403);
  });

  it('defaults to the last 14 days, filters by type, and limits ranges to 90 days', async () => {
    await add('patient', [{ date: NOW - 20 * 24 * HOUR, type: 'CARB', value: 10 }]);
    const def = await list('patient');
    expect(def.body.to - def.body.from).toBe(14 * 24 * HOUR);
    expect(def.body.events.some((e) => e.date === NOW - 20 * 24 * HOUR)).toBe(false);
    const wide = await list('patient', { from: NOW - 30 * 24 * HOUR, to: NOW, types: 'CARB' });
    expect(wide.body.events.length).toBeGreaterThan(0);
    expect(wide.body.events.every((e) => e.type === 'CARB')).toBe(true);
    expect(wide.body.events.some((e) => e.date === NOW - 20 * 24 * HOUR)).toBe(true);
    expect((await list('patient', { from: NOW - 91 * 24 * HOUR, to: NOW })).status).toBe(400);
    expect((await list('patient', { from: NOW, to: NOW - HOUR })).status).toBe(400);
    expect((await list('patient', { types: 'BG;drop' })).status).toBe(400);
  });
});

describe('changing and deleting events', () => {
  let mine: string;
  let device: string;
  let othersEvent: string;

  beforeAll(async () => {
    mine = (await add('hcp', [bg(150)])).body.eids[0]!;
    othersEvent = (await add('other', [bg(99)], p.ids.other)).body.eids[0]!;
    const dev = await registerDevice(t, p.tokens.patient, 'PB-7');
    const sent = await dev.ingest([
      {
        type: 'event',
        serial: 'PB-7',
        seq: 1,
        time: NOW - HOUR,
        utc_offset_min: 0,
        event_type: 'CARB',
        value: 30,
      },
    ]);
    expect(sent.status).toBe(200);
    const found = (await list('hcp')).body.events.find((e) => e.source === 'device');
    expect(found).toMatchObject({ editable: false, type: 'CARB', value: 30 });
    device = found!.eid;
  });

  it('edits an entered event and records who changed it', async () => {
    t.clock.advance(60_000);
    const res = await edit('hcp', mine, { ...bg(6, 'mmol/L'), notes: 'Rechecked' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ eid: mine, value: 108, notes: 'Rechecked' });
    expect(await row(mine)).toMatchObject({ updatedBy: p.ids.hcp, updatedAt: new Date(NOW + 60_000) });
  });

  it('refuses bad input on edit (400) and leaves the event', async () => {
    const before = await row(mine);
    const res = await edit('hcp', mine, { ...bg(100), notes: 'y'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(await row(mine)).toEqual(before);
  });

  it('never changes or deletes a device event', async () => {
    const before = await row(device);
    const e = await edit('hcp', device, bg(100));
    expect(e.status).toBe(403);
    expect(e.body.message).toBe('events.problem.deviceEvent');
    const d = await remove('patient', [device]);
    expect(d.status).toBe(403);
    expect(d.body.message).toBe('events.problem.deviceEvent');
    expect(await row(device)).toEqual(before);
  });

  it("never touches another patient's event, even through a patient the caller may edit", async () => {
    const before = await row(othersEvent);
    expect((await edit('hcp', othersEvent, bg(200))).status).toBe(404);
    expect((await remove('hcp', [othersEvent])).status).toBe(404);
    expect((await remove('patient', [mine, othersEvent])).status).toBe(404);
    expect(await row(othersEvent)).toEqual(before);
    expect((await row(mine))!.deletedAt).toBeNull();
  });

  it.each(['carer', ...MAY_NOT_READ] as Who[])('refuses %s edits and deletes (403)', async (who) => {
    const before = await row(mine);
    expect((await edit(who, mine, bg(200))).status).toBe(403);
    expect((await remove(who, [mine])).status).toBe(403);
    expect(await row(mine)).toEqual(before);
  });

  it('deletes softly: gone for every reader, kept in the table, and gone means 404 afterwards', async () => {
    const res = await remove('hcp', [mine]);
    expect(res.body).toEqual({ error: 0, deleted: 1 });
    expect((await row(mine))!.deletedAt).toEqual(new Date(NOW + 60_000));
    expect((await list('patient')).body.events.some((e) => e.eid === mine)).toBe(false);
    expect((await remove('hcp', [mine])).status).toBe(404);
    expect((await edit('hcp', mine, bg(100))).status).toBe(404);
  });

  it("goes to the HCP's operation history", async () => {
    const ops = await t.ctx.db
      .select({ action: operationHistory.action })
      .from(operationHistory)
      .where(and(eq(operationHistory.actorId, p.ids.hcp), eq(operationHistory.subjectId, p.ids.patient)));
    const actions = new Set(ops.map((o) => o.action));
    for (const op of ['events.view', 'events.add', 'events.edit', 'events.delete'])
      expect(actions).toContain(op);
  });
});
