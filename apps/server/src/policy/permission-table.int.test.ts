import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { ACTORS, createCast, FOLLOWERS, type ActorName, type Cast } from './permission-cast';
import { PERMISSION_TABLE } from './permission-table';

// docs/PERMISSIONS.md as a test: every /api route × every role × every relation state, called for
// real. A route the table does not list fails the first test, so no route can be added unchecked.
// "Refused" is 401 or 403; anything else (200, 400 for the deliberately empty body, 404) means the
// caller got past the access rule.

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
}, 60_000);
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('permission table', () => {
  it('lists exactly the routes the server has', () => {
    const served = t.routes.map(key).sort();
    const listed = Object.keys(PERMISSION_TABLE).sort();
    expect({ unlisted: served.filter((k) => !listed.includes(k)) }).toEqual({ unlisted: [] });
    expect({ gone: listed.filter((k) => !served.includes(k)) }).toEqual({ gone: [] });
  });

  it('has every follower kind in every relation state in the cast', () => {
    expect(ACTORS.filter((a) => FOLLOWERS.some((f) => a.startsWith(`${f}:`)))).toHaveLength(
      FOLLOWERS.length * 6,
    );
  });

  it('allows and refuses each route exactly as the table says', async () => {
    const wrong: string[] = [];
    for (const route of t.routes) {
      const rule = PERMISSION_TABLE[key(route)];
      if (!rule) continue;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
        const who = rule.params?.[name] ?? 'patient';
        return encodeURIComponent(cast.ids.get(who as ActorName) ?? who);
      });
      for (const actor of ACTORS) {
        let token = cast.tokens.get(actor) ?? undefined;
        // Signing out ends the session: give each sign-out call a session of its own.
        if (rule.endsSession && token) token = await t.signIn(cast.ids.get(actor)!, sessionKind(actor));
        const res = await t.call(route.method as 'GET', url, token ? { token } : {});
        const refused = res.status === 401 || res.status === 403;
        const allowed = rule.allow.includes(actor);
        if (refused === allowed) wrong.push(`${key(route)} as ${actor}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

const sessionKind = (a: ActorName) => (a === 'accountAdmin' || a === 'superAdmin' ? 'admin' : 'user');
