import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox, users } from '../../platform/db/schema';

let t: TestApp;
const password = 'Gluco$e9x';
const newPassword = 'Fresh%Pass7';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 3 });
  const db = t.ctx.db;
  for (const name of ['modify', 'wrongold', 'weak', 'reset', 'badreset', 'known']) {
    await createAccount(db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: `${name}@example.com`,
      password,
      userType: 'P',
      realname: 'Pass Word',
    });
  }
  await createAccount(db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: '+491701234512',
    password,
    userType: 'M',
    realname: 'Mo Bile',
  });
});
afterAll(() => t.close());

const login = (username: string, pw: string) =>
  t.call('POST', API.login, { body: { username, password: pw, user_type: 'P' } });
const tokenOf = async (username: string, pw = password) => (await login(username, pw)).body.token as string;
const sessionStatus = async (token: string) => (await t.call('GET', API.session, { token })).status;
const modify = (token: string, old_password: string, new_password: string) =>
  t.call('POST', API.passwordModify, { token, body: { old_password, new_password } });
const resetToken = (username: string) =>
  t.call('GET', `${API.passwordResetToken}?username=${encodeURIComponent(username)}&t=1`);
const hashOf = async (username: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!.passwordHash;

async function mails(to: string, subject: string) {
  return t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.subject, subject)))
    .orderBy(desc(outbox.createdAt));
}
const codeSentTo = async (to: string) =>
  /\b(\d{6})\b/.exec((await mails(to, 'Your CGM Portal verification code'))[0]!.body)![1]!;

describe('password/modify (spec §5 "Password change", §7)', () => {
  it('changes the password, keeps this session, ends the others and tells the user', async () => {
    const here = await tokenOf('modify@example.com');
    const elsewhere = await tokenOf('modify@example.com');
    expect((await modify(here, password, newPassword)).body).toEqual({ error: 0 });
    expect(await sessionStatus(here)).toBe(200);
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect((await login('modify@example.com', password)).body.error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await login('modify@example.com', newPassword)).body.error).toBe(0);
    expect(await mails('modify@example.com', 'Your password was changed')).toHaveLength(1);
  });

  it('answers 106 for a wrong old password and changes nothing', async () => {
    const token = await tokenOf('wrongold@example.com');
    const hash = await hashOf('wrongold@example.com');
    const res = await modify(token, 'Not$theOld1', newPassword);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.OLD_PASSWORD_WRONG);
    expect(await hashOf('wrongold@example.com')).toBe(hash);
  });

  it('answers 400 with the password rules broken and changes nothing', async () => {
    const token = await tokenOf('weak@example.com');
    const hash = await hashOf('weak@example.com');
    const res = await modify(token, password, 'abc 123');
    expect(res.status).toBe(400);
    const messages = (res.body.details as { path: string; message: string }[]).map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining(['password.kinds', 'password.sequence', 'password.spaces']),
    );
    expect((await modify(token, password, 'weak@example.com')).body.details).toEqual(
      expect.arrayContaining([{ path: 'new_password', message: 'password.sameAsUsername' }]),
    );
    expect((await modify(token, '', newPassword)).status).toBe(400);
    expect(await hashOf('weak@example.com')).toBe(hash);
    expect(await sessionStatus(token)).toBe(200);
  });

  it('needs a session (401)', async () => {
    expect((await modify('forged', password, newPassword)).status).toBe(401);
  });
});

describe('password reset wizard (spec §4: B verify, C token entered, D done)', () => {
  it('end to end: the code sets a new password, ends the lock and every session', async () => {
    const session = await tokenOf('reset@example.com');
    for (let i = 0; i < 3; i++) await login('reset@example.com', 'Wrong#pass1');
    expect((await login('reset@example.com', password)).body.error).toBe(ErrorCode.LOCKED);

    const step = await resetToken('Reset@Example.com');
    expect(step.body).toEqual({ error: 0, token: expect.any(String), sent_to: 'r***@example.com' });
    const code = await codeSentTo('reset@example.com');
    const done = await t.call('POST', API.passwordReset, {
      body: { token: step.body.token, code, password: newPassword },
    });
    expect(done.body).toEqual({ error: 0 });
    expect(await sessionStatus(session)).toBe(401);
    expect((await login('reset@example.com', password)).body.error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await login('reset@example.com', newPassword)).body.error).toBe(0);
    expect(await mails('reset@example.com', 'Your password was changed')).toHaveLength(1);
    // The code works once.
    const again = await t.call('POST', API.passwordReset, {
      body: { token: step.body.token, code, password: 'Other%Pass8' },
    });
    expect(again.body.error).toBe(ErrorCode.CODE_WRONG);
  });

  it('texts the code to a mobile-only account and masks the number', async () => {
    const step = await resetToken('+491701234512');
    expect(step.body).toMatchObject({ error: 0, sent_to: '+49 *** **12' });
    const sms = await mails('+491701234512', 'Your CGM Portal verification code');
    expect(sms[0]!.channel).toBe('sms');
  });

  it('answers an unknown user as a known one, sending nothing; 400 for no username, 107 within 60 s', async () => {
    // Issue 15, finding 11: 404 against 200 told which user names have an account.
    const unknown = await resetToken('nobody@example.com');
    const known = await resetToken('known@example.com');
    expect([unknown.status, Object.keys(unknown.body).sort()]).toEqual([
      known.status,
      Object.keys(known.body).sort(),
    ]);
    expect(unknown.body).toEqual({ error: 0, token: expect.any(String), sent_to: 'n***@example.com' });
    expect(await mails('nobody@example.com', 'Your CGM Portal verification code')).toEqual([]);
    // The same 60 s wait as a known user's.
    expect((await resetToken('nobody@example.com')).status).toBe(429);
    // Its token never sets a password.
    const never = await t.call('POST', API.passwordReset, {
      body: { token: unknown.body.token, code: '123456', password: 'Brand#New9x' },
    });
    expect(never.body.error).toBe(ErrorCode.CODE_WRONG);
    expect((await resetToken(' ')).status).toBe(400);
    expect((await resetToken('badreset@example.com')).body.error).toBe(0);
    t.clock.advance(45_000);
    const soon = await resetToken('badreset@example.com');
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ error: ErrorCode.RATE_LIMITED, wait_seconds: 15 });
  });

  it('refuses a weak password with 400 and a wrong code with 104; the code still works after both', async () => {
    t.clock.advance(60_000);
    const step = await resetToken('badreset@example.com');
    const token = step.body.token as string;
    const code = await codeSentTo('badreset@example.com');
    const hash = await hashOf('badreset@example.com');

    const weak = await t.call('POST', API.passwordReset, { body: { token, code, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toEqual(
      expect.arrayContaining([{ path: 'password', message: 'password.tooShort' }]),
    );
    const wrong = await t.call('POST', API.passwordReset, {
      body: { token, code: code === '000000' ? '111111' : '000000', password: newPassword },
    });
    expect(wrong.body.error).toBe(ErrorCode.CODE_WRONG);
    const forged = await t.call('POST', API.passwordReset, {
      body: { token: 'forged', code, password: newPassword },
    });
    expect(forged.body.error).toBe(ErrorCode.CODE_WRONG);
    expect(await hashOf('badreset@example.com')).toBe(hash);

    const ok = await t.call('POST', API.passwordReset, { body: { token, code, password: newPassword } });
    expect(ok.body.error).toBe(0);
  });
});
