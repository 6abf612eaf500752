import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relations } from '../platform/db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ACTORS, createCast, FOLLOWERS, type ActorName, type Cast } from '../../test-support/permission-cast';
import { PERMISSION_TABLE, type CastLookup } from '../../test-support/permission-table';

// docs/PERMISSIONS.md as a test: every /api route × every role × every relation state, called for
// real. A route the table does not list fails the first test, so no route can be added unchecked.
// "Refused" is 401 or 403; anything else (200, 400 for the deliberately empty body, 404) means the
// caller got past the access rule. Routes that name the patient in the body get a valid body, so
// the service's policy check runs and the relation state decides; where the table says, the exact
// answer of each relation state is checked too.

let t: TestApp;
let cast: Cast;
let castRelations: Array<typeof relations.$inferSelect>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  castRelations = await t.ctx.db.select().from(relations);
  // The patient has news, so an allowed long poll answers at once instead of waiting.
  t.ctx.bus.remember(cast.patientId, 1);
}, 60_000);

/** Puts the cast's relation rows back as they were made (after a call that moved them). */
async function restoreRelations() {
  await t.ctx.db.transaction(async (tx) => {
    await tx.delete(relations);
    await tx.insert(relations).values(castRelations);
  });
}

const lookup: CastLookup = {
  id: (who) => cast.ids.get(who)!,
  username: (who) => `${who.replace(':', '-')}@cast.example`,
};
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
        const body = rule.body?.(lookup);
        const res = await t.call(route.method as 'GET', url, {
          ...(token ? { token } : {}),
          ...(body === undefined ? {} : { body }),
        });
        if (rule.changesRelations) await restoreRelations();
        const refused = res.status === 401 || res.status === 403;
        const allowed = rule.allow.includes(actor);
        if (refused === allowed) wrong.push(`${key(route)} as ${actor}: ${res.status}`);
        // A body the route finds invalid would hide the relation state behind a 400.
        if (body !== undefined && allowed && res.status === 400) {
          wrong.push(`${key(route)} as ${actor}: 400 for the table's body`);
        }
        const exact = rule.status?.[actor];
        if (exact !== undefined && res.status !== exact) {
          wrong.push(`${key(route)} as ${actor}: ${res.status}, expected ${exact}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

const sessionKind = (a: ActorName) => (a === 'accountAdmin' || a === 'superAdmin' ? 'admin' : 'user');

describe('routes that name the patient in the body', () => {
  it('get a valid body, so the answer comes from the relation state, not from input checks', () => {
    for (const route of [
      'POST /api/v2.0/monitor/data',
      'POST /api/v2.0/patients/delete',
      'POST /api/v2.0/data/delete',
      'POST /api/v2.0/relations/auth/request',
      'POST /api/v2.0/relations/auth/stop',
      'POST /api/v2.0/relations/auth/cancel',
      'POST /api/v2.0/relations/auth/permit',
      'POST /api/v2.0/relations/auth/reject',
      'POST /api/v2.0/messages/read',
    ]) {
      expect(PERMISSION_TABLE[route]?.body, route).toBeTypeOf('function');
    }
  });
});
