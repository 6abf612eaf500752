import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';

// Health data never reaches the log, the audit's address cannot be chosen by the caller, and API
// answers are never cached (issue: security hardening, findings 8, 9 and 11).

const lines: string[] = [];
let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  p = await createPeople(t);
  await t.ctx.db.execute(sql`update profiles set realname = 'Zelda Quux' where user_id = ${p.ids.patient}`);
}, 60_000);
afterAll(() => t.close());

describe('the log of a failing request', () => {
  it('holds no query string, name, glucose value or SQL parameter', async () => {
    // Any insert into the logbook fails inside the database, with the statement's parameters in
    // the driver's error message.
    await t.database.exec(`
      create function refuse_event() returns trigger language plpgsql
        as $$ begin raise exception 'refused by the test'; end $$;
      create trigger refuse_event before insert on events for each row execute function refuse_event();`);
    lines.length = 0;
    const res = await t.call('POST', `${API.eventsNew(p.ids.patient)}?q=Zelda+Quux`, {
      token: p.tokens.hcp,
      body: {
        data: [
          {
            date: t.clock.now().getTime() - 3_600_000,
            utc_offset_min: 60,
            type: 'BG',
            value: 287,
            unit: 'mg/dL',
            notes: 'Zelda Quux felt shaky',
          },
        ],
      },
    });
    await t.database.exec('drop trigger refuse_event on events; drop function refuse_event();');
    expect(res.status).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toMatch(/"sqlState":"P0001"/);
    for (const secret of [/Zelda/i, /Quux/i, /\b287\b/, /shaky/, /\?q=/, /params/i, /insert into/i]) {
      expect(log).not.toMatch(secret);
    }
  });
});

describe('the address on record', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const res = await t.call('GET', API.events(p.ids.patient), {
      token: p.tokens.hcp,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(res.status).toBe(200);
    const rows = await t.ctx.db.execute(
      sql`select ip from operation_history where actor_id = ${p.ids.hcp} order by at desc limit 1`,
    );
    const ip = (rows as unknown as { rows: Array<{ ip: string }> }).rows[0]?.ip;
    expect(ip).toBeDefined();
    expect(ip).not.toBe('203.0.113.99');
  });
});

describe('API answers', () => {
  it('are never stored by a cache', async () => {
    const signedIn = await t.call('GET', API.session, { token: p.tokens.patient });
    expect(signedIn.raw.headers['cache-control']).toBe('no-store');
    const refused = await t.call('GET', API.session);
    expect(refused.raw.headers['cache-control']).toBe('no-store');
  });
});
