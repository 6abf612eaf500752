import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount } from '../accounts/create-account';

// Spec §5 "Terms: … must be accepted to register and after an update", enforced by the server and
// not only by the browser's dialog: a session of a user who agreed to an older version gets 108
// from everything but the calls that lead to the agreement (session, agree, sign out).

let t: TestApp;
const password = 'Gluco$e9x';

async function signIn(username: string): Promise<string> {
  const res = await t.call('POST', API.login, { body: { username, password, user_type: 'P' } });
  expect(res.body.error).toBe(0);
  return res.body.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [username, termsVersion] of [
    ['old@example.com', '2020-01'],
    ['current@example.com', t.ctx.config.TERMS_VERSION],
  ] as const) {
    await createAccount(t.ctx.db, {
      username,
      password,
      userType: 'P',
      realname: 'Pat Example',
      termsVersion,
    });
  }
});
afterAll(() => t.close());

describe('terms agreement enforced by the server', () => {
  it('answers 108 to a user who agreed to an older version until they agree again', async () => {
    const token = await signIn('old@example.com');
    const refused = await t.call('GET', API.profile, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ErrorCode.TERMS_REQUIRED);
    expect((await t.call('GET', API.connections, { token })).body.error).toBe(ErrorCode.TERMS_REQUIRED);

    // The way to the agreement stays open.
    expect((await t.call('GET', API.session, { token })).body.error).toBe(0);
    const agreed = await t.call('POST', API.termsAccept, {
      token,
      body: { terms_version: t.ctx.config.TERMS_VERSION },
    });
    expect(agreed.body.error).toBe(0);
    expect((await t.call('GET', API.profile, { token })).body.error).toBe(0);
  });

  it('refuses agreeing to a version that is not the current one, and keeps refusing', async () => {
    await createAccount(t.ctx.db, {
      username: 'old2@example.com',
      password,
      userType: 'P',
      realname: 'Pat Example',
      termsVersion: '2020-01',
    });
    const token = await signIn('old2@example.com');
    const wrong = await t.call('POST', API.termsAccept, { token, body: { terms_version: '2021-01' } });
    expect(wrong.body.error).toBe(ErrorCode.TERMS_REQUIRED);
    expect((await t.call('GET', API.profile, { token })).body.error).toBe(ErrorCode.TERMS_REQUIRED);
    expect((await t.call('POST', API.logout, { token })).body.error).toBe(0);
  });

  it('asks an account opened for its user (HCP, admin, command line) that has agreed to nothing', async () => {
    for (const createdBy of ['hcp', 'admin', 'cli'] as const) {
      const username = `opened-by-${createdBy}@example.com`;
      await createAccount(t.ctx.db, {
        username,
        password,
        userType: 'P',
        realname: 'Pat Example',
        createdBy,
      });
      const login = await t.call('POST', API.login, { body: { username, password, user_type: 'P' } });
      expect(login.body.terms_version).toBeNull();
      const token = login.body.token as string;
      const refused = await t.call('GET', API.connections, { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(ErrorCode.TERMS_REQUIRED);
      expect((await t.call('GET', API.session, { token })).body.error).toBe(0);
      const body = { terms_version: t.ctx.config.TERMS_VERSION };
      expect((await t.call('POST', API.termsAccept, { token, body })).body.error).toBe(0);
      expect((await t.call('GET', API.profile, { token })).body.error).toBe(0);
    }
  });

  it('answers a user who agreed to the current version', async () => {
    const token = await signIn('current@example.com');
    expect((await t.call('GET', API.profile, { token })).body.error).toBe(0);
  });
});
