import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type Clinic, type ClinicConsentItem } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox, users } from '../../platform/db/schema';
import { account, relate } from '../../../test-support/patients-fixture';

// Issue 15, finding 1: an account admin created a clinic whose desk password they chose, moved a
// patient's HCP into it, signed in as the desk and read the patient, who was never told. Now the desk
// reads a patient only with that patient's consent to that clinic, given on the connections screen
// and mailed to the patient, and the desk's first sign-in sets the desk person's own password.

let t: TestApp;
let admin: string;
type Who = { id: string; token: string };
let patient: Who;
let hcp: Who;
let clinic: Clinic;
let deskToken: string;

const createClinic = async (name: string, login: string) => {
  const res = await t.call<{ clinic: Clinic }>('POST', API.opsClinics, {
    token: admin,
    body: {
      name,
      country: 'GB',
      login: { username: login, password: 'Chosen#2026', realname: `${name} desk` },
    },
  });
  expect(res.status).toBe(200);
  return res.body.clinic;
};
const moveHcp = async (clinicId: string) => {
  const res = await t.call('POST', API.opsClinicHcp, {
    token: admin,
    body: { username: 'hcp@consent.example', clinic_id: clinicId },
  });
  expect(res.status).toBe(200);
};
const deskReads = async (token = deskToken) =>
  (await t.call('GET', API.monitorStatus(patient.id), { token })).status;
const deskExports = async (token = deskToken) =>
  (await t.call('GET', `${API.monitorProfile(patient.id)}`, { token })).status;
const consents = async (token = patient.token) =>
  t.call<{ error: number; clinics: ClinicConsentItem[] }>('GET', API.clinicConsents(patient.id), { token });
const give = (clinicId: string, token = patient.token) =>
  t.call('POST', API.clinicConsentGive(patient.id), { token, body: { clinic_id: clinicId } });
const revoke = (clinicId: string, token = patient.token) =>
  t.call('POST', API.clinicConsentRevoke(patient.id), { token, body: { clinic_id: clinicId } });
const mailsTo = async (to: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, to))).map((m) => m.subject);

/** A desk login, as its person after agreeing to the terms (the server asks accounts that have not). */
async function signInAgreed(userId: string): Promise<string> {
  await t.ctx.db
    .update(users)
    .set({ termsVersion: t.ctx.config.TERMS_VERSION, termsAcceptedAt: new Date() })
    .where(eq(users.id, userId));
  return t.signIn(userId);
}

beforeAll(async () => {
  t = await createTestApp();
  const superId = await createAccount(t.ctx.db, {
    username: 'super@admin.example',
    password: 'Super#2026x',
    realname: 'Super Admin',
    userType: 'A',
    role: 'AccountAdminSuper',
    termsVersion: t.ctx.config.TERMS_VERSION,
  });
  admin = await t.signIn(superId, 'admin');
  patient = await account(t, 'pat@consent.example', { userType: 'P', realname: 'Pat Consent' });
  hcp = await account(t, 'hcp@consent.example', { userType: 'D', realname: 'Dr Hcp' });
  await relate(t, patient.id, hcp.id, 'accepted');
  clinic = await createClinic('Desk Clinic', 'desk@consent.example');
  await moveHcp(clinic.id);
  deskToken = await signInAgreed(clinic.login!.uid);
}, 60_000);
afterAll(() => t.close());

describe('a clinic desk and the patient’s consent', () => {
  it('does not read a patient whose HCP an admin moved into the clinic', async () => {
    expect(await deskReads()).toBe(403);
    expect(await deskExports()).toBe(403);
    const list = await t.call<{ patients: { items: unknown[] } }>('GET', API.patients, { token: deskToken });
    expect(list.body.patients.items).toEqual([]);
  });

  it('shows the patient the clinic of their HCP, without consent', async () => {
    const res = await consents();
    expect(res.body.clinics).toEqual([
      { clinic_id: clinic.id, name: 'Desk Clinic', given: false, given_at: null, hcps: ['Dr Hcp'] },
    ]);
  });

  it('reads once the patient consents, and the patient is mailed', async () => {
    expect((await give(clinic.id)).status).toBe(200);
    expect(await deskReads()).toBe(200);
    expect((await consents()).body.clinics[0]).toMatchObject({ given: true, hcps: ['Dr Hcp'] });
    expect(await mailsTo('pat@consent.example')).toEqual(['The desk of Desk Clinic can now read your data']);
    // Giving again changes nothing and mails nothing.
    expect((await give(clinic.id)).status).toBe(200);
    expect(await mailsTo('pat@consent.example')).toHaveLength(1);
  });

  it('stops reading when the patient revokes', async () => {
    expect((await revoke(clinic.id)).status).toBe(200);
    expect(await deskReads()).toBe(403);
    expect((await consents()).body.clinics[0]).toMatchObject({ given: false, given_at: null });
    expect((await revoke(clinic.id)).status).toBe(404);
  });

  it('gains another clinic nothing when the HCP moves there', async () => {
    expect((await give(clinic.id)).status).toBe(200);
    const other = await createClinic('Other Clinic', 'other@consent.example');
    await moveHcp(other.id);
    const otherDesk = await signInAgreed(other.login!.uid);
    expect(await deskReads(otherDesk)).toBe(403);
    // The first desk lost the patient with the HCP; the consent stays listed so it can be revoked.
    expect(await deskReads()).toBe(403);
    expect((await consents()).body.clinics.map((c) => [c.name, c.given, c.hcps])).toEqual([
      ['Desk Clinic', true, []],
      ['Other Clinic', false, ['Dr Hcp']],
    ]);
  });

  it('refuses consent to a clinic none of the patient’s HCPs works at', async () => {
    expect((await revoke(clinic.id)).status).toBe(200);
    const res = await give(clinic.id);
    expect([res.status, (res.body as { error: number }).error]).toEqual([404, ErrorCode.NOT_FOUND]);
    expect((await give('no-such-clinic')).status).toBe(404);
  });

  it('is the patient’s alone to give, revoke or see', async () => {
    const other = (await consents()).body.clinics.find((c) => c.name === 'Other Clinic')!;
    for (const token of [hcp.token, deskToken, admin]) {
      expect((await consents(token)).status).toBe(403);
      expect((await give(other.clinic_id, token)).status).toBe(403);
    }
    expect((await t.call('GET', API.clinicConsents(patient.id))).status).toBe(401);
  });
});

describe('the desk’s password', () => {
  it('is set by the desk person at the first sign-in, not kept from the admin', async () => {
    const login = await t.call<{ error: number; password_token?: string; token?: string }>(
      'POST',
      API.login,
      {
        body: { username: 'desk@consent.example', password: 'Chosen#2026', user_type: 'D' },
      },
    );
    expect(login.body.error).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    expect(login.body.token).toBeUndefined();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, clinic.login!.uid));
    expect(row!.mustChangePassword).toBe(true);
  });
});
