import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { newCredential } from '../../../test-support/ns-test-client';

// The causes of the 500s a fuzz run found (issue: security hardening, finding 7): each is now a
// 400 with the catalogue's message (Nightscout's shape on its API), and nothing is stored.

let t: TestApp;
let p: People;
let ns: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite');
  ns = { 'api-secret': cred.api_secret_sha1, 'content-type': 'application/json' };
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
const entriesStored = async () =>
  (await t.call<unknown[]>('GET', '/api/v1/entries.json?count=1000', { headers: ns })).body.length;
const treatmentsStored = async () =>
  (await t.call<unknown[]>('GET', '/api/v1/treatments.json?count=1000', { headers: ns })).body.length;

describe('bad input answers 400 and changes nothing', () => {
  it('a NUL byte in the login user name (unauthenticated)', async () => {
    const res = await post(
      API.login,
      JSON.stringify({ username: 'a\u0000b', password: 'x', user_type: 'P' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: ErrorCode.INVALID_INPUT,
      message: 'errors.invalidInput',
      details: [{ path: 'body.username', message: 'validation.unstorableText' }],
    });
  });

  it('a NUL byte in a query parameter', async () => {
    const res = await t.call('GET', `${API.patients}?q=a%00b`, { token: p.tokens.hcp });
    expect([res.status, res.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });

  it('a Nightscout date of 1e308', async () => {
    const before = await entriesStored();
    const res = await post('/api/v1/entries', '[{"type":"sgv","sgv":100,"date":1e308}]', ns);
    expect(res.statusCode).toBe(400);
    const v3 = await post('/api/v3/entries', '{"type":"sgv","sgv":100,"date":1e308}', ns);
    expect(v3.statusCode).toBe(400);
    expect(await entriesStored()).toBe(before);
  });

  it('documents nested 100,000 deep', async () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const res = await post(
      '/api/v1/treatments',
      `[{"eventType":"Note","created_at":"2026-11-20T10:00:00Z","x":${deep}}]`,
      ns,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'Bad Request' });
    // The sign-in takes at most 64 KiB (http/body-limits.ts): this one is refused before it is parsed.
    const portal = await post(API.login, `{"username":${deep},"password":"x","user_type":"P"}`);
    expect(portal.statusCode).toBe(413);
  });

  it('a lone \\ud800 in a Nightscout document, v1 and v3', async () => {
    const before = await treatmentsStored();
    const doc = '{"eventType":"Note","created_at":"2026-11-20T10:00:00Z","notes":"\\ud800"}';
    expect((await post('/api/v1/treatments', `[${doc}]`, ns)).statusCode).toBe(400);
    expect((await post('/api/v3/treatments', doc, ns)).statusCode).toBe(400);
    expect(await treatmentsStored()).toBe(before);
  });

  it('oauth/token with an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2.0/oauth/token' });
    expect(res.statusCode).toBe(400);
  });
});
