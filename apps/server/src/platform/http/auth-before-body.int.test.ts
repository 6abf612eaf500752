import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NS_API } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';

// The caller is known before the body is read (issue: security hardening, finding 6): an
// unauthenticated or unauthorised upload is refused as it arrives, whatever it holds, so eight
// 60 MB posts cost nothing. A body that was parsed would answer 400 (bad JSON) or 413 (too large).

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
}, 60_000);
afterAll(() => t.close());

const notJson = '{"this is": not json';
const send = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('an upload is refused before its body is read', () => {
  it('imports: no session is 401, another person is 403, even with bad or oversized JSON', async () => {
    const url = NS_API.imports(p.ids.patient);
    expect((await send(url, notJson)).statusCode).toBe(401);
    const huge = Buffer.alloc(70 * 1024 * 1024, 0x20);
    const res = await send(url, huge);
    expect([res.statusCode, res.json().error]).toEqual([401, ErrorCode.UNAUTHORIZED]);
    const stranger = await send(url, notJson, { authorization: `Bearer ${p.tokens.stranger}` });
    expect(stranger.statusCode).toBe(403);
    // The owner's bad JSON is read, and refused as bad input.
    const own = await send(url, notJson, { authorization: `Bearer ${p.tokens.patient}` });
    expect(own.statusCode).toBe(400);
  });

  it('ingest and Nightscout: an unknown token is refused before the body', async () => {
    expect((await send(API.ingest, notJson, { authorization: 'Bearer nobody' })).statusCode).toBe(401);
    expect((await send('/api/v1/entries', notJson, { 'api-secret': 'f'.repeat(40) })).statusCode).toBe(401);
    expect((await send('/api/v3/treatments', notJson)).statusCode).toBe(401);
  });
});
