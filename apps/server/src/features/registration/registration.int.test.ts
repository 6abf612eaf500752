import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { invitationCodes, outbox, profiles, users } from '../../platform/db/schema';

let t: TestApp;
const password = 'Gluco$e9x';

beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'taken@example.com',
    password,
    userType: 'P',
    realname: 'Tak En',
  });
  const now = t.clock.now();
  await t.ctx.db
    .insert(invitationCodes)
    .values([
      { code: 'WELCOME1', expiresAt: new Date(now.getTime() + 86400_000) },
      { code: 'WELCOME2' },
      { code: 'USED1', usedAt: now },
      { code: 'OLD1', expiresAt: new Date(now.getTime() - 1000) },
    ]);
});
afterAll(() => t.close());

/** The latest verification code mailed (or texted) to `to`, read from the outbox. */
async function codeSentTo(to: string): Promise<string> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.subject, 'Your CGM Portal verification code')))
    .orderBy(desc(outbox.createdAt));
  return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
}

async function sendCode(target: { email?: string; mobile?: string }): Promise<string> {
  const res = await t.call('POST', API.seccodeSend, { body: { ...target, purpose: 'register' } });
  expect(res.body).toMatchObject({ error: 0 });
  return res.body.token as string;
}

/** A complete, valid registration for `email` with a fresh code. */
async function registration(email: string, overrides: Record<string, unknown> = {}) {
  const token = await sendCode({ email });
  return {
    account_type: 'P',
    email,
    seccode_token: token,
    code: await codeSentTo(email.toLowerCase()),
    realname: 'New Patient',
    password,
    country: 'GB',
    language: 'en',
    agree_terms: true,
    terms_version: t.ctx.config.TERMS_VERSION,
    birthday: '1990-01-15',
    ...overrides,
  };
}

const register = (body: unknown) => t.call('POST', API.register, { body });
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('regist (spec §2 Registration, §5, §8)', () => {
  it('registers a patient by e-mail who can then sign in', async () => {
    const body = await registration('New.Patient@Example.com', { birthday: '1990-04-02' });
    const res = await register(body);
    expect(res.body).toEqual({ error: 0, uid: expect.any(String), username: 'new.patient@example.com' });
    const [user] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.uid as string));
    expect(user).toMatchObject({
      userType: 'P',
      createdBy: 'register',
      status: 'active',
      email: 'new.patient@example.com',
      mobile: null,
      termsVersion: t.ctx.config.TERMS_VERSION,
      termsAcceptedAt: t.clock.now(),
    });
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ realname: 'New Patient', birthday: '1990-04-02' });
    const login = await t.call('POST', API.login, {
      body: { username: 'new.patient@example.com', password, user_type: 'P' },
    });
    expect(login.body).toMatchObject({ error: 0, created_by: 'register' });
    // The code is used up.
    expect((await register(body)).body.error).toBe(ErrorCode.CODE_WRONG);
  });

  it('registers a carer by mobile with an invitation, which is then used up', async () => {
    const mobile = '+49 170 1234599';
    const body = {
      ...(await registration('unused@example.com')),
      email: undefined,
      mobile,
      account_type: 'M',
      invitation_code: 'WELCOME1',
    };
    body.seccode_token = await sendCode({ mobile });
    body.code = await codeSentTo(mobile);
    const res = await register(body);
    expect(res.body).toMatchObject({ error: 0, username: mobile });
    const [invitation] = await t.ctx.db
      .select()
      .from(invitationCodes)
      .where(eq(invitationCodes.code, 'WELCOME1'));
    expect(invitation).toMatchObject({ usedBy: res.body.uid, usedAt: t.clock.now() });
    const [user] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.uid as string));
    expect(user).toMatchObject({ userType: 'M', mobile, email: null });
  });

  it('answers 400 with every bad field, changes nothing and leaves the code usable', async () => {
    const body = await registration('careful@example.com');
    const before = await userCount();
    const bad = await register({
      ...body,
      realname: 'X!',
      password: 'abc',
      country: 'XX',
      birthday: '2001-02-30',
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body.details as { path: string; message: string }[]).map(
      (d) => `${d.path}:${d.message}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'realname:validation.realName',
        'password:password.tooShort',
        'password:password.sequence',
        'country:validation.country',
        'birthday:validation.date',
      ]),
    );
    expect((await register({ ...body, email: undefined })).status).toBe(400);
    expect((await register({ ...body, mobile: '+4917012345' })).status).toBe(400);
    expect((await register({ ...body, email: 'other@example.com' })).body).toMatchObject({
      error: ErrorCode.INVALID_INPUT,
      details: [{ path: 'email', message: 'messages.codeIncorrect' }],
    });
    expect((await register({ ...body, password: 'careful@example.com' })).status).toBe(400);
    expect(await userCount()).toBe(before);
    expect((await register(body)).body.error).toBe(0);
  });

  it('answers 104 for a wrong code; five wrong tries kill the challenge', async () => {
    const body = await registration('typo@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await register({ ...body, code: wrongCode(body.code) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ErrorCode.CODE_WRONG);
    }
    expect((await register(body)).body.error).toBe(ErrorCode.CODE_WRONG);
    expect((await register({ ...body, seccode_token: 'forged' })).body.error).toBe(ErrorCode.CODE_WRONG);
  });

  it('answers 26 for an e-mail already registered, also when two race for it', async () => {
    const res = await register(await registration('taken@example.com'));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ErrorCode.REGISTER_FAILED_SPECIFIC);

    const first = await registration('twice@example.com');
    t.clock.advance(60_000);
    const second = await registration('twice@example.com');
    const answers = await Promise.all([register(first), register(second)]);
    expect(answers.map((a) => a.body.error).sort((a, b) => Number(a) - Number(b))).toEqual([0, 26]);
  });

  it('answers 105 for an unknown, used or expired invitation and creates nobody', async () => {
    const before = await userCount();
    for (const invitation_code of ['NOPE', 'USED1', 'OLD1']) {
      const body = await registration(`invited-${invitation_code.toLowerCase()}@example.com`, {
        invitation_code,
      });
      const res = await register(body);
      expect(res.body.error).toBe(ErrorCode.INVITATION_WRONG);
      // The code survives: with a good invitation the same body registers.
      if (invitation_code === 'NOPE') {
        expect((await register({ ...body, invitation_code: 'WELCOME2' })).body.error).toBe(0);
      }
    }
    expect(await userCount()).toBe(before + 1);
  });

  it('answers 108 unless the current terms are accepted', async () => {
    const body = await registration('terms@example.com');
    expect((await register({ ...body, agree_terms: false })).body.error).toBe(ErrorCode.TERMS_REQUIRED);
    const old = await register({ ...body, terms_version: '2020-01' });
    expect(old.status).toBe(403);
    expect(old.body.error).toBe(ErrorCode.TERMS_REQUIRED);
    expect((await register(body)).body.error).toBe(0);
  });

  it('answers 109 for under-16s without guardian consent (spec §1, §5)', async () => {
    const body = await registration('young@example.com', { birthday: '2015-05-01' });
    expect((await register(body)).body.error).toBe(ErrorCode.GUARDIAN_CONSENT_REQUIRED);
    const res = await register({ ...body, guardian_consent: true });
    expect(res.body.error).toBe(0);
    const [user] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.uid as string));
    expect(user!.guardianConsent).toBe(true);
  });

  it('refuses a registration without a birth date: the guardian consent cannot be skipped by leaving it out', async () => {
    const { birthday: _left, ...body } = await registration('nobirthday@example.com');
    const before = await userCount();
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'birthday', message: 'messages.fillRequired' }]);
    expect(await userCount()).toBe(before);
  });

  it('answers 71 with the regional site for a country served elsewhere', async () => {
    const res = await register(await registration('paris@example.com', { country: 'FR', language: 'fr' }));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: ErrorCode.WRONG_REGION,
      site: 'france',
      site_url: t.ctx.config.SITE_URL_FRANCE,
    });
  });
});
