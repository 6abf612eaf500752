import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount } from '../accounts/create-account';
import { unknownLoginAttempts } from '../platform/db/schema';
import { sha256 } from '../platform/lib/crypto';
import { FAILED_TRY_WINDOW_MS } from '../accounts/failed-tries';
import { purgeStaleUnknownLogins } from './unknown-login-purge';

// Issue 15: tries at user names without an account were kept for good (every name of a
// credential-stuffing list). They go once they no longer count, and no answer changes by it.

let t: TestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 3, LOGIN_LOCK_MINUTES: 15 });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'twin@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Twin',
  });
});
afterAll(() => t.close());

const wrong = async (username: string) => {
  const res = await t.call('POST', API.login, {
    body: { username, password: 'Wrong#pass1', user_type: 'P' },
  });
  return [res.body.error, res.body.attempts_left ?? res.body.minutes_left];
};
const rows = async () =>
  (await t.ctx.db.select().from(unknownLoginAttempts)).map((r) => r.usernameHash).sort();

describe('tries at user names without an account', () => {
  it('are purged once older than the window and not locked; the answers stay those of an account', async () => {
    // One try at each, then a day later: the counts restart for both alike.
    expect(await wrong('quiet@example.com')).toEqual(await wrong('twin@example.com'));
    // Another name is locked just before the window ends: its lock must survive the purge.
    t.clock.advance(FAILED_TRY_WINDOW_MS - 10 * 60_000);
    for (let i = 0; i < 3; i++) await wrong('locked@example.com');
    expect(await wrong('locked@example.com')).toEqual([ErrorCode.LOCKED, 15]);

    t.clock.advance(10 * 60_000);
    expect(await purgeStaleUnknownLogins(t.ctx.db, t.clock.now())).toBe(1);
    expect(await rows()).toEqual([sha256('locked@example.com')]);
    expect(await wrong('locked@example.com')).toEqual([ErrorCode.LOCKED, 5]);
    // The purged name and the account both count from the start again.
    expect(await wrong('quiet@example.com')).toEqual([ErrorCode.WRONG_PASSWORD, 2]);
    expect(await wrong('twin@example.com')).toEqual([ErrorCode.WRONG_PASSWORD, 2]);

    // Once the lock is over and the window has passed, the locked name goes too.
    t.clock.advance(FAILED_TRY_WINDOW_MS + HOUR);
    expect(await purgeStaleUnknownLogins(t.ctx.db, t.clock.now())).toBe(2);
    expect(await rows()).toEqual([]);
  });

  it('within the window, a pause does not restart the count', async () => {
    await wrong('steady@example.com');
    await wrong('twin@example.com');
    t.clock.advance(FAILED_TRY_WINDOW_MS - HOUR);
    expect(await purgeStaleUnknownLogins(t.ctx.db, t.clock.now())).toBe(0);
    expect(await wrong('steady@example.com')).toEqual([ErrorCode.WRONG_PASSWORD, 1]);
    expect(await wrong('twin@example.com')).toEqual([ErrorCode.WRONG_PASSWORD, 1]);
  });
});
