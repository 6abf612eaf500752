import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type DevDebugResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createOpsCast, NOT_ADMINS, type OpsCast, type OpsWho } from '../../../test-support/ops-cast';
import { testDriver } from '../../../test-support/test-db';
import { SERVER_VERSION } from '../../platform/version';

let t: TestApp;
let c: OpsCast;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  c = await createOpsCast(t);
  await t.ctx.mailer.send({ channel: 'email', to: 'someone@example.com', subject: 'Hello', body: 'Body' });
});
afterAll(() => t.close());

const debug = (who: OpsWho) => t.call<DevDebugResponse>('GET', API.opsDebug, { token: c.tokens[who] });

describe('the debug page (/DevDebug)', () => {
  it('shows the super admin the server, migrations, outbox and live bus', async () => {
    const res = await debug('super');
    expect(res.status).toBe(200);
    expect(res.body.server).toMatchObject({
      version: SERVER_VERSION,
      node: process.version,
      driver: testDriver(),
    });
    expect(res.body.server.uptime_s).toBeGreaterThanOrEqual(0);
    expect(res.body.server.memory.rss).toBeGreaterThan(0);
    expect(res.body.migrations[0]).toMatchObject({ tag: '0000_init', hash: expect.any(String) });
    expect(res.body.migrations.every((m) => m.tag !== null)).toBe(true);
    // The database records when each migration from 0007 on was applied: on this fresh test
    // database, all of them in the run that created it (one transaction), not in the future.
    const stamped = res.body.migrations.filter((m) => m.applied_at !== null);
    expect(stamped.map((m) => m.tag)).toContain('0007_operations');
    expect(stamped.every((m) => m.applied_at! <= Date.now())).toBe(true);
    expect(res.body.migrations.find((m) => m.tag === '0000_init')!.created_at).toBeGreaterThan(0);
    expect(res.body.outbox[0]).toMatchObject({ recipient: 'someone@example.com', subject: 'Hello' });
    expect(res.body.bus).toMatchObject({
      waiting_polls: 0,
      waiting_patients: 0,
      transport: expect.any(String),
    });
  });

  it.each(['de', 'fr', 'europe', ...NOT_ADMINS] as OpsWho[])('is refused to %s', async (who) => {
    expect((await debug(who)).status).toBe(403);
  });

  it('is refused without a session', async () => {
    expect((await t.call('GET', API.opsDebug)).status).toBe(401);
  });
});
