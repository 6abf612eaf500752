import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';

// The admin login (the HCP-application desk, an HCP account flagged admin_login) works in the
// administration area: an administration session that ends after 10 idle minutes (spec §4, §9), a
// v2.1 sign-out back to /managementtools, where it may also sign in (spec §7).

let t: TestApp;
const PASSWORD = 'Desk#2026xy';

const login = (username: string, user_type: 'D' | 'A') =>
  t.call<{ error: number; token?: string }>('POST', API.login, {
    body: { username, password: PASSWORD, user_type },
  });

beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'desk@admin.example',
    password: PASSWORD,
    realname: 'Application Desk',
    userType: 'D',
    adminLogin: true,
  });
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'doctor@hcp.example',
    password: PASSWORD,
    realname: 'Dr Doctor',
    userType: 'D',
  });
});
afterAll(() => t.close());

describe('the admin login', () => {
  it('signs in at /managementtools and at the HCP door; other HCPs only at theirs', async () => {
    expect((await login('desk@admin.example', 'A')).body.error).toBe(0);
    expect((await login('desk@admin.example', 'D')).body.error).toBe(0);
    expect((await login('doctor@hcp.example', 'A')).body.error).toBe(ErrorCode.WRONG_USER_TYPE);
  });

  it('is signed out after 10 minutes without activity, whichever door it used', async () => {
    for (const door of ['A', 'D'] as const) {
      const token = (await login('desk@admin.example', door)).body.token!;
      t.clock.advance(9 * 60_000);
      expect((await t.call('GET', API.adminHcpApplications, { token })).status).toBe(200);
      t.clock.advance(10 * 60_000 + 1);
      expect((await t.call('GET', API.adminHcpApplications, { token })).status).toBe(401);
    }
  });

  it("keeps an ordinary HCP's session past 10 idle minutes", async () => {
    const token = (await login('doctor@hcp.example', 'D')).body.token!;
    t.clock.advance(30 * 60_000);
    expect((await t.call('GET', API.session, { token })).status).toBe(200);
  });

  it('signs out through v2.1/logout', async () => {
    const token = (await login('desk@admin.example', 'A')).body.token!;
    expect((await t.call('POST', API.adminLogout, { token })).body.error).toBe(0);
    expect((await t.call('GET', API.adminHcpApplications, { token })).status).toBe(401);
  });

  it('still reaches no account-admin tool', async () => {
    const token = (await login('desk@admin.example', 'A')).body.token!;
    expect((await t.call('GET', API.adminHome, { token })).status).toBe(403);
    expect((await t.call('GET', API.opsClinics, { token })).status).toBe(403);
  });
});
