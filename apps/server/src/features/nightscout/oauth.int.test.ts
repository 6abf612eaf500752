import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NS_API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';

// OAuth 2.0 with PKCE: an app the patient agrees to reads through the Nightscout API, only what
// it was allowed, until the patient revokes it.

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
}, 60_000);
afterAll(() => t.close());

describe('OAuth 2.0 authorization code + PKCE', () => {
  const verifier = 'v'.repeat(20) + 'erifier-for-the-test-0123456789';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const request = {
    client_id: 'sugarwatch',
    client_name: 'Sugar Watch',
    redirect_uri: 'com.example.sugarwatch:/oauth',
    scope: 'entries:read',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };

  it('the patient agrees; the app exchanges the code, reads entries only, refreshes, and loses access on revoke', async () => {
    const info = await t.call('GET', `${NS_API.oauthClient}?${new URLSearchParams(request)}`, {
      token: p.tokens.patient,
    });
    expect(info.body).toMatchObject({ client_name: 'Sugar Watch', scopes: ['entries:read'] });
    expect(
      (await t.call('POST', NS_API.oauthAuthorize, { token: p.tokens.carer, body: request })).status,
    ).toBe(403);
    const agreed = await t.call('POST', NS_API.oauthAuthorize, { token: p.tokens.patient, body: request });
    const redirect = new URL(agreed.body.redirect as string);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const code = redirect.searchParams.get('code')!;
    const form = (o: Record<string, string>) => ({
      payload: new URLSearchParams(o).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: NS_API.oauthToken,
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: 'sugarwatch',
        redirect_uri: request.redirect_uri,
        code_verifier: 'wrong'.repeat(10),
      }),
    });
    expect(bad.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'POST',
      url: NS_API.oauthToken,
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: 'sugarwatch',
        redirect_uri: request.redirect_uri,
        code_verifier: verifier,
      }),
    });
    expect(good.statusCode).toBe(200);
    const tokens = good.json() as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).toBe('entries:read');
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    expect((await t.call('GET', '/api/v1/entries.json', { headers: bearer })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/treatments.json', { headers: bearer })).status).toBe(403);
    expect((await t.call('POST', '/api/v1/entries', { headers: bearer, body: [] })).status).toBe(401);
    // API v3 names the collection in the path: its access rule refuses those the scopes leave out,
    // and a name that is no collection stays a 404, whoever asks.
    expect((await t.call('GET', '/api/v3/entries', { headers: bearer })).status).toBe(200);
    const v3 = await t.call('GET', '/api/v3/treatments/history/0', { headers: bearer });
    expect([v3.status, v3.body]).toEqual([
      403,
      { status: 403, message: 'Missing permission api:treatments:read' },
    ]);
    expect((await t.call('GET', '/api/v3/nothing', { headers: bearer })).status).toBe(404);
    const reuse = await t.app.inject({
      method: 'POST',
      url: NS_API.oauthToken,
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: 'sugarwatch',
        redirect_uri: request.redirect_uri,
        code_verifier: verifier,
      }),
    });
    expect(reuse.statusCode).toBe(400);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: NS_API.oauthToken,
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'sugarwatch' }),
    });
    expect(refreshed.statusCode).toBe(200);
    const apps = await t.call('GET', NS_API.apps(p.ids.patient), { token: p.tokens.patient });
    const app = (apps.body as { apps: Array<{ id: string; kind: string; name: string }> }).apps.find(
      (a) => a.kind === 'oauth',
    )!;
    expect(app.name).toBe('Sugar Watch');
    await t.call('POST', NS_API.appRevoke(p.ids.patient), {
      token: p.tokens.patient,
      body: { kind: 'oauth', app_id: app.id },
    });
    const next = (refreshed.json() as { access_token: string }).access_token;
    expect(
      (await t.call('GET', '/api/v1/entries.json', { headers: { authorization: `Bearer ${next}` } })).status,
    ).toBe(401);
  });
});
