import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { users } from '../../platform/db/schema';
import { QueueFullError } from '../../platform/lib/work-queue';
import type * as Crypto from '../../platform/lib/crypto';

// A login storm fills the password checks' waiting room (lib/crypto.ts): the sign-ins beyond it are
// refused at once, before any database work (issue 15, finding 5: the refusals themselves had kept
// the server busy). Here the waiting room is full throughout.
vi.mock('../../platform/lib/crypto', async (original) => ({
  ...(await original<typeof Crypto>()),
  assertHashingRoom: () => {
    throw new QueueFullError(1);
  },
}));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: 5 });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'full@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Full Queue',
  });
});
afterAll(() => t.close());

describe('sign-in while the password checks are queued full', () => {
  it('answers 429 with Retry-After and counts no try, for an account or an unknown name', async () => {
    for (const username of ['full@example.com', 'nobody@example.com']) {
      const res = await t.call('POST', API.login, {
        body: { username, password: 'Gluco$e9x', user_type: 'P' },
      });
      expect(res.status).toBe(429);
      expect(res.raw.headers['retry-after']).toBe('1');
      expect(res.body.error).toBe(ErrorCode.RATE_LIMITED);
    }
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, 'full@example.com'));
    expect(user!.failedAttempts).toBe(0);
    const unknown = await t.ctx.db.execute(sql`select count(*)::int as n from unknown_login_attempts`);
    expect((unknown as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
