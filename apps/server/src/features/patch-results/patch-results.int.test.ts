import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type PatchResult } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createOpsCast, NOT_ADMINS, type OpsCast, type OpsWho } from '../../../test-support/ops-cast';
import { patchResults } from '../../platform/db/schema';

let t: TestApp;
let c: OpsCast;
let deToken: string;
const T = Date.parse('2026-11-20T08:00:00Z');
const result = (serial: string, kind: string, outcome: string, time: number, code: string | null = null) => ({
  serial, kind, result: outcome, code, reported_at: time,
}); // prettier-ignore

const report = (token: string | undefined, body: unknown) =>
  t.call<{ error: number; stored: number; duplicates: number }>('POST', API.patchResults, {
    ...(token ? { token } : {}),
    body,
  });
type SearchBody = { error: number; results: PatchResult[]; paging: { total: number; pages: number } };
const search = (who: OpsWho, q = '') =>
  t.call<SearchBody>('GET', `${API.opsPatchResults}${q}`, { token: c.tokens[who] });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T09:00:00Z'));
  c = await createOpsCast(t);
  deToken = (await t.call('POST', API.devices, { token: c.tokens.patientDe, body: { kind: 'patch_app', serial: 'PA-DE', name: 'Patch app' } })).body.device_token as string; // prettier-ignore
  const frToken = (await t.call('POST', API.devices, { token: c.tokens.patientFr, body: { kind: 'patch_app', serial: 'PA-FR', name: 'Patch app' } })).body.device_token as string; // prettier-ignore
  await report(deToken, {
    results: [
      result('PT-1001', 'activation', 'pass', T),
      result('PT-1001', 'self_test', 'pass', T + 60_000),
      result('PT-1002', 'self_test', 'fail', T - 86_400_000, 'E42'),
    ],
  });
  await report(frToken, { results: [result('PT-2001', 'activation', 'fail', T, 'E07')] });
});
afterAll(() => t.close());

describe('the patch app reports results (device token)', () => {
  it('stores good reports with the country of the reporting patient', async () => {
    const rows = await t.ctx.db.select().from(patchResults);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.serial === 'PT-1002')).toMatchObject({
      kind: 'self_test',
      result: 'fail',
      code: 'E42',
      country: 'DE',
      reportedAt: new Date(T - 86_400_000),
      receivedAt: new Date('2026-11-21T09:00:00Z'),
    });
    expect(rows.find((r) => r.serial === 'PT-2001')!.country).toBe('FR');
  });

  it('stores a resent result once', async () => {
    const res = await report(deToken, {
      results: [
        result('PT-1001', 'activation', 'pass', T),
        result('PT-1003', 'activation', 'pass', T),
        result('PT-1003', 'activation', 'pass', T),
      ],
    });
    expect(res.body).toEqual({ error: 0, stored: 1, duplicates: 2 });
  });

  it('refuses a missing or bad token with 401 before looking at the body', async () => {
    expect((await report(undefined, { results: [] })).status).toBe(401);
    expect((await report('not-a-device-token', { nonsense: true })).status).toBe(401);
    // A person's session is not a device token.
    expect(
      (await report(c.tokens.patientDe, { results: [result('PT-9', 'activation', 'pass', T)] })).status,
    ).toBe(401);
  });

  it("refuses a sensor app's or PDM's token with 403, storing nothing", async () => {
    for (const kind of ['sensor_app', 'pdm']) {
      const token = (
        await t.call('POST', API.devices, {
          token: c.tokens.patientDe,
          body: { kind, serial: `X-${kind}`, name: kind },
        })
      ).body.device_token as string;
      const res = await report(token, { results: [result('PT-7001', 'activation', 'pass', T)] });
      expect(res.status, kind).toBe(403);
    }
    expect((await t.ctx.db.select().from(patchResults)).map((r) => r.serial)).not.toContain('PT-7001');
  });

  it('stores a result once when two reports of it arrive at the same time', async () => {
    const batch = {
      results: [result('PT-8001', 'self_test', 'pass', T), result('PT-8002', 'self_test', 'pass', T)],
    };
    const answers = await Promise.all([report(deToken, batch), report(deToken, batch)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.reduce((n, a) => n + (a.body.stored as number), 0)).toBe(2);
    const rows = (await t.ctx.db.select().from(patchResults)).filter((r) => r.serial.startsWith('PT-800'));
    expect(rows).toHaveLength(2);
    // Out of the way of the searches below, which count what the first reports stored.
    await t.ctx.db.delete(patchResults).where(like(patchResults.serial, 'PT-800%'));
  });

  it.each([
    ['no results', { results: [] }],
    ['an unknown kind', { results: [result('PT-1', 'boot', 'pass', T)] }],
    ['a bad serial', { results: [result('P T', 'activation', 'pass', T)] }],
    ['a time in 1990', { results: [result('PT-1', 'activation', 'pass', 631_152_000_000)] }],
  ])('refuses %s with 400', async (_, body) => {
    const res = await report(deToken, body);
    expect([res.status, res.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });
});

describe('searching results (/EasyPatchResult)', () => {
  it('finds everything for the super admin, newest first', async () => {
    const res = await search('super');
    expect(res.body.paging.total).toBe(5);
    expect(res.body.results[0]!.serial).toBe('PT-1001');
    expect(res.body.results.at(-1)!.serial).toBe('PT-1002');
  });

  it('filters by serial prefix, kind, result, date range and country', async () => {
    expect((await search('super', '?serial=pt-100')).body.paging.total).toBe(4);
    expect((await search('super', '?serial=PT-1001&kind=self_test')).body.results.map((r) => r.kind)).toEqual(
      ['self_test'],
    );
    expect((await search('super', '?result=fail')).body.results.map((r) => r.serial).sort()).toEqual([
      'PT-1002',
      'PT-2001',
    ]);
    expect(
      (await search('super', '?from=2026-11-19&to=2026-11-19')).body.results.map((r) => r.serial),
    ).toEqual(['PT-1002']);
    expect((await search('super', '?country=FR')).body.results.map((r) => r.serial)).toEqual(['PT-2001']);
    expect((await search('super', '?serial=%25')).body.paging.total).toBe(0);
  });

  it('pages', async () => {
    const one = await search('super', '?size=2&page=3');
    expect(one.body.results).toHaveLength(1);
    expect(one.body.paging).toMatchObject({ total: 5, pages: 3 });
  });

  it("shows an account admin only their scope's results", async () => {
    expect(new Set((await search('de')).body.results.map((r) => r.country))).toEqual(new Set(['DE']));
    expect((await search('fr')).body.results.map((r) => r.serial)).toEqual(['PT-2001']);
    expect((await search('de', '?serial=PT-2001')).body.results).toEqual([]);
    expect((await search('de', '?country=FR')).status).toBe(403);
  });

  it.each(['?from=2026-13-01', '?from=2026-11-20&to=2026-11-19', '?size=500', '?kind=boot'])(
    'refuses %s',
    async (q) => {
      expect((await search('super', q)).status).toBe(400);
    },
  );

  it.each(NOT_ADMINS)('refuses %s', async (who) => {
    expect((await search(who)).status).toBe(403);
  });
});
