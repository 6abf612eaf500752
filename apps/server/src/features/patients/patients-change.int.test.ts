import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { profiles, relations, sgBlocks, users } from '../../platform/db/schema';
import { account, relate, sgSeries, store } from '../../../test-support/patients-fixture';

// POST api/v2.0/patients/new and /delete (spec §6 "add and delete patients (after confirmation)").

let t: TestApp;
let doc: { id: string; token: string };
let colleague: { id: string; token: string };
const NEW = {
  email: 'New.Patient@Example.com',
  password: 'Start#2026x',
  realname: 'New Patient',
  gender: 'female',
  birthday: '1990-04-02',
  diabetes_type: 'type1',
  diabetes_diagnosis_date: '2001-05-06',
  inpatient: true,
  patient_no: 'P-77',
  bed_no: '12B',
};

const history = async (subject: string) => {
  const res = await t.ctx.db.execute(
    sql`select action, actor_id, subject_name from operation_history where subject_id = ${subject} order by id`,
  );
  return (res as unknown as { rows: Array<{ action: string; actor_id: string; subject_name: string }> }).rows;
};
const relationState = async (patientId: string, followerId: string) =>
  (await t.ctx.db.select().from(relations).where(eq(relations.patientId, patientId))).find(
    (r) => r.followerId === followerId,
  )?.state;
const exists = async (id: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, id))).length === 1;
const create = (body: object, token = doc.token) => t.call('POST', API.patientsNew, { token, body });
const del = (uids: string[], token = doc.token) =>
  t.call('POST', API.patientsDelete, { token, body: { uids, confirm: true } });

beforeAll(async () => {
  t = await createTestApp();
  doc = await account(t, 'doc@example.com', { userType: 'D' });
  colleague = await account(t, 'colleague@example.com', { userType: 'D' });
}, 60_000);
afterAll(() => t.close());

describe('new patient', () => {
  it('creates a patient account in the HCP’s care, recorded in the history', async () => {
    const res = await create(NEW);
    expect(res.status).toBe(200);
    const uid = res.body.uid as string;
    expect(res.body.username).toBe('new.patient@example.com');
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(u).toMatchObject({
      userType: 'P',
      createdBy: 'hcp',
      status: 'active',
      email: 'new.patient@example.com',
    });
    const [p] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, uid));
    expect(p).toMatchObject({ realname: 'New Patient', inpatient: true, patientNo: 'P-77', bedNo: '12B' });
    const [r] = await t.ctx.db.select().from(relations).where(eq(relations.patientId, uid));
    expect(r).toMatchObject({
      followerId: doc.id,
      state: 'accepted',
      requestedBy: doc.id,
      remark: 'created',
    });
    expect(await history(uid)).toEqual([
      { action: 'patient.create', actor_id: doc.id, subject_name: 'New Patient' },
    ]);
    const list = await t.call('GET', API.patients, { token: doc.token });
    expect(list.body.patients).toMatchObject({ total: 1 });
    expect((list.body.patients as { items: unknown[] }).items[0]).toMatchObject({
      uid,
      created_by: 'hcp',
      deletes_account: true,
      diabetes_type: 'type1',
      gender: 'female',
    });
    expect(u).toMatchObject({ creatorId: doc.id, mustChangePassword: true });
  });

  it('answers 26 for a username already taken, and lists every bad field at once', async () => {
    const dup = await create({ ...NEW, email: 'NEW.patient@example.com' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(26);
    const bad = await create({ email: 'x@', password: 'abc', realname: 'Al', birthday: '2999-01-01' });
    expect(bad.status).toBe(400);
    const paths = (bad.body.details as Array<{ path: string }>).map((d) => d.path);
    expect(new Set(paths)).toEqual(new Set(['email', 'realname', 'password', 'birthday']));
    const diag = await create({ ...NEW, email: 'd@example.com', diabetes_diagnosis_date: '1980-01-01' });
    expect(diag.status).toBe(400);
    expect((await create({ ...NEW, email: undefined, mobile: '+44 7700 900123' })).status).toBe(200);
  });

  it('refuses the clinic and admin logins, carers and patients before reading the body', async () => {
    const clinic = await account(t, 'clinic@example.com', { userType: 'D', clinicLogin: true });
    const admin = await account(t, 'admin@example.com', { userType: 'D', adminLogin: true });
    const carer = await account(t, 'carer@example.com', { userType: 'M' });
    for (const who of [clinic, admin, carer]) {
      expect((await create({}, who.token)).status).toBe(403);
      expect((await del([], who.token)).status).toBe(403);
    }
  });

  it('answers error 12 (→ /hcpLogin) without a valid session, like the patient list (spec §8)', async () => {
    for (const path of [API.patientsNew, API.patientsDelete]) {
      for (const token of [undefined, 'not-a-token']) {
        const res = await t.call('POST', path, { ...(token ? { token } : {}), body: {} });
        expect(res.status).toBe(401);
        expect(res.body.error).toBe(ErrorCode.TOKEN_INVALID_HCP);
      }
    }
  });
});

describe('the first sign-in of a patient whose password the HCP typed (spec §2 /newPatient)', () => {
  const login = (password: string) =>
    t.call('POST', API.login, { body: { username: 'first@example.com', password, user_type: 'P' } });
  const choose = (password_token: string, password: string) =>
    t.call('POST', API.loginPassword, { body: { password_token, password } });
  let uid: string;

  beforeAll(async () => {
    uid = (await create({ ...NEW, email: 'first@example.com' })).body.uid as string;
  });

  it('opens no session with the password the HCP chose: it asks for the patient’s own', async () => {
    const res = await login(NEW.password);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    expect(res.body.token).toBeUndefined();
    expect(res.body.uid).toBeUndefined();
    const challenge = res.body.password_token as string;
    expect(challenge).toEqual(expect.any(String));
    // The challenge is no session: no call of the API takes it.
    expect((await t.call('GET', API.session, { token: challenge })).status).toBe(401);
    expect((await t.call('GET', API.settings(uid), { token: challenge })).status).toBe(401);
  });

  it('refuses the same password, a weak one and an unknown token, changing nothing', async () => {
    const challenge = (await login(NEW.password)).body.password_token as string;
    const same = await choose(challenge, NEW.password);
    expect(same.status).toBe(400);
    expect(same.body.details).toEqual([{ path: 'password', message: 'password.sameAsOld' }]);
    expect((await choose(challenge, 'short')).status).toBe(400);
    const unknown = await choose('no-such-token', 'Mine#2026xy');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(ErrorCode.CODE_WRONG);
    expect((await login(NEW.password)).body.error).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
  });

  it('signs in with the patient’s own password; the HCP’s no longer works', async () => {
    const challenge = (await login(NEW.password)).body.password_token as string;
    const res = await choose(challenge, 'Mine#2026xy');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: 0, uid, user_type: 'P' });
    expect((await t.call('GET', API.session, { token: res.body.token as string })).status).toBe(200);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(u!.mustChangePassword).toBe(false);
    // The token is used up; later sign-ins are ordinary.
    expect((await choose(challenge, 'Other#2026xy')).body.error).toBe(ErrorCode.CODE_WRONG);
    expect((await login('Mine#2026xy')).body).toMatchObject({ error: 0, uid });
    expect((await login(NEW.password)).body.error).toBe(ErrorCode.WRONG_PASSWORD);
  });
});

describe('delete patients', () => {
  it('deletes an account this HCP created, with its data; only removes anyone else’s', async () => {
    const created = (await create({ ...NEW, email: 'gone@example.com', realname: 'Gone Soon' })).body
      .uid as string;
    await store(t, created, sgSeries('TX1', t.clock.now().getTime() - 3600_000, 300_000, [100, 110]));
    const registered = await account(t, 'own@example.com', { userType: 'P', realname: 'Registered One' });
    await relate(t, registered.id, doc.id, 'accepted');
    const shared = (await create({ ...NEW, email: 'shared@example.com' })).body.uid as string;
    await relate(t, shared, colleague.id, 'accepted');
    const list = await t.call('GET', `${API.patients}?size=100`, { token: doc.token });
    const byUid = new Map(
      (list.body.patients as { items: Array<{ uid: string; deletes_account: boolean }> }).items.map((i) => [
        i.uid,
        i.deletes_account,
      ]),
    );
    expect([byUid.get(created), byUid.get(registered.id), byUid.get(shared)]).toEqual([true, false, false]);

    const res = await del([created, registered.id, shared, created]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: 0, deleted: [created], removed: [registered.id, shared] });
    expect(await exists(created)).toBe(false);
    expect(await t.ctx.db.select().from(sgBlocks).where(eq(sgBlocks.patientId, created))).toEqual([]);
    expect(await exists(registered.id)).toBe(true);
    expect(await relationState(registered.id, doc.id)).toBe('removed');
    expect(await relationState(shared, doc.id)).toBe('removed');
    expect(await relationState(shared, colleague.id)).toBe('accepted');
    expect((await history(created)).map((h) => [h.action, h.subject_name])).toEqual([
      ['patient.create', 'Gone Soon'],
      ['patient.delete', 'Gone Soon'],
    ]);
    expect((await history(registered.id)).map((h) => h.action)).toEqual(['patient.remove']);
    // The removed patient's data is closed to this HCP at once.
    expect((await t.call('GET', API.settings(registered.id), { token: doc.token })).status).toBe(403);
  });

  it('deletes nothing without the confirmation (spec §8 "delete patients"), like data deletion', async () => {
    const res = await create({ ...NEW, email: 'unconfirmed@example.com' });
    const uid = res.body.uid as string;
    for (const body of [{ uids: [uid] }, { uids: [uid], confirm: false }, { uids: [uid], confirm: 'yes' }]) {
      const refused = await t.call('POST', API.patientsDelete, { token: doc.token, body });
      expect(refused.status).toBe(400);
    }
    expect(await exists(uid)).toBe(true);
    expect((await del([uid])).body).toMatchObject({ error: 0, deleted: [uid] });
    expect(await exists(uid)).toBe(false);
  });

  it('never deletes the account for an HCP who did not create it, even when left alone with it', async () => {
    const uid = (await create({ ...NEW, email: 'handed@example.com' })).body.uid as string;
    await relate(t, uid, colleague.id, 'accepted');
    expect((await del([uid])).body).toEqual({ error: 0, deleted: [], removed: [uid] });
    // The colleague asked for the connection themself, and nobody else follows now: still only a removal.
    const res = await del([uid], colleague.token);
    expect(res.body).toEqual({ error: 0, deleted: [], removed: [uid] });
    expect(await exists(uid)).toBe(true);
  });

  it('changes nothing and answers 403 when any uid is not a patient this HCP follows', async () => {
    const mine = (await create({ ...NEW, email: 'keep@example.com' })).body.uid as string;
    const theirs = (await create({ ...NEW, email: 'theirs@example.com' }, colleague.token)).body
      .uid as string;
    const pending = await account(t, 'pend@example.com', { userType: 'P' });
    await relate(t, pending.id, doc.id, 'pending');
    for (const uids of [
      [mine, theirs],
      [mine, pending.id],
      [mine, 'no-such-id'],
      [mine, doc.id],
    ]) {
      const res = await del(uids);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(102);
    }
    expect(await exists(mine)).toBe(true);
    expect(await relationState(mine, doc.id)).toBe('accepted');
    expect(await exists(theirs)).toBe(true);
    expect((await history(mine)).map((h) => h.action)).toEqual(['patient.create']);
    expect((await del([])).status).toBe(400);
  });
});
