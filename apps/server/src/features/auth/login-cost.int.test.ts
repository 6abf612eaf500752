import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import type * as NodeCrypto from 'node:crypto';

// Issue 15, finding 11: an unknown user name answered in 5 ms and an account's wrong password in
// 565 ms, so the time told which names have an account. Each sign-in now costs one password hash,
// whether the name has an account or not; counted here at the hash itself (node:crypto's scrypt).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    hashes.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 5 });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'known@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Known',
  });
});
afterAll(() => t.close());

/** The password hashes one sign-in costs. */
async function hashesOf(username: string): Promise<number> {
  await t.call('POST', API.login, { body: { username, password: 'Wrong#pass1', user_type: 'P' } });
  const before = hashes.count;
  const res = await t.call('POST', API.login, {
    body: { username, password: 'Wrong#pass1', user_type: 'P' },
  });
  expect(res.status).toBe(401);
  return hashes.count - before;
}

describe('the cost of a sign-in', () => {
  it('is one password hash, for a name with an account and for one without', async () => {
    expect(await hashesOf('known@example.com')).toBe(1);
    expect(await hashesOf('unknown@example.com')).toBe(1);
  });
});
