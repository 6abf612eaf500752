import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type Clinic } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createOpsCast, NOT_ADMINS, type OpsCast, type OpsWho } from '../../../test-support/ops-cast';
import { operationHistory, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

let t: TestApp;
let c: OpsCast;
type Body = { error: number; clinic: Clinic; clinics: Clinic[]; message?: string };

const newClinic = (country: string, name: string, login: string) => ({
  name,
  country,
  address: 'Hauptstraße 1',
  contact: '+49 30 1234567',
  login: { username: login, password: 'Clinic#2026', realname: `${name} desk` },
});
const create = (who: OpsWho, body: unknown) =>
  t.call<Body>('POST', API.opsClinics, { token: c.tokens[who], body });
const list = (who: OpsWho, q = '') => t.call<Body>('GET', `${API.opsClinics}${q}`, { token: c.tokens[who] });
const assign = (who: OpsWho, body: unknown) =>
  t.call<Body>('POST', API.opsClinicHcp, { token: c.tokens[who], body });

let berlin: Clinic;
let paris: Clinic;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  c = await createOpsCast(t);
  berlin = (await create('de', newClinic('DE', 'Klinik Berlin', 'berlin@clinic.example'))).body.clinic;
  paris = (await create('super', newClinic('fr', 'Clinique Paris', 'paris@clinic.example'))).body.clinic;
});
afterAll(() => t.close());

describe('creating a clinic (/ClinicDataAdd)', () => {
  it('creates the clinic and its clinic login, an HCP account flagged clinic_login', async () => {
    expect(berlin).toMatchObject({
      name: 'Klinik Berlin',
      country: 'DE',
      region: 'europe',
      patient_count: 0,
    });
    expect(berlin.login?.username).toBe('berlin@clinic.example');
    expect(paris.country).toBe('FR');
    const [login] = await t.ctx.db.select().from(users).where(eq(users.id, berlin.login!.uid));
    expect(login).toMatchObject({
      userType: 'D',
      clinicLogin: true,
      clinicId: berlin.id,
      country: 'DE',
      createdBy: 'admin',
    });
    // The admin chose this password: the desk person sets their own first (answer 112, no session).
    const first = await t.call('POST', API.login, {
      body: { username: 'berlin@clinic.example', password: 'Clinic#2026', user_type: 'D' },
    });
    expect(first.body).toMatchObject({ error: ErrorCode.PASSWORD_CHANGE_REQUIRED });
    expect(first.body).not.toHaveProperty('token');
  });

  it("makes the clinic login in its country's own language, not English", async () => {
    const language = async (uid: string) =>
      (await t.ctx.db.select({ l: users.language }).from(users).where(eq(users.id, uid)))[0]?.l;
    expect(await language(berlin.login!.uid)).toBe('de');
    expect(await language(paris.login!.uid)).toBe('fr');
  });

  it('writes the creation to the admin history', async () => {
    const rows = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(eq(operationHistory.subjectId, berlin.id));
    expect(rows.map((r) => [r.area, r.action, r.actorId])).toEqual([['admin', 'clinic.create', c.ids.de]]);
  });

  it('refuses a clinic outside the scope, a taken username and a weak password', async () => {
    expect((await create('de', newClinic('FR', 'X', 'x@clinic.example'))).status).toBe(403);
    const taken = await create('de', newClinic('DE', 'Y', 'berlin@clinic.example'));
    expect([taken.status, taken.body.error]).toEqual([409, ErrorCode.CONFLICT]);
    const weak = await create('de', {
      ...newClinic('DE', 'Z', 'z@clinic.example'),
      login: { username: 'z@clinic.example', password: 'abc', realname: 'Z' },
    });
    expect([weak.status, weak.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
    const badName = await create('de', {
      ...newClinic('DE', 'W', 'w@clinic.example'),
      login: { username: 'w@clinic.example', password: 'Clinic#2026', realname: 'W_Desk' },
    });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({
      details: [{ path: 'login.realname', message: 'validation.realName' }],
    });
    const bad = await create('de', { name: '', country: 'QQ' });
    expect(bad.status).toBe(400);
    // Nothing was created by the refused calls.
    expect((await list('super')).body.clinics.map((x) => x.name).sort()).toEqual([
      'Clinique Paris',
      'Klinik Berlin',
    ]);
  });
});

describe('listing clinics (/ClinicalData)', () => {
  it("shows each admin only their scope's clinics", async () => {
    expect((await list('de')).body.clinics.map((x) => x.name)).toEqual(['Klinik Berlin']);
    expect((await list('fr')).body.clinics.map((x) => x.name)).toEqual(['Clinique Paris']);
    expect((await list('europe')).body.clinics).toHaveLength(2);
    expect((await list('super', '?q=paris')).body.clinics.map((x) => x.name)).toEqual(['Clinique Paris']);
  });

  it('assigns an HCP and counts the patients who accepted one of its HCPs and consent', async () => {
    expect((await assign('de', { username: 'hcpde@ops.example', clinic_id: berlin.id })).status).toBe(200);
    // A patient's clinic_id is no consent: only the accepted relation with the clinic's HCP counts.
    await t.ctx.db.update(users).set({ clinicId: berlin.id }).where(eq(users.id, c.ids.patientDe));
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId: c.ids.patientFr,
      followerId: c.ids.hcpDe,
      followerType: 'D',
      state: 'accepted',
      requestedBy: c.ids.hcpDe,
    });
    // Accepting the HCP is not consent to the clinic (issue 15, finding 1): not counted until given.
    expect((await list('de')).body.clinics[0]!.patient_count).toBe(0);
    const give = await t.call('POST', API.clinicConsentGive(c.ids.patientFr), {
      token: c.tokens.patientFr,
      body: { clinic_id: berlin.id },
    });
    expect(give.status).toBe(200);
    const [mine] = (await list('de')).body.clinics;
    expect(mine!.hcps.map((h) => h.username)).toEqual(['hcpde@ops.example']);
    expect(mine!.patient_count).toBe(1);
    // The FR patient is counted, but not listed to the German admin (outside the scope).
    const patients = (who: OpsWho) =>
      t.call<{ patients: Array<{ username: string; hcps: string[] }>; total: number }>(
        'GET',
        API.opsClinicPatients(berlin.id),
        { token: c.tokens[who] },
      );
    expect((await patients('de')).body).toMatchObject({ patients: [], total: 1 });
    expect((await patients('europe')).body).toMatchObject({
      patients: [{ username: 'patientfr@ops.example', hcps: ['Ops hcpDe'] }],
      total: 1,
    });
    expect((await patients('fr')).status).toBe(404);
    const history = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(eq(operationHistory.subjectId, c.ids.hcpDe));
    expect(history.map((h) => h.action)).toEqual(['clinic.hcpAssign']);
  });

  it('refuses to assign outside the scope, non-HCPs and clinic logins', async () => {
    expect((await assign('fr', { username: 'hcpde@ops.example', clinic_id: paris.id })).status).toBe(404);
    expect((await assign('de', { username: 'hcpde@ops.example', clinic_id: paris.id })).status).toBe(404);
    expect((await assign('de', { username: 'patientde@ops.example', clinic_id: berlin.id })).status).toBe(
      409,
    );
    const out = (username: string) => ({ username, clinic_id: null, confirm: true });
    expect((await assign('de', out('berlin@clinic.example'))).status).toBe(409);
    expect((await assign('de', out('nobody@ops.example'))).status).toBe(404);
  });

  it('takes an HCP out of the clinic only after a confirmation', async () => {
    // Taking an HCP out ends the clinic login's access to their patients.
    const unconfirmed = await assign('de', { username: 'hcpde@ops.example', clinic_id: null });
    expect(unconfirmed.status).toBe(400);
    expect((await list('de')).body.clinics[0]!.hcps).toHaveLength(1);
    const done = await assign('de', { username: 'hcpde@ops.example', clinic_id: null, confirm: true });
    expect(done.status).toBe(200);
    expect((await list('de')).body.clinics[0]!.hcps).toEqual([]);
    expect((await list('de')).body.clinics[0]!.patient_count).toBe(0);
  });
});

describe('editing a clinic', () => {
  const edit = (who: OpsWho, id: string, body: unknown) =>
    t.call<Body>('POST', API.opsClinic(id), { token: c.tokens[who], body });

  it('edits within the scope and records it', async () => {
    const res = await edit('de', berlin.id, {
      name: 'Klinik Berlin-Mitte',
      country: 'DE',
      address: '',
      contact: null,
    });
    expect(res.body.clinic).toMatchObject({ name: 'Klinik Berlin-Mitte', address: null, contact: null });
    const rows = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(eq(operationHistory.subjectId, berlin.id));
    expect(rows.map((r) => r.action)).toEqual(['clinic.create', 'clinic.edit']);
  });

  it("does not reach another country's clinic, nor move its own out of scope", async () => {
    expect((await edit('de', paris.id, { name: 'Mine', country: 'DE' })).status).toBe(404);
    expect((await edit('de', berlin.id, { name: 'Moved', country: 'FR' })).status).toBe(403);
    expect((await list('super', '?q=Mine')).body.clinics).toEqual([]);
  });
});

describe('who may use the clinics tools', () => {
  it.each(NOT_ADMINS)('%s may not', async (who) => {
    expect((await list(who)).status).toBe(403);
    expect((await create(who, newClinic('DE', 'N', 'n@clinic.example'))).status).toBe(403);
    const out = { username: 'hcpde@ops.example', clinic_id: null, confirm: true };
    expect((await assign(who, out)).status).toBe(403);
  });

  it('refuses an account admin signed in with a user session, and anonymous callers', async () => {
    const userSession = await t.signIn(c.ids.de, 'user');
    expect((await t.call('GET', API.opsClinics, { token: userSession })).status).toBe(403);
    expect((await t.call('GET', API.opsClinics)).status).toBe(401);
  });
});
