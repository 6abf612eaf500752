import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testDriver } from '../test-support/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: 4096 });
});
afterAll(() => t.close());

describe('server foundation', () => {
  it('answers /healthz from the database it runs on', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', driver: testDriver() });
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await t.call<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([API.login, API.logout, API.session]));
  });

  it('sends security headers', async () => {
    const res = await t.call('GET', API.config);
    expect(res.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.raw.headers['strict-transport-security']).toBeDefined();
  });

  it('refuses bodies over the limit with 413 and the catalogue code', async () => {
    const res = await t.call('POST', API.login, {
      body: { username: 'x'.repeat(5000), password: 'p', user_type: 'P' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call('GET', '/api/v2.0/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ErrorCode.NOT_FOUND);
  });

  it('gives the public configuration the login screens need', async () => {
    const res = await t.call('GET', API.config);
    expect(res.body).toMatchObject({ error: 0, site: 'eu', privacy_version: expect.any(String) });
  });
});
