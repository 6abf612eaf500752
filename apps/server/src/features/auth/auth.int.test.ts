import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox } from '../../platform/db/schema';
import { desc, eq } from 'drizzle-orm';

let t: TestApp;
const password = 'Gluco$e9x';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 3, LOGIN_LOCK_MINUTES: 15 });
  const db = t.ctx.db;
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pat@example.com',
    password,
    userType: 'P',
    realname: 'Pat Example',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'carer@example.com',
    password,
    userType: 'M',
    realname: 'Carer One',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'doc@example.com',
    password,
    userType: 'D',
    realname: 'Doc Tor',
    createdBy: 'hcp_group',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pending@example.com',
    password,
    userType: 'D',
    realname: 'Pend Ing',
    status: 'pending',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'twin@example.com',
    password,
    userType: 'P',
    realname: 'Twin Known',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'lock@example.com',
    password,
    userType: 'P',
    realname: 'Lock Ed',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'mfa@example.com',
    password,
    userType: 'P',
    realname: 'Em Fa',
    mfa: true,
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'paris@example.com',
    password,
    userType: 'P',
    realname: 'Pa Ris',
    country: 'FR',
  });
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'root@example.com',
    password,
    userType: 'A',
    realname: 'Root Admin',
    role: 'AccountAdminSuper',
  });
});
afterAll(() => t.close());

const login = (username: string, pw: string, user_type: string) =>
  t.call('POST', API.login, { body: { username, password: pw, user_type } });

describe('login (spec §4, §8)', () => {
  it('signs a patient in with the login response of spec §3 and a uid cookie', async () => {
    const res = await login('Pat@Example.com ', password, 'P');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: 0,
      user_type: 'P',
      username: 'pat@example.com',
      created_by: 'cli',
      mfa: false,
      flag: { admin_login: false, clinic_login: false },
    });
    expect(typeof res.body.token).toBe('string');
    expect(res.raw.headers['set-cookie']).toContain(`cgm_uid=${res.body.uid as string}`);
    const session = await t.call('GET', API.session, { token: res.body.token as string });
    expect(session.body).toMatchObject({ error: 0, uid: res.body.uid });
  });

  it('admits carers through the personal door and refuses HCPs there (10)', async () => {
    expect((await login('carer@example.com', password, 'P')).body.error).toBe(0);
    expect((await login('doc@example.com', password, 'P')).body.error).toBe(ErrorCode.WRONG_USER_TYPE);
    expect((await login('doc@example.com', password, 'D')).body).toMatchObject({
      error: 0,
      created_by: 'hcp_group',
    });
  });

  it('answers 52 for an HCP not yet approved', async () => {
    expect((await login('pending@example.com', password, 'D')).body.error).toBe(ErrorCode.NOT_APPROVED);
  });

  // Issue 15, finding 11: 2 for an unknown user name and 10 before the password was checked told
  // which user names have an account, and of which type.
  it('answers a user name without an account exactly as an account with a wrong password', async () => {
    const answers = async (username: string) => {
      const out = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(username, 'Wrong#pass1', 'P');
        out.push([res.status, res.body.error, res.body.attempts_left, res.body.minutes_left]);
      }
      return out;
    };
    const known = await answers('twin@example.com');
    expect(await answers('nobody@example.com')).toEqual(known);
    expect(known.map((a) => a[1])).toEqual([
      ErrorCode.WRONG_PASSWORD,
      ErrorCode.WRONG_PASSWORD,
      ErrorCode.LOCKED,
      ErrorCode.LOCKED,
    ]);
    // The wrong edition with a wrong password says nothing of the account's type either.
    expect((await login('doc@example.com', 'Wrong#pass1', 'P')).body.error).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('counts wrong passwords down, then locks for the configured minutes (9, 62)', async () => {
    const first = await login('lock@example.com', 'Wrong#pass1', 'P');
    expect(first.body).toMatchObject({ error: ErrorCode.WRONG_PASSWORD, attempts_left: 2 });
    expect((await login('lock@example.com', 'Wrong#pass1', 'P')).body).toMatchObject({ attempts_left: 1 });
    expect((await login('lock@example.com', 'Wrong#pass1', 'P')).body).toMatchObject({
      error: ErrorCode.LOCKED,
      minutes_left: 15,
    });
    // Even the right password is refused while locked.
    t.clock.advance(10 * 60_000);
    expect((await login('lock@example.com', password, 'P')).body).toMatchObject({
      error: ErrorCode.LOCKED,
      minutes_left: 5,
    });
    t.clock.advance(5 * 60_000 + 1);
    expect((await login('lock@example.com', password, 'P')).body.error).toBe(0);
  });

  it('sends users of another region to their site (71)', async () => {
    const res = await login('paris@example.com', password, 'P');
    expect(res.body).toMatchObject({ error: ErrorCode.WRONG_REGION, site: 'france' });
    expect(res.body.site_url).toMatch(/^https:\/\//);
  });

  it('asks for the mailed code when MFA is on (63, 64, then 0)', async () => {
    const res = await login('mfa@example.com', password, 'P');
    expect(res.body.error).toBe(ErrorCode.MFA_REQUIRED);
    const token = res.body.mfa_token as string;
    const mail = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'mfa@example.com'))
      .orderBy(desc(outbox.createdAt));
    const code = /\b(\d{6})\b/.exec(mail[0]!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('POST', API.loginMfa, { body: { mfa_token: token, code: wrong } })).body.error).toBe(
      ErrorCode.MFA_CODE_WRONG,
    );
    const ok = await t.call('POST', API.loginMfa, { body: { mfa_token: token, code } });
    expect(ok.body).toMatchObject({ error: 0, username: 'mfa@example.com' });
    // A code works once.
    expect((await t.call('POST', API.loginMfa, { body: { mfa_token: token, code } })).body.error).toBe(
      ErrorCode.MFA_CODE_WRONG,
    );
  });

  it('rejects bad input with 400 and a reason', async () => {
    const res = await t.call('POST', API.login, { body: { username: '', password: 'x', user_type: 'Z' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect(Array.isArray(res.body.details)).toBe(true);
    const notJson = await t.call('POST', API.login, {
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe('sessions and logout', () => {
  it('revokes the token at logout; admin sessions end after 10 idle minutes', async () => {
    const token = (await login('pat@example.com', password, 'P')).body.token as string;
    expect((await t.call('POST', API.logout, { token })).body.error).toBe(0);
    expect((await t.call('GET', API.session, { token })).status).toBe(401);

    const admin = (await login('root@example.com', password, 'A')).body;
    expect(admin).toMatchObject({ error: 0, user_type: 'A', role: 'AccountAdminSuper' });
    t.clock.advance(9 * 60_000);
    expect((await t.call('GET', API.session, { token: admin.token as string })).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await t.call('GET', API.session, { token: admin.token as string })).status).toBe(401);
  });

  it('refuses requests without a valid token with 401', async () => {
    expect((await t.call('GET', API.session)).status).toBe(401);
    expect((await t.call('GET', API.session, { token: 'forged' })).body.error).toBe(ErrorCode.UNAUTHORIZED);
  });
});
