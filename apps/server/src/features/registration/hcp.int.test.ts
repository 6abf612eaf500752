import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import {
  devices,
  hcpApplications,
  outbox,
  profiles,
  relations,
  sgBlocks,
  uploads,
  users,
} from '../../platform/db/schema';
import { decideApplication } from '../../accounts/hcp-decision';

let t: TestApp;
const password = 'Gluco$e9x';
const newPassword = 'Clinic#Pass7';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  const db = t.ctx.db;
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pat@example.com',
    password,
    userType: 'P',
    realname: 'Pat Ient',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'carer@example.com',
    password,
    userType: 'M',
    realname: 'Ca Rer',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'doc@example.com',
    password,
    userType: 'D',
    realname: 'Doc Tor',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'root@example.com',
    password,
    userType: 'A',
    realname: 'Ro Ot',
  });
});
afterAll(() => t.close());

/** The mail to `to` with this subject (the fake clock stands still, so look it up by subject). */
async function mailTo(to: string, subject: string) {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.subject, subject)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function codeSentTo(to: string): Promise<string> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.subject, 'Your CGM Portal verification code')))
    .orderBy(desc(outbox.createdAt));
  return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
}

async function application(email: string, overrides: Record<string, unknown> = {}) {
  const sent = await t.call('POST', API.seccodeSend, { body: { email, purpose: 'hcp_apply' } });
  expect(sent.body.error).toBe(0);
  return {
    email,
    seccode_token: sent.body.token as string,
    code: await codeSentTo(email),
    realname: 'Doctor Who',
    password: newPassword,
    organisation: 'City Hospital',
    major: 'endocrinologist',
    country: 'GB',
    language: 'en',
    agree_terms: true,
    terms_version: t.ctx.config.TERMS_VERSION,
    ...overrides,
  };
}

const apply = (body: unknown) => t.call('POST', API.hcpApply, { body });
const login = (username: string, pw: string, user_type: string) =>
  t.call('POST', API.login, { body: { username, password: pw, user_type } });
const byUsername = async (username: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;
const applicationOf = async (userId: string) =>
  (await t.ctx.db.select().from(hcpApplications).where(eq(hcpApplications.userId, userId)))[0]!;

describe('hcp/apply for a new address (spec §4 "HCP application")', () => {
  it('creates a pending HCP; login answers 52 until approved, then door D works', async () => {
    const res = await apply(await application('new.doc@example.com'));
    expect(res.body).toEqual({ error: 0, converted: false });
    const user = await byUsername('new.doc@example.com');
    expect(user).toMatchObject({
      userType: 'D',
      status: 'pending',
      createdBy: 'register',
      email: 'new.doc@example.com',
      termsVersion: t.ctx.config.TERMS_VERSION,
      termsAcceptedAt: t.clock.now(),
    });
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({
      realname: 'Doctor Who',
      organisation: 'City Hospital',
      major: 'endocrinologist',
    });
    const app = await applicationOf(user.id);
    expect(app).toMatchObject({ status: 'submitted', organisation: 'City Hospital', convertedFrom: null });
    await mailTo('new.doc@example.com', 'Your application was received');

    expect((await login('new.doc@example.com', newPassword, 'D')).body.error).toBe(ErrorCode.NOT_APPROVED);
    await decideApplication(t.ctx, app.id, 'approved', 'root@example.com');
    expect((await login('new.doc@example.com', newPassword, 'D')).body).toMatchObject({
      error: 0,
      user_type: 'D',
    });
    const approval = await mailTo('new.doc@example.com', 'Your application was approved');
    expect(approval.body).toContain('https://portal.example/hcpLogin');
    expect(await applicationOf(user.id)).toMatchObject({ status: 'approved', decidedBy: 'root@example.com' });
  });

  it('a rejected applicant keeps getting 52 and is told; a decision is final', async () => {
    await apply(await application('no.doc@example.com'));
    const user = await byUsername('no.doc@example.com');
    const app = await applicationOf(user.id);
    await decideApplication(t.ctx, app.id, 'rejected', 'root@example.com', 'No licence number.');
    expect((await byUsername('no.doc@example.com')).status).toBe('rejected');
    expect((await login('no.doc@example.com', newPassword, 'D')).body.error).toBe(ErrorCode.NOT_APPROVED);
    const mail = await mailTo('no.doc@example.com', 'Your application was not approved');
    expect(mail.body).toContain('No licence number.');
    await expect(decideApplication(t.ctx, app.id, 'approved', 'root')).rejects.toMatchObject({
      code: ErrorCode.CONFLICT,
    });
    await expect(decideApplication(t.ctx, 'nope', 'approved', 'root')).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
  });

  it('answers 400 with details for bad input, changes nothing, and the code still works', async () => {
    const body = await application('careful.doc@example.com');
    const bad = await apply({ ...body, organisation: '  ', realname: '?', password: 'short' });
    expect(bad.status).toBe(400);
    const paths = (bad.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['organisation', 'realname', 'password']));
    expect((await apply({ ...body, mobile: 'none' })).status).toBe(400);
    expect((await apply({ ...body, country: 'ZZ' })).status).toBe(400);
    expect(
      (
        await t.ctx.db.select({ n: count() }).from(users).where(eq(users.username, 'careful.doc@example.com'))
      )[0]!.n,
    ).toBe(0);
    expect((await apply(body)).body.error).toBe(0);
  });

  it('answers 104 for a wrong code, 107 for a resend within 60 s, 108 for terms, 71 for another region', async () => {
    const body = await application('checks.doc@example.com');
    const wrong = await apply({ ...body, code: body.code === '000000' ? '111111' : '000000' });
    expect(wrong.body.error).toBe(ErrorCode.CODE_WRONG);
    const again = await t.call('POST', API.seccodeSend, {
      body: { email: 'checks.doc@example.com', purpose: 'hcp_apply' },
    });
    expect(again.body).toMatchObject({ error: ErrorCode.RATE_LIMITED, wait_seconds: 60 });
    expect((await apply({ ...body, agree_terms: false })).body.error).toBe(ErrorCode.TERMS_REQUIRED);
    const region = await apply({ ...body, country: 'CN', language: 'zh-CN' });
    expect(region.body).toMatchObject({
      error: ErrorCode.WRONG_REGION,
      site: 'china',
      site_url: t.ctx.config.SITE_URL_CHINA,
    });
    expect((await apply(body)).body.error).toBe(0);
  });
});

describe('hcp/apply for an existing account (spec §2 "HCP apply", §8 code 3)', () => {
  it('answers 3 for an HCP, for an account admin, and for a patient who has not confirmed', async () => {
    const doc = await apply(await application('doc@example.com'));
    expect(doc.status).toBe(409);
    expect(doc.body).toMatchObject({ error: ErrorCode.HCP_APPLY_USER_EXISTS, existing_type: 'D' });
    const admin = await apply(await application('root@example.com'));
    expect(admin.body.error).toBe(ErrorCode.HCP_APPLY_USER_EXISTS);
    expect(admin.body.existing_type).toBeUndefined();
    const carer = await apply(await application('carer@example.com'));
    expect(carer.body).toMatchObject({ error: ErrorCode.HCP_APPLY_USER_EXISTS, existing_type: 'M' });
    expect((await byUsername('carer@example.com')).userType).toBe('M');
    expect((await login('carer@example.com', password, 'P')).body.error).toBe(0);
  });

  it('does not convert a disabled account (403)', async () => {
    await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'off@example.com',
      password,
      userType: 'P',
      realname: 'Dis Abled',
      status: 'disabled',
    });
    const res = await apply({ ...(await application('off@example.com')), convert: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
    expect(await byUsername('off@example.com')).toMatchObject({ userType: 'P', status: 'disabled' });
  });

  it('converts a patient after confirmation: data gone, sessions ended, pending until approved', async () => {
    const patient = await byUsername('pat@example.com');
    await t.ctx.db
      .update(profiles)
      .set({
        alias: 'Patty',
        height: 170,
        diabetesType: 'type1',
        birthday: '1980-01-01',
        portrait: Uint8Array.of(1, 2),
      })
      .where(eq(profiles.userId, patient.id));
    const session = (await login('pat@example.com', password, 'P')).body.token as string;
    // Device data and a connection of the patient, which the conversion must remove.
    const device = await t.call('POST', API.devices, {
      token: session,
      body: { kind: 'patch_app', serial: 'PB-9' },
    });
    const now = t.clock.now().getTime();
    const stored = await t.call('POST', API.ingest, {
      token: device.body.device_token as string,
      body: {
        records: [{ type: 'sg', serial: 'TX-9', seq: 1, time: now - 60_000, utc_offset_min: 0, mgdl: 111 }],
      },
    });
    expect(stored.body.stored).toBe(1);
    const carer = await byUsername('carer@example.com');
    await t.ctx.db.insert(relations).values({
      id: 'rel-conv',
      patientId: patient.id,
      followerId: carer.id,
      followerType: 'M',
      state: 'accepted',
      requestedBy: carer.id,
    });
    expect((await t.call('GET', API.session, { token: session })).status).toBe(200);

    const body = await application('pat@example.com');
    expect((await apply(body)).body).toMatchObject({
      error: ErrorCode.HCP_APPLY_USER_EXISTS,
      existing_type: 'P',
    });
    const res = await apply({ ...body, convert: true });
    expect(res.body).toEqual({ error: 0, converted: true });

    expect((await t.call('GET', API.session, { token: session })).status).toBe(401);
    expect(await byUsername('pat@example.com')).toMatchObject({
      id: patient.id,
      userType: 'D',
      status: 'pending',
    });
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, patient.id));
    expect(profile).toMatchObject({
      realname: 'Doctor Who',
      alias: null,
      height: null,
      diabetesType: 'unspecified',
      birthday: null,
      portrait: null,
      organisation: 'City Hospital',
    });
    for (const table of [sgBlocks, uploads, devices]) {
      expect(
        (await t.ctx.db.select({ n: count() }).from(table).where(eq(table.patientId, patient.id)))[0]!.n,
      ).toBe(0);
    }
    expect(
      (await t.ctx.db.select({ n: count() }).from(relations).where(eq(relations.id, 'rel-conv')))[0]!.n,
    ).toBe(0);
    const app = await applicationOf(patient.id);
    expect(app).toMatchObject({ status: 'submitted', convertedFrom: 'P' });
    expect((await mailTo('pat@example.com', 'Account type changed')).body).toContain('Doctor Who');

    // The user type is told only with the right password (issue 15, finding 11).
    expect((await login('pat@example.com', password, 'P')).body.error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await login('pat@example.com', newPassword, 'P')).body.error).toBe(ErrorCode.WRONG_USER_TYPE);
    expect((await login('pat@example.com', password, 'D')).body.error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await login('pat@example.com', newPassword, 'D')).body.error).toBe(ErrorCode.NOT_APPROVED);
    await decideApplication(t.ctx, app.id, 'approved', 'root@example.com');
    expect((await login('pat@example.com', newPassword, 'D')).body).toMatchObject({
      error: 0,
      user_type: 'D',
    });
    await mailTo('pat@example.com', 'Your application was approved');
  });
});
