import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { API, type Clinic, type PatientsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { clinics, relations, users } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';
import { createAccount } from '../accounts/create-account';
import { account, relate } from '../../test-support/patients-fixture';
import { mayAccessPatient } from './patient-data';
import type { Actor } from '../platform/http/auth';

// The clinic login's rule (access/clinic-access.ts): it reads, read-only, the patients who accepted
// one of its clinic's HCPs and consent to the clinic, while they do; never anyone else. The policy, the clinic's
// patient list and the clinic figures of /ClinicalData must agree.

let t: TestApp;
type Who = { id: string; token: string };
let desk: Who;
let drA: Who;
let drB: Who;
let outsider: Who;
const p: Record<string, Who> = {};
let clinicId: string;
let admin: string;

const deskActor = (): Actor => ({
  userId: desk.id,
  userType: 'D',
  role: null,
  createdBy: 'admin',
  sessionId: 'test',
  sessionKind: 'user',
  flags: { adminLogin: false, clinicLogin: true },
});

const listed = async (): Promise<string[]> => {
  const res = await t.call<{ patients: PatientsResponse['patients'] }>('GET', `${API.patients}?size=100`, {
    token: desk.token,
  });
  expect(res.status).toBe(200);
  return res.body.patients.items.map((i) => i.username).sort();
};
const reads = async (patient: Who): Promise<boolean> => {
  const res = await t.call('GET', API.monitorStatus(patient.id), { token: desk.token });
  const byPolicy = await mayAccessPatient(t.ctx.db, deskActor(), patient.id, 'read');
  // The route and the policy give the same answer.
  expect(res.status === 200).toBe(byPolicy);
  return byPolicy;
};
const clinicFigures = async () => {
  const res = await t.call<{ clinics: Clinic[] }>('GET', API.opsClinics, { token: admin });
  return res.body.clinics.find((c) => c.id === clinicId)!;
};

beforeAll(async () => {
  t = await createTestApp();
  desk = await account(t, 'desk@clinic.example', { userType: 'D', clinicLogin: true });
  drA = await account(t, 'dra@clinic.example', { userType: 'D', realname: 'Dr A' });
  drB = await account(t, 'drb@clinic.example', { userType: 'D', realname: 'Dr B' });
  outsider = await account(t, 'outsider@elsewhere.example', { userType: 'D' });
  for (const name of ['both', 'onlyA', 'onlyB', 'noConsent', 'outside', 'direct', 'pending', 'removed']) {
    p[name] = await account(t, `${name}@patients.example`, { userType: 'P', realname: `Patient ${name}` });
  }
  clinicId = newId();
  await t.ctx.db
    .insert(clinics)
    .values({ id: clinicId, name: 'Clinic', country: 'GB', region: 'europe', createdBy: desk.id });
  await t.ctx.db
    .update(users)
    .set({ clinicId })
    .where(inArray(users.id, [desk.id, drA.id, drB.id]));
  await relate(t, p.both!.id, drA.id, 'accepted');
  await relate(t, p.both!.id, drB.id, 'accepted');
  await relate(t, p.onlyA!.id, drA.id, 'accepted');
  await relate(t, p.onlyB!.id, drB.id, 'accepted');
  await relate(t, p.noConsent!.id, drA.id, 'accepted');
  await relate(t, p.outside!.id, outsider.id, 'accepted');
  await relate(t, p.direct!.id, desk.id, 'accepted');
  await relate(t, p.pending!.id, drA.id, 'pending');
  await relate(t, p.removed!.id, drA.id, 'removed');
  const superId = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'super@admin.example',
    password: 'Super#2026x',
    realname: 'Super Admin',
    userType: 'A',
    role: 'AccountAdminSuper',
  });
  admin = await t.signIn(superId, 'admin');
  for (const name of ['both', 'onlyA', 'onlyB']) {
    const res = await t.call('POST', API.clinicConsentGive(p[name]!.id), {
      token: p[name]!.token,
      body: { clinic_id: clinicId },
    });
    expect(res.status, name).toBe(200);
  }
}, 60_000);
afterAll(() => t.close());

describe('a clinic login', () => {
  it("lists and reads exactly the patients who accepted one of its clinic's HCPs, each once", async () => {
    expect(await listed()).toEqual([
      'both@patients.example',
      'onlya@patients.example',
      'onlyb@patients.example',
    ]);
    for (const name of ['both', 'onlyA', 'onlyB']) expect(await reads(p[name]!), name).toBe(true);
  });

  it('never reads a patient who accepted none of its HCPs', async () => {
    // Another clinician's patient, a connection with the desk itself, a request not yet accepted,
    // a removed one, and one who accepted the clinic's HCP but gave the clinic no consent.
    for (const name of ['outside', 'direct', 'pending', 'removed', 'noConsent']) {
      expect(await reads(p[name]!), name).toBe(false);
    }
  });

  it("only reads: it may not change settings, events or records, nor the patient's own things", async () => {
    for (const action of ['settings', 'clinical', 'own'] as const) {
      expect(await mayAccessPatient(t.ctx.db, deskActor(), p.onlyA!.id, action)).toBe(false);
    }
    const res = await t.call('POST', API.patientsDelete, {
      token: desk.token,
      body: { uids: [p.onlyA!.id], confirm: true },
    });
    expect(res.status).toBe(403);
  });

  it('shows /ClinicalData the same patients and count', async () => {
    const figures = await clinicFigures();
    expect(figures.patient_count).toBe(3);
    expect(figures.hcps.map((h) => h.username).sort()).toEqual(['dra@clinic.example', 'drb@clinic.example']);
    const res = await t.call<{ patients: Array<{ username: string; hcps: string[] }>; total: number }>(
      'GET',
      API.opsClinicPatients(clinicId),
      { token: admin },
    );
    expect(res.body.total).toBe(3);
    expect(res.body.patients.map((x) => x.username).sort()).toEqual(await listed());
    expect(res.body.patients.find((x) => x.username === 'both@patients.example')!.hcps).toEqual([
      'Dr A',
      'Dr B',
    ]);
  });

  it("loses a patient when the patient removes the clinic's HCP", async () => {
    await t.ctx.db
      .update(relations)
      .set({ state: 'removed' })
      .where(and(eq(relations.patientId, p.onlyB!.id), eq(relations.followerId, drB.id)));
    expect(await reads(p.onlyB!)).toBe(false);
    expect(await listed()).not.toContain('onlyb@patients.example');
    expect((await clinicFigures()).patient_count).toBe(2);
  });

  it('loses a patient who revokes the consent to the clinic, and reads them again when given', async () => {
    const consent = (path: (id: string) => string) =>
      t.call('POST', path(p.both!.id), { token: p.both!.token, body: { clinic_id: clinicId } });
    expect((await consent(API.clinicConsentRevoke)).status).toBe(200);
    expect(await reads(p.both!)).toBe(false);
    expect(await listed()).not.toContain('both@patients.example');
    expect((await clinicFigures()).patient_count).toBe(1);
    expect((await consent(API.clinicConsentGive)).status).toBe(200);
    expect(await reads(p.both!)).toBe(true);
  });

  it('loses the patients of an HCP who leaves the clinic, keeps those another HCP has', async () => {
    await t.ctx.db.update(users).set({ clinicId: null }).where(eq(users.id, drA.id));
    expect(await reads(p.onlyA!)).toBe(false);
    expect(await reads(p.both!)).toBe(true);
    expect(await listed()).toEqual(['both@patients.example']);
    expect((await clinicFigures()).patient_count).toBe(1);
  });

  it('reads nothing when it belongs to no clinic', async () => {
    await t.ctx.db.update(users).set({ clinicId: null }).where(eq(users.id, desk.id));
    expect(await reads(p.both!)).toBe(false);
    expect(await listed()).toEqual([]);
  });
});
