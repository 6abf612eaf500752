import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { SIGN_IN_PER_ACCOUNT } from './rate-limits';

// Rate limits on the doors an attacker leans on (issue: security hardening, finding 5): before,
// nothing was limited anywhere and 500 wrong Nightscout secrets took 0.7 s.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', LOGIN_MAX_ATTEMPTS: 100 });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'target@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'T',
  });
}, 60_000);
afterAll(() => t.close());

const login = (username: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: API.login,
    remoteAddress,
    payload: { username, password: 'Wrong#pass1', user_type: 'P' },
  });

describe('rate limits', () => {
  it('sign-in: 30 a minute from one address, then 429 with Retry-After and code 107', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await login(`nobody${i}@example.com`, '198.51.100.1'));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 401)).toBe(true);
    const refused = answers[30]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: ErrorCode.RATE_LIMITED, message: 'errors.rateLimited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('nobody@example.com', '198.51.100.2')).statusCode).toBe(401);
  });

  it('sign-in: one account from many addresses is limited too', async () => {
    const codes = [];
    for (let i = 0; i <= SIGN_IN_PER_ACCOUNT.max; i++) {
      codes.push((await login('target@example.com', `203.0.113.${i + 1}`)).statusCode);
    }
    expect(codes.slice(0, SIGN_IN_PER_ACCOUNT.max).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('Nightscout: wrong secrets are refused by the hundreds a minute, not by the thousand', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/entries.json',
        remoteAddress: '192.0.2.7',
        headers: { 'api-secret': i.toString(16).padStart(40, '0') },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(300);
    expect(statuses.at(-1)).toBe(429);
  });
});
