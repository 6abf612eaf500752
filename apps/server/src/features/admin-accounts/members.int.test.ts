import { ErrorCode } from '@cgm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { events, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { purgeExpiredAccounts } from '../../accounts/retention';
import { createAdmins, PASSWORD, person, userRow, type Admins } from '../../../test-support/admin-test-kit';

let t: TestApp;
let a: Admins;

beforeAll(async () => {
  t = await createTestApp();
  a = await createAdmins(t);
});
afterAll(() => t.close());

const login = (name: string, type: 'P' | 'D' = 'P') =>
  t.call('POST', API.login, {
    body: { username: `${name}@example.com`, password: PASSWORD, user_type: type },
  });

async function withEvent(patientId: string) {
  await t.ctx.db.insert(events).values({
    id: newId(),
    patientId,
    serial: 'web',
    time: t.clock.now(),
    utcOffsetMin: 0,
    eventType: 'BG',
    value: 100,
    origin: 'user',
  });
}
const eventsOf = async (patientId: string) =>
  (await t.ctx.db.select({ n: count() }).from(events).where(eq(events.patientId, patientId)))[0]!.n;

describe('finding members', () => {
  it('lists only accounts in scope, with filters and paging', async () => {
    await person(t, 'find-de', 'P', 'DE');
    await person(t, 'find-jp', 'M', 'JP');
    const de = await t.call('GET', `${API.adminMembers}?q=find-&size=10`, { token: a.deToken });
    expect((de.body.items as Array<{ username: string }>).map((i) => i.username)).toEqual([
      'find-de@example.com',
    ]);
    const all = await t.call('GET', `${API.adminMembers}?q=find-&type=M`, { token: a.superToken });
    expect(all.body).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect((await t.call('GET', `${API.adminMembers}?q=find-`, { token: a.asiaToken })).body.total).toBe(1);
  });

  it('views a member in scope; outside it 403', async () => {
    const jp = await person(t, 'view-jp', 'P', 'JP');
    expect((await t.call('GET', API.adminMember(jp), { token: a.deToken })).status).toBe(403);
    const seen = await t.call('GET', API.adminMember(jp), { token: a.asiaToken });
    expect(seen.body.member).toMatchObject({
      uid: jp,
      user_type: 'P',
      status: 'active',
      retention: 'two_years',
    });
  });
});

describe('member actions', () => {
  it('lock ends sessions and sign-in answers 62; unlock lets them back', async () => {
    const id = await person(t, 'lock-me', 'P', 'DE');
    const token = await t.signIn(id);
    expect(
      (await t.call('POST', API.adminMemberLock(id), { token: a.deToken, body: { minutes: 60 } })).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', API.adminMemberLock(id), {
          token: a.deToken,
          body: { minutes: 60, confirm: true },
        })
      ).body,
    ).toEqual({ error: 0 });
    expect((await t.call('GET', API.profile, { token })).status).toBe(401);
    expect((await login('lock-me')).body.error).toBe(62);
    await t.call('POST', API.adminMemberUnlock(id), { token: a.deToken, body: {} });
    expect((await login('lock-me')).body.error).toBe(0);
  });

  it('resets MFA', async () => {
    const id = await person(t, 'mfa-me', 'P', 'DE', { mfa: true });
    await t.call('POST', API.adminMemberMfaReset(id), { token: a.deToken, body: { confirm: true } });
    expect((await userRow(t, id))!.mfaEnabled).toBe(false);
  });

  it('outside the scope nothing changes (403)', async () => {
    const id = await person(t, 'out-jp', 'P', 'JP', { mfa: true });
    const calls = [
      t.call('POST', API.adminMemberLock(id), { token: a.deToken, body: { minutes: 60, confirm: true } }),
      t.call('POST', API.adminMemberMfaReset(id), { token: a.deToken, body: { confirm: true } }),
      t.call('POST', API.adminMemberType(id), { token: a.deToken, body: { type: 'M', confirm: true } }),
      t.call('POST', API.adminMemberDelete(id), { token: a.deToken, body: { confirm: true } }),
      t.call('POST', API.adminMemberResend(id), { token: a.deToken, body: {} }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect(await userRow(t, id)).toMatchObject({
      userType: 'P',
      mfaEnabled: true,
      lockedUntil: null,
      deletedAt: null,
    });
  });

  it('changes P to M after confirmation, ending the patient’s connections', async () => {
    const id = await person(t, 'to-carer', 'P', 'DE');
    const follower = await person(t, 'to-carer-f', 'M', 'DE');
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId: id,
      followerId: follower,
      followerType: 'M',
      state: 'accepted',
      requestedBy: follower,
    });
    const res = await t.call('POST', API.adminMemberType(id), {
      token: a.deToken,
      body: { type: 'M', confirm: true },
    });
    expect(res.body).toEqual({ error: 0 });
    expect((await userRow(t, id))!.userType).toBe('M');
    const rel = await t.ctx.db.select().from(relations).where(eq(relations.patientId, id));
    expect(rel[0]!.state).toBe('removed');
  });

  it('changes P to HCP: the patient data goes (spec §2 "Account type changed")', async () => {
    const id = await person(t, 'to-hcp', 'P', 'DE');
    await withEvent(id);
    const noOrg = await t.call('POST', API.adminMemberType(id), {
      token: a.deToken,
      body: { type: 'D', confirm: true },
    });
    expect(noOrg.status).toBe(400);
    expect(await eventsOf(id)).toBe(1);
    const res = await t.call('POST', API.adminMemberType(id), {
      token: a.deToken,
      body: { type: 'D', organisation: 'Clinic', confirm: true },
    });
    expect(res.body).toEqual({ error: 0 });
    expect(await eventsOf(id)).toBe(0);
    expect((await login('to-hcp', 'D')).body.error).toBe(0);
  });
});

describe('deletion and retention (spec §1: EU data kept 2 years)', () => {
  it('an EU account: cannot sign in, data kept; purged 2 years + 1 day later, kept 1 day short', async () => {
    const id = await person(t, 'eu-del', 'P', 'DE');
    const token = await t.signIn(id);
    await withEvent(id);
    expect((await t.call('POST', API.adminMemberDelete(id), { token: a.deToken, body: {} })).status).toBe(
      400,
    );
    const res = await t.call('POST', API.adminMemberDelete(id), {
      token: a.deToken,
      body: { confirm: true },
    });
    expect(res.body).toEqual({ error: 0, purged: false });
    // A deleted account answers as an unknown user name does: as a wrong password (issue 15, finding 11).
    expect((await login('eu-del')).body.error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await t.call('GET', API.profile, { token })).status).toBe(401);
    expect(await eventsOf(id)).toBe(1);
    // Deleted accounts are refused further actions and show as deleted.
    expect((await t.call('POST', API.adminMemberUnlock(id), { token: a.deToken, body: {} })).status).toBe(
      409,
    );
    const seen = await t.call('GET', API.adminMember(id), { token: a.deToken });
    expect(seen.body.member).toMatchObject({ status: 'deleted' });

    const deletedAt = (await userRow(t, id))!.deletedAt!;
    const twoYears = new Date(deletedAt);
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    await purgeExpiredAccounts(t.ctx.db, new Date(twoYears.getTime() - 86400_000));
    expect(await userRow(t, id)).toBeDefined();
    expect(await eventsOf(id)).toBe(1);
    await purgeExpiredAccounts(t.ctx.db, new Date(twoYears.getTime() + 86400_000));
    expect(await userRow(t, id)).toBeUndefined();
    expect(await eventsOf(id)).toBe(0);
  });

  it('an account outside the EU server (China) is removed at once', async () => {
    const id = await person(t, 'cn-del', 'P', 'CN');
    await withEvent(id);
    const res = await t.call('POST', API.adminMemberDelete(id), {
      token: a.asiaToken,
      body: { confirm: true },
    });
    expect(res.body).toEqual({ error: 0, purged: true });
    expect(await userRow(t, id)).toBeUndefined();
    expect(await eventsOf(id)).toBe(0);
  });

  it('the username of a deleted account is free again', async () => {
    const again = await t.ctx.db.select().from(users).where(eq(users.username, 'eu-del@example.com'));
    expect(again).toHaveLength(0);
  });
});
