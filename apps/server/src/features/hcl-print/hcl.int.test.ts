import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type HclReport } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createOpsCast,
  NOT_ADMINS,
  signInAgain,
  type OpsCast,
  type OpsWho,
} from '../../../test-support/ops-cast';
import { registerDevice } from '../../../test-support/people';
import { operationHistory, users } from '../../platform/db/schema';

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
  it('summarises how auto mode ran over local days, overall and per day', async () => {
    const res = await report('de', c.ids.patientDe);
    expect(res.status).toBe(200);
    const r = res.body.report;
    expect(r.patient).toMatchObject({ uid: c.ids.patientDe, country: 'DE', realname: 'Ops patientDe' });
    expect(r.days).toBe(2);
    expect(r.readings).toBe(576);
    // (18 + 1440) auto minutes of (378 + 1440) basal minutes.
    expect(r.auto_mode).toEqual({ days: 2, time_in_auto: 80.2, auto_exits: 1 });
    expect(r.daily).toEqual([
      { day: '2026-11-18', time_in_auto: 4.8, auto_exits: 1, readings: 288 },
      { day: '2026-11-19', time_in_auto: 100, auto_exits: 0, readings: 288 },
    ]);
  });

  // Finding 10 of issue 15: an account admin is not the patient's clinician (docs/PERMISSIONS.md).
  it('shows the admin no glucose or insulin figure of the patient', async () => {
    const res = await report('super', c.ids.patientDe);
    const text = JSON.stringify(res.body);
    for (const key of ['mean', 'sd', 'cv', 'gmi', 'tir', 'time_in_ranges', 'in_range', 'total_insulin',
      'total_daily_dose', 'basal', 'bolus', 'auto_basal', 'auto_correction', 'glucose', 'insulin']) {
      expect(text).not.toContain(`"${key}"`);
    } // prettier-ignore
    // The mean of day 2 (200 mg/dL), the overall mean (150) and the insulin doses.
    expect(text).not.toMatch(/:(150|200|6\.08|0\.9|8\.45|13\.5)[,}]/);
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
      ['admin', c.ids.super, 'Ops patientDe'],
    ]);
  });

  it('answers days without data with empty figures', async () => {
    const res = await report('de', c.ids.patientDe, '?from=2026-10-01&to=2026-10-02');
    expect(res.body.report).toMatchObject({ readings: 0, auto_mode: { days: 0, time_in_auto: null } });
    expect(res.body.report.daily[0]).toEqual({
      day: '2026-10-01',
      time_in_auto: null,
      auto_exits: 0,
      readings: 0,
    });
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
