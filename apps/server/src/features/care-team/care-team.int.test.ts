import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, TEST_PASSWORD, type People } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { operationHistory, profiles, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

let t: TestApp;
let p: People;
/** p.hcp manages a group; `rival` manages another one, with `rivalMember`. */
let managerToken: string;
let rivalToken: string;
let rivalMemberId: string;

const NEW_MEMBER = {
  username: 'Nurse.One@Clinic.example',
  realname: 'Nurse One',
  major: 'nurse',
  password: 'Care#Team9x',
};

/** Each addition a second after the last, so the list's order (oldest first) is known. */
const add = (token: string, body: unknown) => {
  t.clock.advance(1_000);
  return t.call('POST', API.hcpGroupUsersNew, { token, body });
};
const list = (token: string) => t.call('GET', API.hcpGroupUsers, { token });
const info = (token: string, id: string) => t.call('GET', API.hcpGroupUser(id), { token });
const setStatus = (token: string, id: string, status: string) =>
  t.call('POST', `${API.hcpGroupUser(id)}/status`, { token, body: { status } });
const login = (username: string) =>
  t.call('POST', API.login, { body: { username, password: NEW_MEMBER.password, user_type: 'D' } });
/** A member's session after their first-sign-in agreement to the terms (spec §5; no one agrees for them). */
const agreed = async (token: string) => {
  const res = await t.call('POST', API.termsAccept, {
    token,
    body: { terms_version: t.ctx.config.TERMS_VERSION },
  });
  expect(res.body.error).toBe(0);
  return token;
};

async function follow(patientId: string, followerId: string, state: 'accepted' | 'pending') {
  await t.ctx.db.insert(relations).values({
    id: newId(),
    patientId,
    followerId,
    followerType: 'D',
    state,
    requestedBy: followerId,
    decidedAt: state === 'accepted' ? t.clock.now() : null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  p = await createPeople(t);
  await t.ctx.db.update(profiles).set({ organisation: 'City Clinic' }).where(eq(profiles.userId, p.ids.hcp));
  managerToken = p.tokens.hcp;
  const rivalId = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'rival@example.com',
    password: TEST_PASSWORD,
    userType: 'D',
    realname: 'Rival Manager',
  });
  rivalToken = await t.signIn(rivalId);
  rivalMemberId = (await add(rivalToken, { ...NEW_MEMBER, username: 'rival.member@example.com' })).body
    .uid as string;
});
afterAll(() => t.close());

describe('adding a member (POST hcp/group/users/new)', () => {
  let memberId: string;

  it("creates an active HCP of the manager's group, with the manager's organisation", async () => {
    const res = await add(managerToken, NEW_MEMBER);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: 0, username: 'nurse.one@clinic.example' });
    memberId = res.body.uid as string;
    const [row] = await t.ctx.db
      .select({ user: users, profile: profiles })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, memberId));
    expect(row!.user).toMatchObject({
      userType: 'D',
      createdBy: 'hcp_group',
      groupId: p.ids.hcp,
      status: 'active',
      email: 'nurse.one@clinic.example',
    });
    expect(row!.profile).toMatchObject({
      realname: 'Nurse One',
      major: 'nurse',
      organisation: 'City Clinic',
    });
  });

  it('records the addition in the operation history', async () => {
    const rows = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(and(eq(operationHistory.action, 'group.addUser'), eq(operationHistory.subjectId, memberId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ area: 'hcp', actorId: p.ids.hcp, subjectName: 'Nurse One' });
  });

  it('lets the member sign in; their home is the patient list (created_by hcp_group)', async () => {
    const res = await login(NEW_MEMBER.username);
    expect(res.body).toMatchObject({ error: 0, created_by: 'hcp_group', user_type: 'D' });
  });

  it('takes a given organisation and a mobile number as the username', async () => {
    const res = await add(managerToken, {
      ...NEW_MEMBER,
      username: '+44 7700 900123',
      organisation: 'Ward 7',
      major: 'dietitian',
    });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db
      .select({ mobile: users.mobile, organisation: profiles.organisation })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, res.body.uid as string));
    expect(row).toEqual({ mobile: '+44 7700 900123', organisation: 'Ward 7' });
  });

  it.each([
    ['a username that is neither e-mail nor mobile', { username: 'not an address' }, 'username'],
    ['a short real name', { realname: 'Al' }, 'realname'],
    ['a password of 7 characters', { password: 'Ab#1x9y' }, 'password'],
    ['a password with a sequence', { password: 'Abc#9876x' }, 'password'],
    [
      'a password equal to the username',
      { username: 'Pw#Same9x@x.example', password: 'Pw#Same9x@x.example' },
      'password',
    ],
  ])('refuses %s with 400 and creates nothing', async (_name, change, path) => {
    const before = (await t.ctx.db.select().from(users)).length;
    const res = await add(managerToken, { ...NEW_MEMBER, username: 'fresh@example.com', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect((res.body.details as Array<{ path: string }>).map((d) => d.path)).toContain(path);
    expect((await t.ctx.db.select().from(users)).length).toBe(before);
  });

  it('refuses a username already in use (any account type) with 409, error 26', async () => {
    for (const username of [NEW_MEMBER.username.toUpperCase(), 'patient@example.com']) {
      const res = await add(managerToken, { ...NEW_MEMBER, username });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(ErrorCode.REGISTER_FAILED_SPECIFIC);
    }
  });
});

describe("the group's users and one member's patients", () => {
  let memberId: string;
  let memberToken: string;

  beforeAll(async () => {
    const res = await add(managerToken, {
      ...NEW_MEMBER,
      username: 'educator@example.com',
      realname: 'Ed Ucator',
    });
    memberId = res.body.uid as string;
    memberToken = await agreed(await t.signIn(memberId));
    await follow(p.ids.patient, memberId, 'accepted');
    await follow(p.ids.other, memberId, 'pending');
    await t.ctx.db.update(profiles).set({ alias: 'Pat' }).where(eq(profiles.userId, p.ids.patient));
  });

  it('lists only the manager’s own members, with status, creation date and patient count', async () => {
    const res = await list(managerToken);
    expect(res.status).toBe(200);
    const users = res.body.users as Array<Record<string, unknown>>;
    expect(users.map((u) => u.username)).toEqual([
      'nurse.one@clinic.example',
      '+44 7700 900123',
      'educator@example.com',
    ]);
    expect(users[2]).toMatchObject({
      uid: memberId,
      realname: 'Ed Ucator',
      status: 'active',
      organisation: 'City Clinic',
      created_at: t.clock.now().getTime(),
      patient_count: 1,
    });
    expect(users.some((u) => u.uid === rivalMemberId)).toBe(false);
  });

  it("shows a member's info and accepted patients by name only (no health data)", async () => {
    const res = await info(managerToken, memberId);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ uid: memberId, email: 'educator@example.com', mobile: null });
    expect(res.body.patients).toEqual([
      { uid: p.ids.patient, realname: 'Test patient', alias: 'Pat', since: t.clock.now().getTime() },
    ]);
  });

  it('gives the manager no access to the patients’ data through the member (consent is per HCP)', async () => {
    const rival = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'lonely.patient@example.com',
      password: TEST_PASSWORD,
      userType: 'P',
      realname: 'Lonely Patient',
    });
    await follow(rival, memberId, 'accepted');
    expect((await t.call('GET', API.settings(rival), { token: memberToken })).status).toBe(200);
    expect((await t.call('GET', API.settings(rival), { token: managerToken })).status).toBe(403);
  });

  it.each([
    ["another group's member", () => rivalMemberId],
    ['an id that does not exist', () => 'no-such-user'],
    ['a patient', () => p.ids.patient],
    ['the manager themself', () => p.ids.hcp],
  ])('answers %s as not found, without telling which', async (_name, id) => {
    for (const res of [await info(managerToken, id()), await setStatus(managerToken, id(), 'disabled')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: ErrorCode.NOT_FOUND, message: 'errors.notFound' });
    }
    const [rivalMember] = await t.ctx.db.select().from(users).where(eq(users.id, rivalMemberId));
    expect(rivalMember!.status).toBe('active');
  });

  it('refuses every group call to a member (members cannot manage users)', async () => {
    for (const res of [
      await list(memberToken),
      await add(memberToken, { ...NEW_MEMBER, username: 'sneaky@example.com' }),
      await info(memberToken, memberId),
      await setStatus(memberToken, memberId, 'disabled'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it.each(['patient', 'carer', 'stranger'] as const)(
    'refuses every group call to a %s (403)',
    async (who) => {
      const token = p.tokens[who];
      for (const res of [
        await list(token),
        await add(token, NEW_MEMBER),
        await info(token, memberId),
        await setStatus(token, memberId, 'disabled'),
      ]) {
        expect(res.status).toBe(403);
      }
    },
  );

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', API.hcpGroupUsers)).status).toBe(401);
    expect((await t.call('POST', API.hcpGroupUsersNew, { body: NEW_MEMBER })).status).toBe(401);
  });

  it('refuses a status other than active or disabled (400)', async () => {
    expect((await setStatus(managerToken, memberId, 'pending')).status).toBe(400);
  });
});

describe('disabling and enabling a member', () => {
  let memberId: string;
  let memberToken: string;
  const username = 'locum@example.com';

  beforeAll(async () => {
    memberId = (await add(managerToken, { ...NEW_MEMBER, username })).body.uid as string;
    memberToken = await agreed((await login(username)).body.token as string);
  });

  it('disables: the member’s session ends at once and sign-in is refused', async () => {
    expect((await t.call('GET', API.profile, { token: memberToken })).status).toBe(200);
    const res = await setStatus(managerToken, memberId, 'disabled');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ uid: memberId, status: 'disabled' });
    expect((await t.call('GET', API.profile, { token: memberToken })).status).toBe(401);
    const again = await login(username);
    expect(again.body).toMatchObject({ error: ErrorCode.FORBIDDEN, message: 'errors.accountDisabled' });
    expect(again.body.token).toBeUndefined();
  });

  it('enables again: sign-in works', async () => {
    const res = await setStatus(managerToken, memberId, 'active');
    expect(res.body.user).toMatchObject({ status: 'active' });
    expect((await login(username)).body.error).toBe(0);
  });

  it('records each change, and nothing for a status that did not change', async () => {
    await setStatus(managerToken, memberId, 'active');
    const rows = await t.ctx.db
      .select({ action: operationHistory.action, detail: operationHistory.detail })
      .from(operationHistory)
      .where(eq(operationHistory.subjectId, memberId));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'group.addUser',
      'group.disableUser',
      'group.enableUser',
    ]);
  });
});

describe('deleting a member (POST hcp/group/users/{id}/delete)', () => {
  let memberId: string;
  let memberToken: string;
  let created: string;
  const username = 'leaving@example.com';
  const remove = (token: string, id: string, body: unknown = { confirm: true }) =>
    t.call('POST', API.hcpGroupUserDelete(id), { token, body });

  beforeAll(async () => {
    memberId = (await add(managerToken, { ...NEW_MEMBER, username })).body.uid as string;
    memberToken = await agreed((await login(username)).body.token as string);
    await follow(p.ids.patient, memberId, 'accepted');
    await follow(p.ids.other, memberId, 'pending');
    // A patient account the member created: it must outlive the member.
    created = (
      await t.call('POST', API.patientsNew, {
        token: memberToken,
        body: { email: 'made-by-leaver@example.com', password: 'Start#2026x', realname: 'Made By Leaver' },
      })
    ).body.uid as string;
  });

  it('needs the confirmation, and is refused to members, other managers and for other ids', async () => {
    expect((await remove(managerToken, memberId, {})).status).toBe(400);
    expect((await remove(memberToken, memberId)).status).toBe(403);
    expect((await remove(rivalToken, memberId)).status).toBe(404);
    expect((await remove(managerToken, rivalMemberId)).status).toBe(404);
    expect((await remove(managerToken, p.ids.patient)).status).toBe(404);
    expect((await t.call('GET', API.profile, { token: memberToken })).status).toBe(200);
  });

  it("ends the member's connections and account; every patient keeps account and data", async () => {
    const res = await remove(managerToken, memberId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: 0, ended: 3 });
    const states = await t.ctx.db
      .select({ patientId: relations.patientId, state: relations.state })
      .from(relations)
      .where(eq(relations.followerId, memberId));
    expect(new Map(states.map((r) => [r.patientId, r.state]))).toEqual(
      new Map([
        [p.ids.patient, 'removed'],
        [p.ids.other, 'cancelled'],
        [created, 'removed'],
      ]),
    );
    for (const patient of [p.ids.patient, p.ids.other, created]) {
      expect(await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, patient))).toHaveLength(
        1,
      );
    }
    // The member can no longer sign in or read anything, and the manager gained nothing.
    expect((await t.call('GET', API.profile, { token: memberToken })).status).toBe(401);
    expect((await login(username)).body.error).not.toBe(0);
    expect((await t.call('GET', API.settings(created), { token: managerToken })).status).toBe(403);
    // The user name is free again; the member is gone from the group's list.
    const listed = (await list(managerToken)).body.users as Array<{ uid: string }>;
    expect(listed.some((u) => u.uid === memberId)).toBe(false);
    expect((await info(managerToken, memberId)).status).toBe(404);
    expect((await remove(managerToken, memberId)).status).toBe(404);
    expect((await add(managerToken, { ...NEW_MEMBER, username })).status).toBe(200);
  });

  it('records the deletion with the patients concerned', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(and(eq(operationHistory.subjectId, memberId), eq(operationHistory.action, 'group.deleteUser')));
    expect(row).toMatchObject({ actorId: p.ids.hcp, subjectName: 'Nurse One' });
    expect(row!.detail).toMatchObject({
      username,
      patients: expect.arrayContaining([p.ids.patient, created]),
    });
  });
});
