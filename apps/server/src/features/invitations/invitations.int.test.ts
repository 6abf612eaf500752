import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type ConnectionsResponse, type InvitationItem, type RelationsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox } from '../../platform/db/schema';

// Invitation by code (spec §3 connection status 'invited'): a carer makes a code naming them, a
// patient registers with it, and both see the invitation waiting for the patient's decision; the
// patient decides as on any request. Over HTTP, as the browser calls it.

let t: TestApp;
const PASSWORD = 'Invite#2026x';
const DAY = 86_400_000;
const tokens: Record<string, string> = {};

async function signIn(username: string, user_type: 'P' | 'D'): Promise<string> {
  const res = await t.call('POST', API.login, { body: { username, password: PASSWORD, user_type } });
  expect(res.body.error).toBe(0);
  return res.body.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const terms = t.ctx.config.TERMS_VERSION;
  for (const [username, userType] of [['carer@example.com', 'M'], ['doc@example.com', 'D'], ['pat@example.com', 'P']] as const) {
    await createAccount(t.ctx.db, { username, password: PASSWORD, userType, realname: `Named ${userType}`, termsVersion: terms });
  }
  tokens.carer = await signIn('carer@example.com', 'P');
  tokens.doc = await signIn('doc@example.com', 'D');
  tokens.pat = await signIn('pat@example.com', 'P');
}); // prettier-ignore
afterAll(() => t.close());

const create = (who: string) => t.call<{ error: number; invitation: InvitationItem }>('POST', API.invitations, { token: tokens[who], body: {} }); // prettier-ignore
const list = async (who: string) =>
  (await t.call<{ invitations: InvitationItem[] }>('GET', API.invitations, { token: tokens[who] })).body
    .invitations;

async function registerWith(email: string, invitation: string) {
  const sent = await t.call('POST', API.seccodeSend, { body: { email, purpose: 'register' } });
  const [mail] = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return t.call('POST', API.register, {
    body: {
      account_type: 'P',
      email,
      seccode_token: sent.body.token,
      code: /\b(\d{6})\b/.exec(mail!.body)![1],
      invitation_code: invitation,
      realname: 'Invited Patient',
      password: PASSWORD,
      country: 'GB',
      language: 'en',
      agree_terms: true,
      terms_version: t.ctx.config.TERMS_VERSION,
      birthday: '1990-01-15',
    },
  });
}

describe('invitation by code', () => {
  it('lets a carer make a code naming them, valid 30 days; a patient may not', async () => {
    const made = await create('carer');
    expect(made.body.error).toBe(0);
    expect(made.body.invitation).toMatchObject({
      state: 'open',
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
    });
    expect(made.body.invitation.expires_at - made.body.invitation.created_at).toBe(30 * DAY);
    expect((await list('carer')).map((i) => i.code)).toEqual([made.body.invitation.code]);
    expect(await list('doc')).toEqual([]);

    const refused = await create('pat');
    expect(refused.status).toBe(403);
    expect((await t.call('GET', API.invitations, {})).body.error).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('opens an invited request when a patient registers with it, which the patient then decides', async () => {
    const code = (await create('carer')).body.invitation.code;
    const res = await registerWith('invited@example.com', code);
    expect(res.body).toMatchObject({ error: 0 });

    const mine = (await t.call<ConnectionsResponse>('GET', API.connections, { token: tokens.carer })).body;
    const request = mine.requests.find((r) => r.username === 'invited@example.com');
    expect(request?.status).toBe('invited');
    // Before the patient agrees, the follower sees no data of theirs.
    expect(mine.connections.find((c) => c.username === 'invited@example.com')).toBeUndefined();
    expect((await list('carer')).find((i) => i.code === code)?.state).toBe('used');

    const patient = await signIn('invited@example.com', 'P');
    const relations = (await t.call<RelationsResponse>('GET', API.relations, { token: patient })).body;
    expect(relations.pending).toHaveLength(1);
    expect(relations.pending[0]).toMatchObject({ username: 'carer@example.com', status: 'invited' });
    const permit = await t.call('POST', API.relationsPermit, {
      token: patient,
      body: { uid: relations.pending[0]!.uid },
    });
    expect(permit.body).toMatchObject({ error: 0 });
    const after = (await t.call<ConnectionsResponse>('GET', API.connections, { token: tokens.carer })).body;
    expect(after.connections.map((c) => c.username)).toContain('invited@example.com');
  });

  it('refuses a used or expired code at registration (105) and lists it so', async () => {
    const used = (await list('carer')).find((i) => i.state === 'used')!.code;
    expect((await registerWith('second@example.com', used)).body.error).toBe(ErrorCode.INVITATION_WRONG);
    const code = (await create('doc')).body.invitation.code;
    t.clock.advance(31 * DAY);
    tokens.doc = await signIn('doc@example.com', 'D');
    expect((await list('doc')).find((i) => i.code === code)?.state).toBe('expired');
    expect((await registerWith('late@example.com', code)).body.error).toBe(ErrorCode.INVITATION_WRONG);
  });
});
