import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, TEST_PASSWORD, type People } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { events, operationHistory, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

// What reaches the HCP operation history (spec §2 /HcpOperationHistory, docs/PERMISSIONS.md): the
// patient list, the connections' monitor state, connection requests, and the ids and values of every
// event and record an HCP adds, edits or deletes. The record fails closed.

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
});
afterAll(() => t.close());

const rowsOf = async (actorId: string, action: string) =>
  t.ctx.db
    .select()
    .from(operationHistory)
    .where(and(eq(operationHistory.actorId, actorId), eq(operationHistory.action, action)))
    .orderBy(operationHistory.id);

describe('reads that were not recorded before', () => {
  it('records the patient list page with the patients it showed', async () => {
    const res = await t.call('GET', `${API.patients}?size=5&sort=name`, { token: p.tokens.hcp });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(p.ids.hcp, 'patients.list');
    expect(row).toMatchObject({ subjectId: null, area: 'hcp' });
    expect(row!.detail).toMatchObject({
      method: 'GET',
      route: '/api/v2.0/patients',
      query: { page: 1, size: 5, sort: 'name', order: 'asc' },
      shown: [p.ids.patient],
    });
  });

  it("records an HCP's read of each followed patient's monitor state on the connections call", async () => {
    expect((await t.call('GET', API.connections, { token: p.tokens.hcp })).status).toBe(200);
    const rows = await rowsOf(p.ids.hcp, 'connections.status');
    expect(rows.map((r) => r.subjectId)).toEqual([p.ids.patient]);
    expect(rows[0]!.detail).toMatchObject({ method: 'GET', route: '/api/v2.1/monitor/connections' });
    // A carer is not an HCP: nothing of theirs goes to the HCP history.
    expect((await t.call('GET', API.connections, { token: p.tokens.carer })).status).toBe(200);
    expect(await rowsOf(p.ids.carer, 'connections.status')).toEqual([]);
  });
});

describe("an HCP's connection requests", () => {
  it('records request, cancel, request again and, once accepted, stop', async () => {
    const doc = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'asking-doc@example.com',
      password: TEST_PASSWORD,
      userType: 'D',
      realname: 'Asking Doc',
    });
    const token = await t.signIn(doc);
    const call = (path: string, body: unknown) => t.call('POST', path, { token, body });
    expect((await call(API.relationsRequest, { username: 'patient@example.com' })).status).toBe(200);
    expect((await call(API.relationsCancel, { uid: p.ids.patient })).status).toBe(200);
    expect((await call(API.relationsRequest, { username: 'patient@example.com' })).status).toBe(200);
    const permit = await t.call('POST', API.relationsPermit, { token: p.tokens.patient, body: { uid: doc } });
    expect(permit.status).toBe(200);
    expect((await call(API.relationsStop, { uid: p.ids.patient })).status).toBe(200);
    const all = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(eq(operationHistory.actorId, doc))
      .orderBy(operationHistory.id);
    expect(all.map((r) => [r.action, r.subjectId])).toEqual([
      ['relation.request', p.ids.patient],
      ['relation.cancel', p.ids.patient],
      ['relation.request', p.ids.patient],
      ['relation.stop', p.ids.patient],
    ]);
    expect(all[0]!.detail).toMatchObject({ route: '/api/v2.0/relations/auth/request' });
    // A refused move (nothing pending to cancel) changes nothing and records nothing.
    expect((await call(API.relationsCancel, { uid: p.ids.patient })).status).toBe(409);
    expect(await rowsOf(doc, 'relation.cancel')).toHaveLength(1);
  });
});

describe('events and records: ids and values', () => {
  const bg = (value: number) => ({ date: NOW - HOUR, utc_offset_min: 60, type: 'BG', value, unit: 'mg/dL' });

  it('records the ids of added events, the values an edit changed, and the ids deleted', async () => {
    const add = await t.call<{ eids: string[] }>('POST', API.eventsNew(p.ids.patient), {
      token: p.tokens.hcp,
      body: { data: [bg(120), { date: NOW - HOUR, type: 'CARB', value: 45, notes: 'Lunch' }] },
    });
    const eids = add.body.eids;
    const [added] = await rowsOf(p.ids.hcp, 'events.add');
    expect(added).toMatchObject({ subjectId: p.ids.patient });
    expect(added!.detail).toMatchObject({
      route: '/api/v2.0/events/:id/data/new',
      eids,
      values: [
        { eid: eids[0], type: 'BG', value: 120 },
        { eid: eids[1], type: 'CARB', value: 45, notes: 'Lunch' },
      ],
    });

    const edit = await t.call('POST', API.eventEdit(p.ids.patient, eids[0]!), {
      token: p.tokens.hcp,
      body: { ...bg(135), notes: 'Recheck' },
    });
    expect(edit.status).toBe(200);
    const [edited] = await rowsOf(p.ids.hcp, 'events.edit');
    expect(edited!.detail).toEqual({
      method: 'POST',
      route: '/api/v2.0/events/:id/data/:eid',
      eid: eids[0],
      changes: { value: { from: 120, to: 135 }, notes: { from: null, to: 'Recheck' } },
    });

    const del = await t.call('POST', API.eventsDelete(p.ids.patient), {
      token: p.tokens.hcp,
      body: { eids: [eids[1]] },
    });
    expect(del.status).toBe(200);
    const [deleted] = await rowsOf(p.ids.hcp, 'events.delete');
    expect(deleted!.detail).toMatchObject({ eids: [eids[1]] });
  });

  it('records the ids and values of records added, edited and (softly) deleted', async () => {
    const add = await t.call<{ rids: string[] }>('POST', API.recordsNew(p.ids.patient), {
      token: p.tokens.hcp,
      body: { data: [{ kind: 'note', data: { text: 'Fewer lows' } }] },
    });
    const [rid] = add.body.rids;
    expect((await rowsOf(p.ids.hcp, 'records.add'))[0]!.detail).toMatchObject({
      rids: [rid],
      values: [{ rid, kind: 'note', data: { text: 'Fewer lows' } }],
    });
    await t.call('POST', API.recordsEdit(p.ids.patient), {
      token: p.tokens.hcp,
      body: { rid, kind: 'note', data: { text: 'No lows' } },
    });
    expect((await rowsOf(p.ids.hcp, 'records.edit'))[0]!.detail).toMatchObject({
      rid,
      kind: 'note',
      changes: { data: { from: { text: 'Fewer lows' }, to: { text: 'No lows' } } },
    });
    await t.call('POST', API.recordsDelete(p.ids.patient), { token: p.tokens.hcp, body: { rids: [rid] } });
    expect((await rowsOf(p.ids.hcp, 'records.delete'))[0]!.detail).toMatchObject({
      rids: [rid],
      kinds: ['note'],
    });
  });

  it("writes no HCP row for the patient's own changes", async () => {
    const add = await t.call('POST', API.eventsNew(p.ids.patient), {
      token: p.tokens.patient,
      body: { data: [bg(99)] },
    });
    expect(add.status).toBe(200);
    expect(await rowsOf(p.ids.patient, 'events.add')).toEqual([]);
  });

  it("shows a manager a member's change without the patient's values, unless the patient accepted the manager", async () => {
    const manager = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'manager@example.com',
      password: TEST_PASSWORD,
      userType: 'D',
      realname: 'The Manager',
    });
    await t.ctx.db
      .update(users)
      .set({ createdBy: 'hcp_group', groupId: manager })
      .where(eq(users.id, p.ids.hcp));
    const token = await t.signIn(manager);
    const history = async () =>
      (
        await t.call<{ history: { items: Array<{ action: string; detail: Record<string, unknown> }> } }>(
          'GET',
          `${API.hcpHistory}?action=events.edit`,
          { token },
        )
      ).body.history.items[0]!.detail;
    expect(await history()).toEqual({
      method: 'POST',
      route: '/api/v2.0/events/:id/data/:eid',
      eid: expect.any(String),
    });
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId: p.ids.patient,
      followerId: manager,
      followerType: 'D',
      state: 'accepted',
      requestedBy: manager,
    });
    expect(await history()).toHaveProperty('changes.value', { from: 120, to: 135 });
    await t.ctx.db.update(users).set({ createdBy: 'register', groupId: null }).where(eq(users.id, p.ids.hcp));
  });
});

describe('the record fails closed', () => {
  const hide = () => t.ctx.db.execute(sql`alter table operation_history rename to operation_history_away`);
  const restore = () => t.ctx.db.execute(sql`alter table operation_history_away rename to operation_history`);

  it('withholds the data from an HCP when the history cannot be written', async () => {
    await hide();
    try {
      const hcp = await t.call('GET', API.settings(p.ids.patient), { token: p.tokens.hcp });
      expect(hcp.status).toBe(500);
      expect(hcp.body).toMatchObject({ error: ErrorCode.INTERNAL });
      expect(hcp.body).not.toHaveProperty('settings');
      const list = await t.call('GET', API.patients, { token: p.tokens.hcp });
      expect(list.status).toBe(500);
      expect(list.body).not.toHaveProperty('patients');
      // Nobody else's reads are HCP operations: the patient reads on.
      expect((await t.call('GET', API.settings(p.ids.patient), { token: p.tokens.patient })).status).toBe(
        200,
      );
    } finally {
      await restore();
    }
  });

  it("rolls back an HCP's change whose record cannot be written", async () => {
    const before = await t.ctx.db.select().from(events).where(eq(events.patientId, p.ids.patient));
    await hide();
    try {
      const add = await t.call('POST', API.eventsNew(p.ids.patient), {
        token: p.tokens.hcp,
        body: { data: [{ date: NOW - HOUR, type: 'CARB', value: 10 }] },
      });
      expect(add.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.ctx.db.select().from(events).where(eq(events.patientId, p.ids.patient))).toEqual(before);
  });
});
