import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from './body-limits';
import { NS_BODY_LIMIT } from '../../features/nightscout/ns-v1.routes';
import { INGEST_BODY_LIMIT } from '../../features/ingest/ingest.routes';

// Issue 15, finding 6: a body limit per route, sized to what the route really receives. Before, every
// route read up to 1 MiB (imports 64, Nightscout 16, ingest 8), so a sign-in form could be made to
// parse a megabyte of JSON from anyone.

let t: TestApp;
let p: People;
beforeAll(async () => {
  // The server's own default, not a test's.
  t = await createTestApp({ BODY_LIMIT_BYTES: DEFAULT_BODY_LIMIT });
  p = await createPeople(t);
}, 60_000);
afterAll(() => t.close());

const KIB = 1024;
/** The routes allowed more than the default, and how much. */
const LARGER: Record<string, number> = {
  'POST /api/v2.0/person/portrait': BODY_LIMITS.portrait,
  'POST /api/v2.0/events/:id/data/new': BODY_LIMITS.clinicalBatch,
  'POST /api/v2.0/records/:id/data/new': BODY_LIMITS.clinicalBatch,
  'POST /api/v2.1/ops/firmware': BODY_LIMITS.firmware,
  'POST /api/v2.1/ops/firmware/:id': BODY_LIMITS.firmware,
  'POST /api/v2.0/imports/:id': 64 * 1024 * KIB,
  'POST /api/v2.0/ingest': INGEST_BODY_LIMIT,
};
const isNightscoutWrite = (key: string) => /^(POST|PUT|PATCH|DELETE) \/api\/v[13]\//.test(key);

const jsonOf = (bytes: number) => JSON.stringify({ username: 'x'.repeat(bytes), password: 'y' });

describe('request body limits', () => {
  it('is 64 KiB for every route but the few that need more, each sized to its need', () => {
    const wrong: string[] = [];
    // Fastify reads no body of a GET (Nightscout's routes share one limit across their methods).
    for (const r of t.routes.filter((route) => route.method !== 'GET')) {
      const key = `${r.method} ${r.url}`;
      const expected = LARGER[key] ?? (isNightscoutWrite(key) ? NS_BODY_LIMIT : undefined);
      if (r.bodyLimit !== expected) wrong.push(`${key}: ${r.bodyLimit ?? 'default'}`);
    }
    expect(wrong).toEqual([]);
    expect(t.ctx.config.BODY_LIMIT_BYTES).toBe(64 * KIB);
  });

  it('refuses a sign-in, a registration or a reset of 100 KiB with 413 before parsing it', async () => {
    for (const url of [API.login, API.register, API.passwordReset, API.seccodeSend]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: jsonOf(100 * KIB),
        headers: { 'content-type': 'application/json' },
      });
      expect([url, res.statusCode]).toEqual([url, 413]);
    }
  });

  it('lets a signed-in patient send a portrait of 700 KB, but not a profile of 100 KiB', async () => {
    const auth = { authorization: `Bearer ${p.tokens.patient}`, 'content-type': 'application/json' };
    const profile = await t.app.inject({
      method: 'POST',
      url: API.profile,
      payload: JSON.stringify({ realname: 'x'.repeat(100 * KIB) }),
      headers: auth,
    });
    expect(profile.statusCode).toBe(413);
    const portrait = await t.app.inject({
      method: 'POST',
      url: API.portraitUpload,
      payload: JSON.stringify({ data_url: `data:image/png;base64,${'A'.repeat(700_000)}` }),
      headers: auth,
    });
    // Read and checked (not an image), not refused for its size.
    expect(portrait.statusCode).toBe(400);
  });
});
