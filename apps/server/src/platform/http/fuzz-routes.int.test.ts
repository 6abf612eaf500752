import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { newCredential } from '../../../test-support/ns-test-client';
import type { RegisteredRoute } from '../../access/route-access';

// Issue 15, finding 7: a fuzz run found 376 answers of 500 from bad input. This walks every route of
// the server (the route table, with each route's parameters and body fields from the OpenAPI
// document), as a caller its access rule admits, and sends malformed requests of every kind the run
// used: NUL bytes, lone surrogates, huge and non-finite-looking numbers, wrong types, deep nesting
// and empty bodies. No answer may be a 5xx. Bounded: a fixed set of variants per route.

let t: TestApp;
let p: People;
let admin: string;
let device: string;
let nsSecret: string;
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>
  >;
};
let openapi: OpenApi;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'off' });
  p = await createPeople(t);
  const superId = await createAccount(t.ctx.db, {
    username: 'fuzz-super@admin.example',
    password: 'Super#2026x',
    realname: 'Fuzz Admin',
    userType: 'A',
    role: 'AccountAdminSuper',
  });
  admin = await t.signIn(superId, 'admin');
  const reg = await t.call('POST', API.devices, {
    token: p.tokens.patient,
    body: { kind: 'patch_app', serial: 'PB-FUZZ', name: 'Fuzz app' },
  });
  device = reg.body.device_token as string;
  nsSecret = (await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite')).api_secret_sha1;
  openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
}, 60_000);
afterAll(() => t.close());

/** Headers of a caller the route's access rule admits, so the bad input reaches its checks. */
function callerOf(route: RegisteredRoute): Record<string, string> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  switch (route.access.kind) {
    case 'public':
      return {};
    case 'device':
      return bearer(device);
    case 'nightscout':
      return { 'api-secret': nsSecret };
    case 'accountAdmin':
    case 'adminDesk':
      return bearer(admin);
    case 'hcpWork':
      return bearer(p.tokens.hcp);
    default:
      return bearer(p.tokens.patient);
  }
}

/** Strings and values of every kind the fuzz run used. */
const BAD_STRINGS = ['a\u0000b', 'x\ud800y', '\udfff', '1e308', '-1e308', '9'.repeat(400), ''];
const BAD_VALUES: unknown[] = [
  ...BAD_STRINGS,
  1e308,
  -1e308,
  2 ** 64,
  -0.5,
  true,
  null,
  {},
  [],
  [[]],
  { a: 'b' },
];
/** Per field, the kinds alone: a NUL, a lone surrogate, a huge number, an object, a list. */
const BAD_PER_FIELD: unknown[] = ['a\u0000b', 'x\ud800y', 1e308, {}, []];
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

function fieldsOf(route: RegisteredRoute): string[] {
  const op = openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  const body = op?.requestBody as
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined;
  return Object.keys(body?.content?.['application/json']?.schema?.properties ?? {});
}
function queryOf(route: RegisteredRoute): string[] {
  const op = openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  return (op?.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
}

/** The requests for one route: bad path parameters, bad query values, bad bodies. */
function variantsOf(route: RegisteredRoute): Array<{ url: string; payload?: string; type?: string }> {
  const withParams = (value: string) => route.url.replace(/:(\w+)/g, () => value);
  const url = withParams(encodeURIComponent(p.ids.patient));
  const out: Array<{ url: string; payload?: string; type?: string }> = [];
  for (const bad of ['%00', '%ED%A0%80', '%FF', '1e308', 'x'.repeat(300)]) {
    if (route.url.includes(':')) out.push({ url: withParams(bad) });
  }
  for (const name of queryOf(route)) {
    for (const bad of ['%00', '%ED%A0%80', '1e308', '-1', 'NaN', ''])
      out.push({ url: `${url}?${name}=${bad}` });
  }
  out.push({ url: `${url}?t=%00&page=1e308&size=-1` });
  if (route.method === 'GET') return out;
  const json = 'application/json';
  for (const payload of [
    '',
    'null',
    '[]',
    '"x"',
    '42',
    '{',
    '{"a":"\\ud800"}',
    nested(100_000),
    nested(10_000),
  ]) {
    out.push({ url, payload, type: json });
  }
  out.push({ url, payload: nestedObject(5_000), type: json });
  out.push({ url, payload: 'a=%00&b=1e308', type: 'application/x-www-form-urlencoded' });
  out.push({ url, payload: '\u0000', type: 'text/plain' });
  const fields = fieldsOf(route);
  if (fields.length === 0) return out;
  for (const value of BAD_VALUES) {
    out.push({ url, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))), type: json });
  }
  // One field at a time with the others absent, so a route reads past its first check.
  for (const value of BAD_PER_FIELD) {
    for (const f of fields) out.push({ url, payload: JSON.stringify({ [f]: value }), type: json });
  }
  return out;
}

describe('every route under malformed input', () => {
  it('answers no request with a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.routes) {
      // The long poll waits up to 110 s for a valid body; its bad bodies are sent like any other.
      for (const v of variantsOf(route)) {
        const headers: Record<string, string> = { ...callerOf(route) };
        if (v.type) headers['content-type'] = v.type;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: v.url,
          headers,
          ...(v.payload !== undefined ? { payload: v.payload } : {}),
        });
        sent++;
        if (res.statusCode >= 500) {
          failures.push(
            `${route.method} ${v.url.slice(0, 120)} ${(v.payload ?? '').slice(0, 80)} → ${res.statusCode}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    console.info(`fuzz: ${sent} requests over ${t.routes.length} routes`);
    // Every route was reached with many requests (a fixed, bounded set).
    expect(sent).toBeGreaterThan(t.routes.length * 5);
  }, 600_000);
});
