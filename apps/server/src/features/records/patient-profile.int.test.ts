import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type PatientProfile } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_READ,
  registerDevice,
  TEST_PASSWORD,
  type People,
  type Who,
} from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { profiles, relations, uploads, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');

type Body = { error: number; profile: PatientProfile; message?: string; details?: Array<{ path: string }> };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
});
afterAll(() => t.close());

const get = (who: Who) => t.call<Body>('GET', API.patientProfile(p.ids.patient), { token: p.tokens[who] });
const save = (who: Who, body: unknown) =>
  t.call<Body>('POST', API.patientProfile(p.ids.patient), { token: p.tokens[who], body });
const createdBy = (value: 'register' | 'hcp', creatorId: string | null = null) =>
  t.ctx.db.update(users).set({ createdBy: value, creatorId }).where(eq(users.id, p.ids.patient));
const stored = async () =>
  (await t.ctx.db.select().from(profiles).where(eq(profiles.userId, p.ids.patient)))[0];

describe('reading a patient profile', () => {
  it('gives the labels of spec §3 with age, upload time and account creator', async () => {
    await createdBy('register');
    await t.ctx.db.update(profiles).set({ birthday: '1990-11-22' }).where(eq(profiles.userId, p.ids.patient));
    const dev = await registerDevice(t, p.tokens.patient);
    await dev.ingest([
      { type: 'event', serial: 'PB-1', seq: 1, time: NOW - 1000, utc_offset_min: 0, event_type: 'OTR' },
    ]);
    const res = await get('carer');
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      uid: p.ids.patient,
      realname: 'Test patient',
      age: 35,
      upload_time: NOW,
      created_by: 'register',
      account_creator: 'Test patient',
      inpatient: false,
      editable: [],
    });
  });

  it('gives as last upload only an upload that stored data (not a deletion, not an empty batch)', async () => {
    const row = (at: number, label: string | null) => ({
      id: newId(),
      patientId: p.ids.patient,
      source: 'realtime' as const,
      receivedAt: new Date(at),
      stored: 0,
      duplicates: 3,
      rejected: 0,
      label,
    });
    await t.ctx.db.insert(uploads).values([row(NOW + 60_000, null), row(NOW + 120_000, 'deleted')]);
    expect((await get('hcp')).body.profile.upload_time).toBe(NOW);
  });

  it.each(MAY_NOT_READ)('is refused to %s', async (who) => {
    expect((await get(who)).status).toBe(403);
  });
});

describe('a patient who registered owns their personal profile', () => {
  beforeAll(() => createdBy('register'));

  it('lets the HCP change only the clinic fields', async () => {
    expect((await get('hcp')).body.profile.editable).toEqual(['inpatient', 'patient_no', 'bed_no']);
    const res = await save('hcp', { inpatient: true, patient_no: 'P-1001', bed_no: '12B' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ inpatient: true, patient_no: 'P-1001', bed_no: '12B' });
  });

  it('refuses the HCP a personal field (403), and changes nothing of the request', async () => {
    const before = await stored();
    const res = await save('hcp', { bed_no: '13', realname: 'New Name' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('patientView.profile.notEditable');
    expect(res.body.details?.map((d) => d.path)).toEqual(['realname']);
    expect(await stored()).toEqual(before);
  });

  it('saves the other fields when the form resends a stored name the rule refuses (spec §5)', async () => {
    // A name stored before the rule, or by another path, e.g. with a full stop.
    await t.ctx.db
      .update(profiles)
      .set({ realname: 'Dr. Pat Example' })
      .where(eq(profiles.userId, p.ids.patient));
    const res = await save('hcp', { realname: 'Dr. Pat Example', bed_no: '14' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ realname: 'Dr. Pat Example', bed_no: '14' });
    // A changed name is checked (and here not the HCP's to change).
    expect((await save('patient', { realname: 'Dr. Pat Sample', height: 171 })).status).toBe(400);
    expect((await save('patient', { realname: 'Dr. Pat Example', height: 171 })).status).toBe(200);
  });

  it('lets the patient change personal fields but not the clinic ones', async () => {
    expect((await save('patient', { alias: 'Pat', height: 172 })).status).toBe(200);
    expect((await save('patient', { bed_no: '1' })).status).toBe(403);
  });
});

describe('a patient an HCP created is kept by the care team that created it', () => {
  beforeAll(() => createdBy('hcp', p.ids.hcp));

  it('lets the HCP change every field, validated as in spec §5', async () => {
    const res = await save('hcp', {
      realname: 'Anna Berg',
      zipcode: 'LS1 4AP', // the patient lives in the United Kingdom: its postcode format
      height: 165,
      weight: 61.5,
      diabetes_type: 'type1',
      birthday: '2001-05-04',
      bed_no: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      realname: 'Anna Berg',
      zipcode: 'LS1 4AP',
      weight: 61.5,
      bed_no: null,
    });
    expect((await stored())!.diabetesType).toBe('type1');
  });

  it.each([
    ['a real name of 3 letters', { realname: 'Ann' }, 'realname'],
    ['a real name with symbols', { realname: 'Anna <b>' }, 'realname'],
    ['a postcode of 5 digits', { zipcode: '12345' }, 'zipcode'],
    ['a Chinese postcode for a patient in the United Kingdom', { zipcode: '123456' }, 'zipcode'],
    ['a height of one digit', { height: 9 }, 'height'],
    ['a weight as text', { weight: '60' }, 'weight'],
    ['a birthday in the future', { birthday: '2030-01-01' }, 'birthday'],
    ['an unknown field', { email: 'x@example.com' }, ''],
  ])('refuses %s (400) and changes nothing', async (_name, body, path) => {
    const before = await stored();
    const res = await save('hcp', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    if (path) expect(res.body.details?.map((d) => d.path)).toContain(path);
    expect(await stored()).toEqual(before);
  });

  it.each(['carer', ...MAY_NOT_READ] as Who[])('refuses %s (403)', async (who) => {
    const before = await stored();
    expect((await save(who, { bed_no: '9' })).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe('only the creating HCP or the creating HCP group keeps the personal details', () => {
  const ALL = [
    'realname', 'alias', 'gender', 'height', 'weight', 'diabetes_type', 'address', 'zipcode',
    'telephone', 'birthday', 'diabetes_diagnosis_date', 'inpatient', 'patient_no', 'bed_no',
  ]; // prettier-ignore
  let creator: string;
  let colleague: { id: string; token: string };
  let member: { id: string; token: string };
  let stranger: { id: string; token: string };

  async function acceptedHcp(username: string, extra: { createdBy?: 'hcp_group'; groupId?: string } = {}) {
    const id = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username,
      password: TEST_PASSWORD,
      userType: 'D',
      realname: username.split('@')[0]!,
      createdBy: extra.createdBy ?? 'register',
    });
    if (extra.groupId) await t.ctx.db.update(users).set({ groupId: extra.groupId }).where(eq(users.id, id));
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId: p.ids.patient,
      followerId: id,
      followerType: 'D',
      state: 'accepted',
      requestedBy: id,
    });
    return { id, token: await t.signIn(id) };
  }

  beforeAll(async () => {
    // p.hcp created the account and manages a group with `member`; `colleague` and `stranger` are
    // HCPs of no group the patient also accepted.
    creator = p.ids.hcp;
    member = await acceptedHcp('member@example.com', { createdBy: 'hcp_group', groupId: creator });
    colleague = await acceptedHcp('colleague@example.com');
    stranger = await acceptedHcp('stranger-doc@example.com');
    await createdBy('hcp', creator);
  });

  const editable = async (token: string) =>
    (await t.call<Body>('GET', API.patientProfile(p.ids.patient), { token })).body.profile.editable;

  it('lets the creating HCP and a member of their group edit everything', async () => {
    expect(await editable(p.tokens.hcp)).toEqual(ALL);
    expect(await editable(member.token)).toEqual(ALL);
  });

  it('gives any other accepted HCP the clinic fields only, and refuses a personal field (403)', async () => {
    expect(await editable(colleague.token)).toEqual(['inpatient', 'patient_no', 'bed_no']);
    const before = await stored();
    const res = await t.call<Body>('POST', API.patientProfile(p.ids.patient), {
      token: stranger.token,
      body: { realname: 'Someone Else' },
    });
    expect(res.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('lets a manager edit an account their member created, and no one of another group', async () => {
    await createdBy('hcp', member.id);
    expect(await editable(p.tokens.hcp)).toEqual(ALL);
    expect(await editable(colleague.token)).toEqual(['inpatient', 'patient_no', 'bed_no']);
  });

  it('gives the creator nothing more once the patient no longer accepts them', async () => {
    await createdBy('hcp', colleague.id);
    await t.ctx.db
      .update(relations)
      .set({ state: 'removed' })
      .where(and(eq(relations.patientId, p.ids.patient), eq(relations.followerId, colleague.id)));
    expect((await t.call('GET', API.patientProfile(p.ids.patient), { token: colleague.token })).status).toBe(
      403,
    );
  });
});
