import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type HclReport } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOpsCast, NOT_ADMINS, signInAgain, type OpsCast, type OpsWho } from '../../test/ops-cast';
import { registerDevice } from '../../test/people';
import { operationHistory, users } from '../../db/schema';

let t: TestApp;
let c: OpsCast;
const MIN = 60_000;
/** Local midnight of 2026-11-18 at UTC+1. */
const DAY1 = Date.parse('2026-11-17T23:00:00Z');
const base = (serial: string, seq: number, time: number) => ({ serial, seq, time, utc_offset_min: 60 });
const basal = (seq: number, time: number, code: string, durationMin: number, delivered: number, auto?: object) => ({
  type: 'basal', ...base('PT-1', seq, time), code, duration_min: durationMin, rate: durationMin ? (delivered * 60) / durationMin : 0,
  delivered, ...(auto ? { auto } : {}),
}); // prettier-ignore

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-20T12:00:00Z'));
  c = await createOpsCast(t);
  const device = await registerDevice(t, c.tokens.patientDe, 'PB-1');
  const auto = { auto_basal_delivery: 0.05, auto_corr_delivery: 0.1, auto_food_delivery: 0 };
  const records: unknown[] = [
    // Day 1: 6 h of scheduled basal (6 U), then auto mode for 18 minutes, then an exit.
    basal(1, DAY1, 'BAS', 360, 6),
    basal(2, DAY1 + 360 * MIN, 'BAAMS', 0, 0),
    basal(3, DAY1 + 360 * MIN, 'BAAM', 6, 0.05, auto),
    basal(4, DAY1 + 366 * MIN, 'BAAM', 6, 0.05, auto),
    basal(5, DAY1 + 372 * MIN, 'BAAM', 6, 0.05, auto),
    basal(6, DAY1 + 378 * MIN, 'BAAME', 0, 0),
    { type: 'bolus', ...base('PT-1', 7, DAY1 + 720 * MIN), code: 'NB', set: 2, delivered: 2 },
    // Day 2: auto mode all day (one 24 h row, 12 U).
    basal(8, DAY1 + 1440 * MIN, 'BAAM', 1440, 12, {
      auto_basal_delivery: 12,
      auto_corr_delivery: 1,
      auto_food_delivery: 0.5,
    }),
  ];
  // Glucose every 5 minutes over both days: 100 mg/dL on day 1, 200 on day 2.
  for (let i = 0; i < 576; i++) {
    records.push({ type: 'sg', ...base('TX-1', i, DAY1 + i * 5 * MIN), mgdl: i < 288 ? 100 : 200 });
  }
  const res = await device.ingest(records);
  expect(res.body.error).toBe(0);
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  await signInAgain(t, c);
});
afterAll(() => t.close());

const report = (who: OpsWho, id: string, q = '?from=2026-11-18&to=2026-11-19') =>
  t.call<{ error: number; report: HclReport }>('GET', `${API.opsHcl(id)}${q}`, { token: c.tokens[who] });

describe('the hybrid-closed-loop summary (/HCLprint)', () => {
  it('summarises auto mode, insulin and glucose over local days, overall and per day', async () => {
    const res = await report('de', c.ids.patientDe);
    expect(res.status).toBe(200);
    const r = res.body.report;
    expect(r.patient).toMatchObject({ uid: c.ids.patientDe, country: 'DE', realname: 'Ops patientDe' });
    expect(r.days).toBe(2);
    expect(r.glucose).toMatchObject({
      count: 576,
      mean: 150,
      time_in_ranges: { in_range: 50, high: 50, very_low: 0, low: 0, very_high: 0 },
    });
    expect(r.insulin).toMatchObject({ days: 2, auto_exits: 1, auto_basal: 6.08, auto_correction: 0.9 });
    // (18 + 1440) auto minutes of (378 + 1440) basal minutes.
    expect(r.insulin.time_in_auto).toBe(80.2);
    expect(r.daily).toEqual([
      { day: '2026-11-18', time_in_auto: 4.8, auto_exits: 1, auto_basal: 0.15, auto_correction: 0.3, total_insulin: 8.45, tir: 100, mean: 100, readings: 288 },
      { day: '2026-11-19', time_in_auto: 100, auto_exits: 0, auto_basal: 12, auto_correction: 1.5, total_insulin: 13.5, tir: 0, mean: 200, readings: 288 },
    ]); // prettier-ignore
  });

  it('finds the patient by username too, and writes each read to the admin history', async () => {
    const res = await report('super', 'patientde@ops.example', '?from=2026-11-19&to=2026-11-19');
    expect(res.body.report.daily.map((d) => d.day)).toEqual(['2026-11-19']);
    const rows = await t.ctx.db
      .select()
      .from(operationHistory)
      .where(and(eq(operationHistory.subjectId, c.ids.patientDe), eq(operationHistory.action, 'hcl.print')));
    expect(rows.map((h) => [h.area, h.actorId, h.subjectName])).toEqual([
      ['admin', c.ids.de, 'Ops patientDe'],
      ['admin', c.ids.super, 'Ops patientDe'],
    ]);
  });

  it('answers days without data with empty figures', async () => {
    const res = await report('de', c.ids.patientDe, '?from=2026-10-01&to=2026-10-02');
    expect(res.body.report.glucose).toMatchObject({ count: 0, mean: null, time_in_ranges: null });
    expect(res.body.report.daily[0]).toMatchObject({ time_in_auto: null, readings: 0, tir: null });
  });

  it.each([
    ['more than 90 days', '?from=2026-01-01&to=2026-11-19'],
    ['an end before the start', '?from=2026-11-19&to=2026-11-18'],
    ['no dates', ''],
    ['an impossible day', '?from=2026-02-30&to=2026-03-01'],
  ])('refuses %s with 400', async (_, q) => {
    const res = await report('de', c.ids.patientDe, q);
    expect([res.status, res.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });

  it('keeps an account admin to patients of their scope', async () => {
    expect((await report('fr', c.ids.patientDe)).status).toBe(403);
    expect((await report('de', c.ids.patientFr)).status).toBe(403);
    expect((await report('europe', c.ids.patientDe)).status).toBe(200);
  });

  it('answers 404 for an account that is not a patient, or none', async () => {
    expect((await report('super', c.ids.hcpDe)).status).toBe(404);
    expect((await report('super', 'nobody')).status).toBe(404);
  });

  it.each(NOT_ADMINS)('refuses %s', async (who) => {
    expect((await report(who, c.ids.patientDe)).status).toBe(403);
  });

  // Last: it deletes the patient.
  it('answers 404 for a deleted patient, whose data is kept only for the retention period', async () => {
    await t.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, c.ids.patientDe));
    expect((await report('super', c.ids.patientDe)).status).toBe(404);
    expect((await report('super', 'patientde@ops.example')).status).toBe(404);
  });
});
