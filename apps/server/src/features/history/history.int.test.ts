import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type HcpHistoryResponse, type HcpOperation } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, TEST_PASSWORD, type People } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { operationHistory, users } from '../../platform/db/schema';
import { recordOperation, type HistoryOperation } from '../../access/operation-history';

let t: TestApp;
let p: People;
/** p.hcp manages a group with `member`; `outsider` is an HCP of no group; `rival` manages another. */
let memberId: string;
let outsiderId: string;
let rivalMemberId: string;
const tokens: Record<'manager' | 'member' | 'outsider', string> = { manager: '', member: '', outsider: '' };

const T0 = Date.parse('2026-11-01T08:00:00Z');
const MIN = 60_000;

/** Writes a history row at `time`: an HCP operation, or the operation given with its area. */
async function at(
  time: number,
  actorId: string,
  operation: HcpOperation | HistoryOperation,
  subjectId: string | null,
) {
  t.clock.set(new Date(time));
  const entry: HistoryOperation =
    typeof operation === 'string' ? { area: 'hcp', action: operation } : operation;
  await recordOperation(t.ctx, {
    ...entry,
    actorId,
    subjectId,
    detail: { method: 'GET', route: `/x/${entry.action}` },
  });
}

const history = (token: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.call<HcpHistoryResponse & { error: number; message?: string }>(
    'GET',
    qs ? `${API.hcpHistory}?${qs}` : API.hcpHistory,
    { token },
  );
};
const actions = (res: { body: HcpHistoryResponse }) => res.body.history.items.map((i) => i.action);

async function hcp(username: string, extra: Partial<Parameters<typeof createAccount>[1]> = {}) {
  return createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username,
    password: TEST_PASSWORD,
    userType: 'D',
    realname: username.split('@')[0]!,
    ...extra,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  memberId = await hcp('member@example.com', { createdBy: 'hcp_group' });
  outsiderId = await hcp('outsider@example.com');
  const rivalId = await hcp('rival@example.com');
  rivalMemberId = await hcp('rivalmember@example.com', { createdBy: 'hcp_group' });
  await t.ctx.db.update(users).set({ groupId: p.ids.hcp }).where(eq(users.id, memberId));
  await t.ctx.db.update(users).set({ groupId: rivalId }).where(eq(users.id, rivalMemberId));
  tokens.manager = p.tokens.hcp;
  tokens.member = await t.signIn(memberId);
  tokens.outsider = await t.signIn(outsiderId);

  await at(T0, p.ids.hcp, 'monitor.view', p.ids.patient);
  await at(T0 + 1 * MIN, memberId, 'events.add', p.ids.patient);
  await at(T0 + 2 * MIN, p.ids.hcp, 'records.view', p.ids.other);
  await at(T0 + 3 * MIN, outsiderId, 'monitor.view', p.ids.patient);
  await at(T0 + 4 * MIN, rivalMemberId, 'monitor.view', p.ids.patient);
  await at(T0 + 5 * MIN, memberId, 'settings.save', p.ids.patient);
  await at(T0 + 6 * MIN, p.ids.hcp, { area: 'admin', action: 'admin.create' }, null);
  await at(T0 + 7 * MIN, p.ids.hcp, 'group.addUser', memberId);
});
afterAll(() => t.close());

describe('whose rows an HCP sees', () => {
  it("a manager sees their own and their members' rows, newest first", async () => {
    const res = await history(tokens.manager);
    expect(res.status).toBe(200);
    expect(actions(res)).toEqual([
      'group.addUser',
      'settings.save',
      'records.view',
      'events.add',
      'monitor.view',
    ]);
    expect(res.body.history).toMatchObject({ total: 5, page: 1, pages: 1, has_next: false, has_prev: false });
    expect(res.body.history.items[1]).toMatchObject({
      at: T0 + 5 * MIN,
      actor_id: memberId,
      actor_name: 'member',
      subject_id: p.ids.patient,
      subject_name: 'Test patient',
      detail: { method: 'GET', route: '/x/settings.save' },
    });
    expect(res.body.members.map((m) => m.uid)).toEqual([p.ids.hcp, memberId]);
    expect(res.body.subjects.map((s) => s.name)).toEqual(['member', 'Test other', 'Test patient']);
  });

  it('a member sees only their own rows', async () => {
    const res = await history(tokens.member);
    expect(actions(res)).toEqual(['settings.save', 'events.add']);
    expect(res.body.members.map((m) => m.uid)).toEqual([memberId]);
  });

  it('an HCP of no group sees only their own rows', async () => {
    expect(actions(await history(tokens.outsider))).toEqual(['monitor.view']);
  });

  it("a manager asking for an HCP outside the group gets nothing (another group's member stays invisible)", async () => {
    for (const member of [outsiderId, rivalMemberId]) {
      const res = await history(tokens.manager, { member });
      expect(res.status).toBe(200);
      expect(res.body.history.total).toBe(0);
    }
  });

  it.each(['patient', 'carer', 'stranger'] as const)('is refused to a %s (403)', async (who) => {
    const res = await history(p.tokens[who]);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', API.hcpHistory)).status).toBe(401);
  });
});

describe('filters and paging', () => {
  it('filters by patient, member, action and [from, to)', async () => {
    expect(actions(await history(tokens.manager, { patient: p.ids.other }))).toEqual(['records.view']);
    expect(actions(await history(tokens.manager, { member: memberId }))).toEqual([
      'settings.save',
      'events.add',
    ]);
    expect(actions(await history(tokens.manager, { action: 'monitor.view' }))).toEqual(['monitor.view']);
    expect(actions(await history(tokens.manager, { from: T0 + MIN, to: T0 + 5 * MIN }))).toEqual([
      'records.view',
      'events.add',
    ]);
    const both = await history(tokens.manager, {
      patient: p.ids.patient,
      member: memberId,
      action: 'events.add',
    });
    expect(actions(both)).toEqual(['events.add']);
  });

  it('pages newest first without repeating or skipping a row', async () => {
    const one = await history(tokens.manager, { size: 2 });
    const two = await history(tokens.manager, { size: 2, page: 2 });
    const three = await history(tokens.manager, { size: 2, page: 3 });
    expect(one.body.history).toMatchObject({ pages: 3, has_next: true, has_prev: false });
    expect(three.body.history).toMatchObject({ has_next: false, has_prev: true });
    expect([...actions(one), ...actions(two), ...actions(three)]).toEqual(
      actions(await history(tokens.manager)),
    );
  });

  it.each([
    ['an end before the start', { from: T0 + MIN, to: T0 }],
    ['a page of 0', { page: 0 }],
    ['a size over 100', { size: 101 }],
    ['an action with spaces', { action: 'drop table' }],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await history(tokens.manager, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('the record cannot be edited', () => {
  it('records an HCP access through a patient route', async () => {
    t.clock.set(new Date(T0 + 60 * MIN));
    expect((await t.call('GET', API.settings(p.ids.patient), { token: tokens.manager })).status).toBe(200);
    // The route's audit runs when the response has been sent: wait for it.
    await vi.waitFor(async () => {
      const res = await history(tokens.manager, { action: 'settings.view' });
      expect(res.body.history.items[0]).toMatchObject({
        actor_id: p.ids.hcp,
        subject_id: p.ids.patient,
        detail: { method: 'GET', route: '/api/v2.0/settings/:id' },
      });
    });
  });

  it.each([
    ['UPDATE', sql`update operation_history set action = 'nothing'`],
    ['DELETE', sql`delete from operation_history`],
    ['TRUNCATE', sql`truncate operation_history`],
  ])('refuses an %s through SQL', async (_name, statement) => {
    const before = await t.ctx.db.select().from(operationHistory);
    await expect(t.ctx.db.execute(statement)).rejects.toThrow();
    expect(await t.ctx.db.select().from(operationHistory)).toEqual(before);
  });

  it('offers no route that writes to it', () => {
    const writers = t.routes.filter((r) => r.url.startsWith('/api/v2.0/hcp/history') && r.method !== 'GET');
    expect(writers).toEqual([]);
  });
});
