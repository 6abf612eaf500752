import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type AccountSummaryResponse, type UsageResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createOpsCast,
  NOT_ADMINS,
  signInAgain,
  type OpsCast,
  type OpsWho,
} from '../../../test-support/ops-cast';
import { registerDevice } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { users } from '../../platform/db/schema';

let t: TestApp;
let c: OpsCast;
const at = (iso: string) => Date.parse(iso);
const sg = (serial: string, seq: number, time: number) => ({
  type: 'sg',
  serial,
  seq,
  time,
  utc_offset_min: 60,
  mgdl: 120,
});
const session = (serial: string, kind: 'sensor' | 'patch', startedAt: number) => ({
  type: 'session', serial, seq: 1, time: startedAt, utc_offset_min: 60, kind, started_at: startedAt,
  rated_life_hours: kind === 'sensor' ? 336 : 72,
}); // prettier-ignore

beforeAll(async () => {
  t = await createTestApp();
  c = await createOpsCast(t);
  const de = await registerDevice(t, c.tokens.patientDe, 'PB-DE');
  const fr = await registerDevice(t, c.tokens.patientFr, 'PB-FR');
  // DE: readings on the 18th (two uploads) and the 19th, a sensor started on the 18th, a patch on the 19th.
  t.clock.set(new Date('2026-11-18T09:00:00Z'));
  await de.ingest([sg('TX-DE', 1, at('2026-11-18T08:00:00Z')), session('TX-DE', 'sensor', at('2026-11-18T07:00:00Z'))]);
  t.clock.set(new Date('2026-11-18T23:30:00Z'));
  await de.ingest([sg('TX-DE', 2, at('2026-11-18T23:10:00Z'))]);
  t.clock.set(new Date('2026-11-19T12:00:00Z'));
  await de.ingest([sg('TX-DE', 3, at('2026-11-19T11:00:00Z')), session('PT-DE', 'patch', at('2026-11-19T10:00:00Z'))]);
  // FR: a reading and a patch on the 19th.
  await fr.ingest([sg('TX-FR', 1, at('2026-11-19T10:00:00Z')), session('PT-FR', 'patch', at('2026-11-19T09:00:00Z'))]);
  // Accounts: a new DE patient on the 18th; a DE HCP created in March, deleted on the 19th.
  await createAccount(t.ctx.db, { termsVersion: t.ctx.config.TERMS_VERSION, username: 'new-de@ops.example', password: 'x', passwordHash: 'x', userType: 'P', realname: 'N', country: 'DE', createdAt: new Date('2026-11-18T15:00:00Z') });
  const gone = await createAccount(t.ctx.db, { termsVersion: t.ctx.config.TERMS_VERSION, username: 'gone-de@ops.example', password: 'x', passwordHash: 'x', userType: 'D', realname: 'G', country: 'DE', createdAt: new Date('2026-03-01T00:00:00Z') });
  await t.ctx.db.update(users).set({ deletedAt: new Date('2026-11-19T08:00:00Z') }).where(eq(users.id, gone));
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  await signInAgain(t, c);
}); // prettier-ignore
afterAll(() => t.close());

type UsageBody = UsageResponse & { error: number };
const usage = (who: OpsWho, q: string) =>
  t.call<UsageBody>('GET', `${API.opsUsage}?${q}`, { token: c.tokens[who] });
const summary = (who: OpsWho, q = '') =>
  t.call<AccountSummaryResponse>('GET', `${API.opsAccountSummary}${q}`, { token: c.tokens[who] });

describe('usage per day and country (/dataStatistics, /BasicQuantityRecord)', () => {
  it('counts uploads, active patients, sensors and patches started and new accounts per UTC day', async () => {
    const res = await usage('super', 'from=2026-11-17&to=2026-11-20');
    expect(res.status).toBe(200);
    const row = (day: string, country: string) =>
      res.body.rows.find((r) => r.day === day && r.country === country);
    expect(row('2026-11-18', 'DE')).toEqual({
      day: '2026-11-18', country: 'DE', uploads: 2, active_patients: 1, sensors_started: 1, patches_started: 0, new_accounts: 1,
    }); // prettier-ignore
    expect(row('2026-11-19', 'DE')).toMatchObject({ uploads: 1, active_patients: 1, patches_started: 1 });
    expect(row('2026-11-19', 'FR')).toMatchObject({ uploads: 1, active_patients: 1, patches_started: 1 });
    expect(res.body.rows.map((r) => `${r.day} ${r.country}`)).toEqual([
      '2026-11-18 DE',
      '2026-11-19 DE',
      '2026-11-19 FR',
    ]);
    // Two distinct patients over the period, though three patient-days.
    expect(res.body.totals).toEqual({
      uploads: 4,
      active_patients: 2,
      sensors_started: 1,
      patches_started: 2,
      new_accounts: 1,
    });
  });

  it("shows an account admin only their scope's countries", async () => {
    const de = await usage('de', 'from=2026-11-17&to=2026-11-20');
    expect(new Set(de.body.rows.map((r) => r.country))).toEqual(new Set(['DE']));
    expect(de.body.totals.active_patients).toBe(1);
    const fr = await usage('fr', 'from=2026-11-17&to=2026-11-20');
    expect(fr.body.rows.map((r) => r.country)).toEqual(['FR']);
    expect((await usage('europe', 'from=2026-11-17&to=2026-11-20')).body.totals.uploads).toBe(4);
  });

  it('narrows to one country in scope, and refuses one outside it', async () => {
    expect((await usage('super', 'from=2026-11-17&to=2026-11-20&country=fr')).body.totals.uploads).toBe(1);
    expect((await usage('de', 'from=2026-11-17&to=2026-11-20&country=FR')).status).toBe(403);
  });

  it.each([
    'from=2026-11-20&to=2026-11-17',
    'from=2025-01-01&to=2026-11-20',
    'from=2026-02-30&to=2026-03-01',
    'from=x&to=y',
    'to=2026-11-20',
  ])('refuses %s with 400', async (q) => {
    const res = await usage('super', q);
    expect([res.status, res.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });
});

describe('account counts (/AccountSumarry)', () => {
  it('counts accounts by type, country, region and state, and per month', async () => {
    const res = await summary('super');
    expect(res.status).toBe(200);
    // 4 admins (GB), 2 cast patients, the cast HCP and carer, the new patient; the deleted HCP apart.
    expect(res.body.total).toBe(9);
    expect(res.body.by_type).toEqual([
      { key: 'A', count: 4 },
      { key: 'P', count: 3 },
      { key: 'D', count: 1 },
      { key: 'M', count: 1 },
    ]);
    expect(res.body.by_country).toEqual([
      { key: 'DE', count: 4 },
      { key: 'GB', count: 4 },
      { key: 'FR', count: 1 },
    ]);
    expect(res.body.by_region).toEqual([{ key: 'europe', count: 9 }]);
    expect(res.body.by_state).toEqual([
      { key: 'active', count: 9 },
      { key: 'pending', count: 0 },
      { key: 'rejected', count: 0 },
      { key: 'disabled', count: 0 },
      { key: 'deleted', count: 1 },
    ]);
    expect(res.body.monthly).toHaveLength(12);
    expect(res.body.monthly[0]).toMatchObject({ month: '2025-12', created: 0, deleted: 0, total: 0 });
    expect(res.body.monthly[1]).toMatchObject({ month: '2026-01', created: 8, deleted: 0, total: 8 });
    expect(res.body.monthly[3]).toMatchObject({ month: '2026-03', created: 1, deleted: 0, total: 9 });
    expect(res.body.monthly[11]).toMatchObject({ month: '2026-11', created: 1, deleted: 1, total: 9 });
  });

  it('breaks the months down by account type, adding up to the totals', async () => {
    const { monthly } = (await summary('super')).body;
    const of = (i: number) =>
      Object.fromEntries(monthly[i]!.by_type.map((x) => [x.key, [x.created, x.deleted, x.total]]));
    expect(of(0)).toEqual({ P: [0, 0, 0], M: [0, 0, 0], D: [0, 0, 0], A: [0, 0, 0] });
    expect(of(1)).toEqual({ P: [2, 0, 2], M: [1, 0, 1], D: [1, 0, 1], A: [4, 0, 4] });
    // The HCP created in March and deleted in November; the patient created in November.
    expect(of(3)).toEqual({ P: [0, 0, 2], M: [0, 0, 1], D: [1, 0, 2], A: [0, 0, 4] });
    expect(of(11)).toEqual({ P: [1, 0, 3], M: [0, 0, 1], D: [0, 1, 1], A: [0, 0, 4] });
    for (const m of monthly) {
      for (const k of ['created', 'deleted', 'total'] as const) {
        expect(
          m.by_type.reduce((n, x) => n + x[k], 0),
          `${m.month} ${k}`,
        ).toBe(m[k]);
      }
    }
  });

  it("counts only the scope's accounts for an account admin", async () => {
    const de = await summary('de', '?months=3');
    expect(de.body.total).toBe(4);
    expect(de.body.by_country).toEqual([{ key: 'DE', count: 4 }]);
    expect(de.body.monthly.map((m) => [m.month, m.total])).toEqual([
      ['2026-09', 4],
      ['2026-10', 4],
      ['2026-11', 4],
    ]);
    expect((await summary('fr')).body.total).toBe(1);
    expect((await summary('de', '?country=FR')).status).toBe(403);
  });
});

describe('who may read the statistics', () => {
  it.each(NOT_ADMINS)('%s may not', async (who) => {
    expect((await usage(who, 'from=2026-11-17&to=2026-11-20')).status).toBe(403);
    expect((await summary(who)).status).toBe(403);
  });
});
