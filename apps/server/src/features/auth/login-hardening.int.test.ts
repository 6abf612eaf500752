import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox, users } from '../../platform/db/schema';

// The holes an attacker's review found in sign-in (issue: security hardening, findings 2, 3, 7, 11).

let t: TestApp;
const password = 'Gluco$e9x';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 5, LOGIN_LOCK_MINUTES: 15 });
  for (const name of ['storm', 'storm2', 'plain']) {
    await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: `${name}@example.com`,
      password,
      userType: 'P',
      realname: name,
    });
  }
  for (const name of ['mfa-lock', 'mfa-auto', 'mfa-gone']) {
    await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: `${name}@example.com`,
      password,
      userType: 'P',
      realname: name,
      mfa: true,
    });
  }
});
afterAll(() => t.close());

const login = (username: string, pw: string) =>
  t.call('POST', API.login, { body: { username, password: pw, user_type: 'P' } });

async function mfaStep(username: string): Promise<{ token: string; code: string }> {
  const res = await login(username, password);
  expect(res.body.error).toBe(ErrorCode.MFA_REQUIRED);
  const mail = await t.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, username))
    .orderBy(desc(outbox.createdAt));
  return { token: res.body.mfa_token as string, code: /\b(\d{6})\b/.exec(mail[0]!.body)![1]! };
}

describe('the lock is decided before the password is checked', () => {
  it('checks at most the allowed tries when 30 guesses arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('storm@example.com', `Wrong#pass${i}`)),
    );
    const codes = answers.map((a) => a.body.error);
    // Four wrong passwords are told how many tries are left; the fifth locks; the rest are refused
    // unchecked. Before the fix most of the 30 were checked.
    expect(codes.filter((c) => c === ErrorCode.WRONG_PASSWORD)).toHaveLength(4);
    expect(codes.filter((c) => c === ErrorCode.LOCKED)).toHaveLength(26);
    expect((await login('storm@example.com', password)).body.error).toBe(ErrorCode.LOCKED);
  });

  it('does not let the right password through behind a burst of wrong ones', async () => {
    const burst = Array.from({ length: 30 }, (_, i) => login('storm2@example.com', `Wrong#pass${i}`));
    const right = login('storm2@example.com', password);
    const answer = await right;
    await Promise.all(burst);
    expect(answer.body.error).toBe(ErrorCode.LOCKED);
    expect(answer.body.token).toBeUndefined();
  });

  it('answers login failures with an honest HTTP status beside the code', async () => {
    const wrong = await login('plain@example.com', 'Wrong#pass1');
    expect([wrong.status, wrong.body.error]).toEqual([401, ErrorCode.WRONG_PASSWORD]);
    const unknown = await login('nobody@example.com', password);
    expect([unknown.status, unknown.body.error]).toEqual([401, ErrorCode.WRONG_PASSWORD]);
    const ok = await login('plain@example.com', password);
    expect([ok.status, ok.body.error]).toEqual([200, 0]);
  });
});

describe('the second factor re-checks the account', () => {
  it('refuses to complete a sign-in after an admin lock', async () => {
    const { token, code } = await mfaStep('mfa-lock@example.com');
    await t.ctx.db
      .update(users)
      .set({ lockedUntil: new Date(t.clock.now().getTime() + 30 * 60_000) })
      .where(eq(users.username, 'mfa-lock@example.com'));
    const res = await t.call('POST', API.loginMfa, { body: { mfa_token: token, code } });
    expect(res.body).toMatchObject({ error: ErrorCode.LOCKED, minutes_left: 30 });
    expect(res.body.token).toBeUndefined();
  });

  it('refuses to complete a sign-in after the automatic lock', async () => {
    const { token, code } = await mfaStep('mfa-auto@example.com');
    for (let i = 0; i < 5; i++) await login('mfa-auto@example.com', 'Wrong#pass1');
    const res = await t.call('POST', API.loginMfa, { body: { mfa_token: token, code } });
    expect(res.body.error).toBe(ErrorCode.LOCKED);
    expect(res.body.token).toBeUndefined();
  });

  it('refuses to complete a sign-in of a deleted account, and to resend its code', async () => {
    const { token, code } = await mfaStep('mfa-gone@example.com');
    t.clock.advance(61_000);
    await t.ctx.db
      .update(users)
      .set({ deletedAt: t.clock.now(), status: 'disabled' })
      .where(eq(users.username, 'mfa-gone@example.com'));
    const resend = await t.call('POST', API.loginMfaResend, { body: { mfa_token: token } });
    expect(resend.body.error).toBe(ErrorCode.MFA_CODE_WRONG);
    const res = await t.call('POST', API.loginMfa, { body: { mfa_token: token, code } });
    expect(res.body.error).toBe(ErrorCode.MFA_CODE_WRONG);
    expect(res.body.token).toBeUndefined();
  });

  it('answers 400, not 500, to a resend with an unknown or used challenge', async () => {
    const unknown = await t.call('POST', API.loginMfaResend, { body: { mfa_token: 'no-such-challenge' } });
    expect([unknown.status, unknown.body.error]).toEqual([400, ErrorCode.MFA_CODE_WRONG]);
  });
});

describe('verification codes', () => {
  it('sends at most 10 codes a day to one target, then 429 with the wait', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('GET', `${API.passwordResetToken}?username=plain@example.com`);
      answers.push(res.status);
      if (i === 10) expect(res.body).toMatchObject({ error: ErrorCode.RATE_LIMITED });
      if (i === 10) expect(res.body.wait_seconds as number).toBeGreaterThan(23 * 3600);
      t.clock.advance(61_000);
    }
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    t.clock.advance(24 * 3600_000);
    expect((await t.call('GET', `${API.passwordResetToken}?username=plain@example.com`)).status).toBe(200);
  });
});
