import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { hcpApplications, users } from '../../platform/db/schema';
import {
  applicant,
  createAdmins,
  mailsTo,
  PASSWORD,
  person,
  userRow,
  type Admins,
} from '../../../test-support/admin-test-kit';

let t: TestApp;
let a: Admins;
let deskToken: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  a = await createAdmins(t);
  // The admin login: an HCP account with the admin_login flag, in Germany.
  deskToken = await t.signIn(await person(t, 'desk', 'D', 'DE', { adminLogin: true }));
});
afterAll(() => t.close());

const hcpLogin = (name: string) =>
  t.call('POST', API.login, {
    body: { username: `${name}@example.com`, password: PASSWORD, user_type: 'D' },
  });

describe('HCP applications', () => {
  it('lists only the applications in scope', async () => {
    await applicant(t, 'list-de', 'DE');
    await applicant(t, 'list-jp', 'JP');
    const de = await t.call('GET', API.adminHcpApplications, { token: a.deToken });
    const names = (de.body.items as Array<{ username: string }>).map((i) => i.username);
    expect(names).toContain('list-de@example.com');
    expect(names).not.toContain('list-jp@example.com');
    expect(de.body.countries).toEqual(['DE']);
    const asia = await t.call('GET', `${API.adminHcpApplications}?status=submitted`, { token: a.asiaToken });
    expect((asia.body.items as Array<{ username: string }>).map((i) => i.username)).toEqual([
      'list-jp@example.com',
    ]);
  });

  it('approve: the applicant is mailed and can sign in; the decision is in the history', async () => {
    const { uid, applicationId } = await applicant(t, 'approve-me', 'DE');
    expect((await hcpLogin('approve-me')).body.error).toBe(52);
    const res = await t.call('POST', API.adminHcpApprove(applicationId), { token: a.deToken, body: {} });
    expect(res.body).toEqual({ error: 0, status: 'approved' });
    const mails = await mailsTo(t, 'approve-me@example.com');
    expect(mails.map((m) => m.subject)).toContain('Your application was approved');
    expect((await hcpLogin('approve-me')).body).toMatchObject({ error: 0, user_type: 'D' });
    const home = await t.call('GET', API.adminHistory, { token: a.deToken });
    expect(home.body.items).toContainEqual(
      expect.objectContaining({ action: 'hcp.approve', subject_id: uid }),
    );
    // Deciding twice is a conflict.
    expect(
      (await t.call('POST', API.adminHcpApprove(applicationId), { token: a.deToken, body: {} })).status,
    ).toBe(409);
  });

  it('reject needs a reason and confirm; the applicant is mailed the reason and still cannot sign in', async () => {
    const { applicationId } = await applicant(t, 'reject-me', 'DE');
    const noConfirm = await t.call('POST', API.adminHcpReject(applicationId), {
      token: deskToken,
      body: { reason: 'No licence' },
    });
    expect(noConfirm.status).toBe(400);
    const res = await t.call('POST', API.adminHcpReject(applicationId), {
      token: deskToken,
      body: { reason: 'No licence number given', confirm: true },
    });
    expect(res.body).toEqual({ error: 0, status: 'rejected' });
    const mail = (await mailsTo(t, 'reject-me@example.com')).find(
      (m) => m.subject === 'Your application was not approved',
    );
    expect(mail?.body).toContain('No licence number given');
    expect((await hcpLogin('reject-me')).body.error).toBe(52);
  });

  it('outside the scope: 403 and the application stays submitted, nobody mailed', async () => {
    const { applicationId } = await applicant(t, 'far-away', 'JP');
    for (const token of [a.deToken, deskToken]) {
      const res = await t.call('POST', API.adminHcpApprove(applicationId), { token, body: {} });
      expect(res.status).toBe(403);
    }
    const row = await t.ctx.db.select().from(hcpApplications).where(eq(hcpApplications.id, applicationId));
    expect(row[0]!.status).toBe('submitted');
    expect(await mailsTo(t, 'far-away@example.com')).toHaveLength(0);
    const asia = await t.call('POST', API.adminHcpApprove(applicationId), { token: a.asiaToken, body: {} });
    expect(asia.body.error).toBe(0);
  });
});

describe('creating HCP accounts', () => {
  const body = (username: string, extra: Record<string, unknown> = {}) => ({
    kind: 'hcp',
    username,
    realname: 'Doctor Made',
    password: 'Clinic#Pass7',
    organisation: 'City Hospital',
    country: 'DE',
    language: 'de',
    ...extra,
  });

  it('creates an active HCP (created_by admin) who can sign in, and mails them', async () => {
    const res = await t.call('POST', API.adminHcpNew, { token: deskToken, body: body('made@example.com') });
    expect(res.body).toMatchObject({ error: 0, username: 'made@example.com' });
    const row = await userRow(t, res.body.uid as string);
    expect(row).toMatchObject({ userType: 'D', createdBy: 'admin', status: 'active', country: 'DE' });
    const login = await t.call('POST', API.login, {
      body: { username: 'made@example.com', password: 'Clinic#Pass7', user_type: 'D' },
    });
    expect(login.body.error).toBe(0);
    expect(await mailsTo(t, 'made@example.com')).toHaveLength(1);
  });

  it('creates a member of an HCP group under its manager', async () => {
    const res = await t.call('POST', API.adminHcpNew, {
      token: a.deToken,
      body: body('member@example.com', { kind: 'member', manager: 'made@example.com' }),
    });
    expect(res.body.error).toBe(0);
    const manager = await t.ctx.db.select().from(users).where(eq(users.username, 'made@example.com'));
    expect(await userRow(t, res.body.uid as string)).toMatchObject({
      createdBy: 'hcp_group',
      groupId: manager[0]!.id,
    });
  });

  it('refuses a full name outside the real-name rule with the key the web app knows', async () => {
    const res = await t.call('POST', API.adminHcpNew, {
      token: a.deToken,
      body: body('short@example.com', { realname: 'Al' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'realname', message: 'validation.realName' }]);
  });

  it('refuses a country outside the scope (403, nothing created) and a taken username (409)', async () => {
    const out = await t.call('POST', API.adminHcpNew, {
      token: a.deToken,
      body: body('jp-doc@example.com', { country: 'JP' }),
    });
    expect(out.status).toBe(403);
    expect(await t.ctx.db.select().from(users).where(eq(users.username, 'jp-doc@example.com'))).toHaveLength(
      0,
    );
    const taken = await t.call('POST', API.adminHcpNew, { token: a.deToken, body: body('made@example.com') });
    expect(taken.status).toBe(409);
  });
});
