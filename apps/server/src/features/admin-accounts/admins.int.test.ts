import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { operationHistory, users } from '../../platform/db/schema';
import { createAdmins, PASSWORD, person, type Admins } from '../../../test-support/admin-test-kit';

let t: TestApp;
let a: Admins;

beforeAll(async () => {
  t = await createTestApp();
  a = await createAdmins(t);
});
afterAll(() => t.close());

const newAdmin = (username: string, scope: unknown) => ({
  username,
  realname: 'New Admin',
  password: 'Scoped#Admin7',
  scope,
});

describe('account admins (super admin only)', () => {
  it('the super admin creates a scoped admin, who can sign in at /managementtools', async () => {
    const res = await t.call('POST', API.adminAdminsNew, {
      token: a.superToken,
      body: newAdmin('fr@admin.example', { countries: ['fr'], regions: ['oceania'] }),
    });
    expect(res.body).toMatchObject({ error: 0, username: 'fr@admin.example' });
    const login = await t.call('POST', API.login, {
      body: { username: 'fr@admin.example', password: 'Scoped#Admin7', user_type: 'A' },
    });
    expect(login.body).toMatchObject({ error: 0, role: 'AccountAdmin' });
    const list = await t.call('GET', API.adminAdmins, { token: a.superToken });
    const item = (list.body.items as Array<Record<string, unknown>>).find(
      (i) => i.username === 'fr@admin.example',
    );
    expect(item).toMatchObject({ status: 'active', scope: { countries: ['FR'], regions: ['oceania'] } });
    const history = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(eq(operationHistory.action, 'admin.create'));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ area: 'admin', actorId: a.superId, subjectId: res.body.uid });
  });

  it('refuses unknown countries, an empty scope and weak passwords (400, nothing created)', async () => {
    for (const body of [
      newAdmin('x1@admin.example', { countries: ['XX'] }),
      newAdmin('x2@admin.example', { countries: [], regions: [] }),
      { ...newAdmin('x3@admin.example', { countries: ['DE'] }), password: 'abc' },
    ]) {
      const res = await t.call('POST', API.adminAdminsNew, { token: a.superToken, body });
      expect(res.status).toBe(400);
    }
    const made = await t.ctx.db.select().from(users).where(eq(users.username, 'x1@admin.example'));
    expect(made).toHaveLength(0);
  });

  it('refuses a full name outside the real-name rule (spec §5), with the key the web app knows', async () => {
    for (const realname of ['Al', 'Ann_Marie Admin', '-Ann Admin', 'A name far longer than twenty']) {
      const res = await t.call('POST', API.adminAdminsNew, {
        token: a.superToken,
        body: { ...newAdmin('x4@admin.example', { countries: ['DE'] }), realname },
      });
      expect(res.status, realname).toBe(400);
      expect(res.body.details).toEqual([{ path: 'realname', message: 'validation.realName' }]);
    }
    const made = await t.ctx.db.select().from(users).where(eq(users.username, 'x4@admin.example'));
    expect(made).toHaveLength(0);
  });

  it('an account admin cannot manage admins (403, nothing changed)', async () => {
    expect((await t.call('GET', API.adminAdmins, { token: a.deToken })).status).toBe(403);
    const create = await t.call('POST', API.adminAdminsNew, {
      token: a.deToken,
      body: newAdmin('sneaky@admin.example', { countries: ['DE'] }),
    });
    expect(create.status).toBe(403);
    const scope = await t.call('POST', API.adminAdminScope(a.asiaId), {
      token: a.deToken,
      body: { countries: ['DE'], regions: [] },
    });
    expect(scope.status).toBe(403);
    const asia = await t.ctx.db.select().from(users).where(eq(users.id, a.asiaId));
    expect(asia[0]!.adminScope).toEqual({ regions: ['asia'] });
  });

  it('disabling needs confirm; a disabled admin is signed out and cannot sign in; enable restores', async () => {
    const id = (
      await t.call('POST', API.adminAdminsNew, {
        token: a.superToken,
        body: newAdmin('off@admin.example', { countries: ['IT'] }),
      })
    ).body.uid as string;
    const token = await t.signIn(id, 'admin');
    expect(
      (await t.call('POST', API.adminAdminStatus(id), { token: a.superToken, body: { status: 'disabled' } }))
        .status,
    ).toBe(400);
    const off = await t.call('POST', API.adminAdminStatus(id), {
      token: a.superToken,
      body: { status: 'disabled', confirm: true },
    });
    expect(off.body).toEqual({ error: 0 });
    expect((await t.call('GET', API.adminHome, { token })).status).toBe(401);
    const login = await t.call('POST', API.login, {
      body: { username: 'off@admin.example', password: 'Scoped#Admin7', user_type: 'A' },
    });
    expect(login.status).toBe(403);
    await t.call('POST', API.adminAdminStatus(id), {
      token: a.superToken,
      body: { status: 'active', confirm: true },
    });
    const again = await t.call('POST', API.login, {
      body: { username: 'off@admin.example', password: 'Scoped#Admin7', user_type: 'A' },
    });
    expect(again.body.error).toBe(0);
  });

  it('the super admin cannot be disabled from the list', async () => {
    const res = await t.call('POST', API.adminAdminStatus(a.superId), {
      token: a.superToken,
      body: { status: 'disabled', confirm: true },
    });
    expect(res.status).toBe(403);
  });

  it('changes an admin scope', async () => {
    const res = await t.call('POST', API.adminAdminScope(a.asiaId), {
      token: a.superToken,
      body: { countries: ['JP'], regions: ['asia'] },
    });
    expect(res.body).toEqual({ error: 0 });
    const row = await t.ctx.db.select().from(users).where(eq(users.id, a.asiaId));
    expect(row[0]!.adminScope).toEqual({ countries: ['JP'], regions: ['asia'] });
  });
});

describe('homes and history', () => {
  it("an account admin's home shows their scope and the pending applications within it", async () => {
    const home = await t.call('GET', API.adminHome, { token: a.deToken });
    expect(home.body).toMatchObject({
      error: 0,
      role: 'AccountAdmin',
      scope: { countries: ['DE'], regions: [] },
    });
    const root = await t.call('GET', API.adminHome, { token: a.superToken });
    expect(root.body).toMatchObject({ error: 0, role: 'AccountAdminSuper', scope: null });
    expect((root.body.recent as unknown[]).length).toBeGreaterThan(0);
  });

  it('the super admin sees every admin action; an account admin only their own', async () => {
    const all = await t.call('GET', `${API.adminHistory}?size=100`, { token: a.superToken });
    expect((all.body.items as Array<{ actor_id: string }>).some((i) => i.actor_id === a.superId)).toBe(true);
    const own = await t.call('GET', API.adminHistory, { token: a.deToken });
    expect((own.body.items as Array<{ actor_id: string }>).every((i) => i.actor_id === a.deId)).toBe(true);
  });
});

describe('who reaches the admin routes', () => {
  it('patients, carers and HCPs get 403 on every admin route; the admin login only on the desk', async () => {
    const tokens = {
      P: await t.signIn(await person(t, 'p-nonadmin', 'P', 'DE')),
      M: await t.signIn(await person(t, 'm-nonadmin', 'M', 'DE')),
      D: await t.signIn(await person(t, 'd-nonadmin', 'D', 'DE')),
      desk: await t.signIn(await person(t, 'desk-nonadmin', 'D', 'DE', { adminLogin: true })),
      // An account admin's token from a user sign-in (not /managementtools) is not an admin session.
      A: await t.signIn(a.deId, 'user'),
    };
    const adminRoutes = t.routes.filter((r) => r.url.startsWith('/api/v2.1/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(18);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', a.deId);
      for (const [who, token] of Object.entries(tokens)) {
        const res = await t.call(route.method as 'GET', url, {
          token,
          body: route.method === 'POST' ? {} : undefined,
        });
        const desk = who === 'desk' && route.access.kind === 'adminDesk';
        if (!desk && res.status !== 403) wrong.push(`${route.method} ${route.url} as ${who}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an admin session ends after 10 minutes without a request (spec §4), not before', async () => {
    const token = await t.signIn(a.deId, 'admin');
    t.clock.advance(9 * 60_000);
    expect((await t.call('GET', API.adminHome, { token })).status).toBe(200);
    t.clock.advance(9 * 60_000);
    expect((await t.call('GET', API.adminHome, { token })).status).toBe(200);
    t.clock.advance(600_001);
    const idle = await t.call('GET', API.adminHome, { token });
    expect(idle.status).toBe(401);
    // Activity later does not bring it back.
    expect((await t.call('GET', API.adminHome, { token })).status).toBe(401);
    void PASSWORD;
  });
});
