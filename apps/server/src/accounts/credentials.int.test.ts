import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { API, NS_API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { outbox } from '../platform/db/schema';
import { createAdmins, person, type Admins } from '../../test-support/admin-test-kit';
import { newCredential } from '../../test-support/ns-test-client';

// Deleting, locking or resetting an account ends every credential it holds (issue: security
// hardening, finding 4): before, a deleted account's Nightscout secret and v3 JWT still read and wrote.

let t: TestApp;
let a: Admins;
beforeAll(async () => {
  t = await createTestApp();
  a = await createAdmins(t);
}, 60_000);
afterAll(() => t.close());

interface Held {
  session: string;
  apiSecretSha1: string;
  nsToken: string;
  jwt: string;
  oauthAccess: string;
  oauthRefresh: string;
  device: string;
}

const verifier = 'a-verifier-long-enough-for-pkce-0123456789';
const oauthRequest = {
  client_id: 'sugarwatch',
  client_name: 'Sugar Watch',
  redirect_uri: 'com.example.sugarwatch:/oauth',
  scope: 'entries:read',
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
};
const form = (o: Record<string, string>) => ({
  payload: new URLSearchParams(o).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A patient with one of every credential: a session, a Nightscout secret and JWT, an app, a device. */
async function patientWithEverything(name: string): Promise<{ id: string; held: Held }> {
  const id = await person(t, name, 'P', 'DE');
  const session = await t.signIn(id);
  const cred = await newCredential(t, id, session, 'readwrite');
  const jwt = await t.call('GET', `/api/v2/authorization/request/${cred.token}`);
  const agreed = await t.call('POST', NS_API.oauthAuthorize, { token: session, body: oauthRequest });
  const code = new URL(agreed.body.redirect as string).searchParams.get('code')!;
  const tokens = (
    await t.app.inject({
      method: 'POST',
      url: NS_API.oauthToken,
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: oauthRequest.client_id,
        redirect_uri: oauthRequest.redirect_uri,
        code_verifier: verifier,
      }),
    })
  ).json() as { access_token: string; refresh_token: string };
  const device = await t.call('POST', API.devices, {
    token: session,
    body: { kind: 'patch_app', serial: `PB-${name}`, name: 'Patch app' },
  });
  return {
    id,
    held: {
      session,
      apiSecretSha1: cred.api_secret_sha1,
      nsToken: cred.token,
      jwt: jwt.body.token as string,
      oauthAccess: tokens.access_token,
      oauthRefresh: tokens.refresh_token,
      device: device.body.device_token as string,
    },
  };
}

/** What each credential still opens: true where the request was let in. */
async function stillOpens(h: Held): Promise<Record<keyof Held, boolean>> {
  const entries = (headers: Record<string, string>) => t.call('GET', '/api/v1/entries.json', { headers });
  const refresh = await t.app.inject({
    method: 'POST',
    url: NS_API.oauthToken,
    ...form({
      grant_type: 'refresh_token',
      refresh_token: h.oauthRefresh,
      client_id: oauthRequest.client_id,
    }),
  });
  return {
    session: (await t.call('GET', API.session, { token: h.session })).status === 200,
    apiSecretSha1: (await entries({ 'api-secret': h.apiSecretSha1 })).status === 200,
    nsToken: (await t.call('GET', `/api/v1/entries.json?token=${h.nsToken}`)).status === 200,
    jwt:
      (await t.call('GET', '/api/v3/entries', { headers: { authorization: `Bearer ${h.jwt}` } })).status ===
      200,
    oauthAccess: (await entries({ authorization: `Bearer ${h.oauthAccess}` })).status === 200,
    oauthRefresh: refresh.statusCode === 200,
    // An empty batch is bad input (400) for a known device; an unknown or revoked token is 401.
    device: (await t.call('POST', API.ingest, { token: h.device, body: { records: [] } })).status !== 401,
  };
}

const nothing: Record<keyof Held, boolean> = {
  session: false,
  apiSecretSha1: false,
  nsToken: false,
  jwt: false,
  oauthAccess: false,
  oauthRefresh: false,
  device: false,
};

describe('every credential ends with the account', () => {
  it('holds working credentials to begin with (the test would prove nothing otherwise)', async () => {
    const { held } = await patientWithEverything('control');
    const opens = await stillOpens(held);
    expect(opens).toEqual({ ...Object.fromEntries(Object.keys(nothing).map((k) => [k, true])) });
  });

  it('an admin deletes the account (EU: the row is kept two years)', async () => {
    const { id, held } = await patientWithEverything('deleted');
    const res = await t.call('POST', API.adminMemberDelete(id), {
      token: a.deToken,
      body: { confirm: true },
    });
    expect(res.body).toEqual({ error: 0, purged: false });
    expect(await stillOpens(held)).toEqual(nothing);
  });

  it('an admin locks the account', async () => {
    const { id, held } = await patientWithEverything('locked');
    const res = await t.call('POST', API.adminMemberLock(id), {
      token: a.deToken,
      body: { minutes: 60, confirm: true },
    });
    expect(res.body).toEqual({ error: 0 });
    expect(await stillOpens(held)).toEqual(nothing);
  });

  it('the password is reset', async () => {
    const { held } = await patientWithEverything('reset');
    const sent = await t.call('GET', `${API.passwordResetToken}?username=reset@example.com`);
    expect(sent.body).toMatchObject({ error: 0 });
    const mail = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'reset@example.com'))
      .orderBy(desc(outbox.createdAt));
    const code = /\b(\d{6})\b/.exec(mail[0]!.body)![1]!;
    const reset = await t.call('POST', API.passwordReset, {
      body: { token: sent.body.token, code, password: 'N3w#Passw0rd' },
    });
    expect(reset.body).toEqual({ error: 0 });
    expect(await stillOpens(held)).toEqual(nothing);
  });
});
