import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type RecordsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, MAY_NOT_READ, type People, type Who } from '../../../test-support/people';
import { medicalRecords } from '../../platform/db/schema';

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');

type Body = { error: number; message?: string; details?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
});
afterAll(() => t.close());

const get = (who: Who, id = p.ids.patient) =>
  t.call<RecordsResponse & Body>('GET', API.records(id), { token: p.tokens[who] });
const add = (who: Who, data: unknown[], id = p.ids.patient) =>
  t.call<Body & { rids: string[] }>('POST', API.recordsNew(id), { token: p.tokens[who], body: { data } });
const remove = (who: Who, rids: string[], id = p.ids.patient) =>
  t.call<Body & { deleted: number }>('POST', API.recordsDelete(id), { token: p.tokens[who], body: { rids } });
const edit = (who: Who, body: unknown, id = p.ids.patient) =>
  t.call<Body & { rid: string }>('POST', API.recordsEdit(id), { token: p.tokens[who], body });
const rowsOf = (patientId: string) =>
  t.ctx.db.select().from(medicalRecords).where(eq(medicalRecords.patientId, patientId));

const insulin = {
  kind: 'prescription',
  data: { medicine: 'Insulin aspart', dose: 4.03, unit: 'U', frequency: 'before meals', start: '2026-11-01' },
};

describe('adding records (spec §3 "Records")', () => {
  it('stores each kind with its author; the answer groups them with the profile', async () => {
    const res = await add('hcp', [
      { kind: 'complication', data: { disease: 'retinopathy', since: '2024-03-01' } },
      { kind: 'concomitant', data: { disease: 'highBloodPressure' } },
      insulin,
      { kind: 'suggestion', data: { text: 'Check glucose before driving.' } },
      { kind: 'note', data: { text: 'Patient reports fewer lows.' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.rids).toHaveLength(5);
    const got = (await get('carer')).body;
    expect(got.profile).toMatchObject({ uid: p.ids.patient, realname: 'Test patient', editable: [] });
    expect(got.complications[0]).toMatchObject({
      data: { disease: 'retinopathy', since: '2024-03-01' },
      author_id: p.ids.hcp,
      author_name: 'Test hcp',
      recorded_at: NOW,
    });
    expect(got.concomitant[0]!.data.disease).toBe('highBloodPressure');
    // Insulin doses in 0.05 U steps (spec §5).
    expect(got.prescriptions[0]!.data).toMatchObject({ medicine: 'Insulin aspart', dose: 4.05, unit: 'U' });
    expect(got.suggestions[0]!.data.text).toBe('Check glucose before driving.');
    expect(got.notes[0]!.data.text).toBe('Patient reports fewer lows.');
    expect(got.may_edit).toBe(false);
    expect((await get('hcp')).body.may_edit).toBe(true);
  });

  it('records a disease once per kind (409), and nothing of the batch', async () => {
    const before = (await rowsOf(p.ids.patient)).length;
    const res = await add('hcp', [
      { kind: 'note', data: { text: 'x' } },
      { kind: 'complication', data: { disease: 'retinopathy' } },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('records.problem.duplicate');
    expect((await rowsOf(p.ids.patient)).length).toBe(before);
    // The same disease as a concomitant disease is another record.
    expect((await add('hcp', [{ kind: 'concomitant', data: { disease: 'retinopathy' } }])).status).toBe(200);
  });

  it.each([
    ['a note over 1000 characters', { kind: 'note', data: { text: 'n'.repeat(1001) } }],
    ['an empty suggestion', { kind: 'suggestion', data: { text: '   ' } }],
    ['an unknown disease', { kind: 'complication', data: { disease: 'flu' } }],
    ['an unknown kind', { kind: 'diary', data: { text: 'x' } }],
    ['a negative dose', { ...insulin, data: { ...insulin.data, dose: -1 } }],
    ['a dose as text', { ...insulin, data: { ...insulin.data, dose: '4' } }],
    ['an end before the start', { ...insulin, data: { ...insulin.data, end: '2026-10-01' } }],
    ['an impossible start date', { ...insulin, data: { ...insulin.data, start: '2026-02-30' } }],
    ['a future "since"', { kind: 'complication', data: { disease: 'obesity', since: '2027-01-01' } }],
  ])('refuses %s (400)', async (_name, bad) => {
    const before = (await rowsOf(p.ids.patient)).length;
    const res = await add('hcp', [bad]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect((await rowsOf(p.ids.patient)).length).toBe(before);
  });

  it('lets the patient keep their own record', async () => {
    expect((await add('patient', [{ kind: 'note', data: { text: 'My own note' } }])).status).toBe(200);
  });

  it.each(['carer', ...MAY_NOT_READ] as Who[])('refuses %s (403)', async (who) => {
    const before = (await rowsOf(p.ids.patient)).length;
    expect((await add(who, [{ kind: 'note', data: { text: 'x' } }])).status).toBe(403);
    expect((await rowsOf(p.ids.patient)).length).toBe(before);
  });

  it.each(MAY_NOT_READ)('does not show the record to %s', async (who) => {
    expect((await get(who)).status).toBe(403);
  });
});

describe('changing and deleting records', () => {
  let note: string;
  let othersNote: string;
  beforeAll(async () => {
    note = (await add('hcp', [{ kind: 'note', data: { text: 'First' } }])).body.rids[0]!;
    othersNote = (await add('other', [{ kind: 'note', data: { text: 'Other' } }], p.ids.other)).body.rids[0]!;
  });

  it('edits a record and keeps its kind', async () => {
    t.clock.advance(60_000);
    const res = await edit('hcp', { rid: note, kind: 'note', data: { text: 'Changed' } });
    expect(res.body).toEqual({ error: 0, rid: note });
    const got = (await get('hcp')).body.notes.find((n) => n.rid === note);
    expect(got).toMatchObject({ data: { text: 'Changed' }, updated_at: NOW + 60_000, recorded_at: NOW });
    const kind = await edit('hcp', { rid: note, kind: 'suggestion', data: { text: 'x' } });
    expect(kind.status).toBe(400);
    expect(kind.body.details?.[0]?.path).toBe('kind');
  });

  it('refuses a note over 1000 characters on edit', async () => {
    expect((await edit('hcp', { rid: note, kind: 'note', data: { text: 'z'.repeat(1001) } })).status).toBe(
      400,
    );
  });

  it("never touches another patient's record through this patient's URL (404)", async () => {
    const before = await rowsOf(p.ids.other);
    expect((await edit('hcp', { rid: othersNote, kind: 'note', data: { text: 'Hacked' } })).status).toBe(404);
    expect((await remove('hcp', [othersNote])).status).toBe(404);
    expect((await remove('hcp', [note, othersNote])).status).toBe(404);
    expect(await rowsOf(p.ids.other)).toEqual(before);
    expect((await rowsOf(p.ids.patient)).some((r) => r.id === note)).toBe(true);
  });

  it.each(['carer', ...MAY_NOT_READ] as Who[])('refuses edits and deletes by %s (403)', async (who) => {
    expect((await edit(who, { rid: note, kind: 'note', data: { text: 'x' } })).status).toBe(403);
    expect((await remove(who, [note])).status).toBe(403);
  });

  it('deletes a record softly: gone for every reader, the row kept with who and when', async () => {
    expect((await remove('hcp', [note])).body).toEqual({ error: 0, deleted: 1 });
    expect((await get('hcp')).body.notes.some((n) => n.rid === note)).toBe(false);
    expect((await get('patient')).body.notes.some((n) => n.rid === note)).toBe(false);
    expect((await remove('hcp', [note])).status).toBe(404);
    expect((await edit('hcp', { rid: note, kind: 'note', data: { text: 'Back?' } })).status).toBe(404);
    const kept = (await rowsOf(p.ids.patient)).find((r) => r.id === note)!;
    expect(kept).toMatchObject({ deletedAt: new Date(NOW + 60_000), updatedBy: p.ids.hcp });
    expect(kept.data).toEqual({ text: 'Changed' });
  });
});
