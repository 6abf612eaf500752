import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';

// "Remember me" (spec §2 login screen): the sign-in opens a 30-day session and says so in its
// answer, so the browser keeps the session beyond the tab; without it the session lasts 12 hours.
// Administration sessions are never remembered.

let t: TestApp;
const PASSWORD = 'Remember#26x';
const DAY = 86_400_000;

const login = (username: string, user_type: 'P' | 'A', remember?: boolean) =>
  t.call<{ error: number; token?: string; remember?: boolean }>('POST', API.login, {
    body: { username, password: PASSWORD, user_type, ...(remember === undefined ? {} : { remember }) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const terms = t.ctx.config.TERMS_VERSION;
  await createAccount(t.ctx.db, { username: 'keep@example.com', password: PASSWORD, userType: 'P', realname: 'Keep Me', termsVersion: terms });
  await createAccount(t.ctx.db, { username: 'root@ops.example', password: PASSWORD, userType: 'A', realname: 'Ro Ot', role: 'AccountAdminSuper', termsVersion: terms });
}); // prettier-ignore
afterAll(() => t.close());

describe('remember me', () => {
  it('keeps a remembered session 30 days and says so; an ordinary one ends after 12 hours', async () => {
    const kept = await login('keep@example.com', 'P', true);
    const plain = await login('keep@example.com', 'P');
    expect(kept.body.remember).toBe(true);
    expect(plain.body.remember).toBe(false);

    t.clock.advance(13 * 3_600_000);
    expect((await t.call('GET', API.profile, { token: kept.body.token! })).status).toBe(200);
    expect((await t.call('GET', API.profile, { token: plain.body.token! })).status).toBe(401);

    t.clock.advance(29 * DAY - 13 * 3_600_000);
    expect((await t.call('GET', API.profile, { token: kept.body.token! })).status).toBe(200);
    t.clock.advance(DAY);
    expect((await t.call('GET', API.profile, { token: kept.body.token! })).status).toBe(401);
  });

  it('never remembers an administration session', async () => {
    const admin = await login('root@ops.example', 'A', true);
    expect(admin.body.error).toBe(0);
    expect(admin.body.remember).toBe(false);
  });
});
