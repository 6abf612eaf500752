import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { API, type Clinic } from '@cgm/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { relations, users } from '../db/schema';
import { readGlucoseRecords } from '../patient-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoState, seedDemoIfEmpty } from './seed-demo';
import { seedDemoHistories } from './demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seeding (first start on an empty database)', () => {
  it('creates the demo accounts, the consented followers and the HCP patient list, once', async () => {
    const state = await seedDemoIfEmpty(t.ctx.db, t.ctx.config.TERMS_VERSION, t.clock.now());
    expect(state).not.toBeNull();
    expect(state!.patients).toHaveLength(20);
    expect(await seedDemoIfEmpty(t.ctx.db, t.ctx.config.TERMS_VERSION)).toBeNull();
    expect(await demoState(t.ctx.db)).toEqual(state);

    const [followers] = await t.ctx.db
      .select({ n: count() })
      .from(relations)
      .where(and(eq(relations.patientId, state!.live.patientId), eq(relations.state, 'accepted')));
    expect(followers!.n).toBe(2);
    const [pending] = await t.ctx.db
      .select({ n: count() })
      .from(relations)
      .where(and(eq(relations.patientId, state!.live.patientId), eq(relations.state, 'pending')));
    expect(pending!.n).toBe(1);
    const [hcpPatients] = await t.ctx.db.select({ n: count() }).from(users).where(eq(users.createdBy, 'hcp'));
    expect(hcpPatients!.n).toBe(20);

    // Carers sign in on the personal login page, whose user type is P.
    for (const { username, userType } of DEMO_ACCOUNTS) {
      const user_type = userType === 'M' ? 'P' : userType;
      const res = await t.call('POST', API.login, { body: { username, password: DEMO_PASSWORD, user_type } });
      expect(res.body.error, username).toBe(0);
    }
  });

  it('gives the clinic desk a clinic whose HCPs its patients accepted, and fills the operations screens', async () => {
    const signIn = async (username: string, user_type: 'D' | 'A') =>
      (await t.call('POST', API.login, { body: { username, password: DEMO_PASSWORD, user_type } })).body
        .token as string;
    const desk = await signIn('clinic@demo.cgm', 'D');
    const listed = await t.call<{ patients: { total: number } }>('GET', `${API.patients}?size=100`, {
      token: desk,
    });
    // The demo patient and the 20 simulated ones accepted Dr Lee, who works at the clinic.
    expect(listed.body.patients.total).toBe(21);
    const admin = await signIn('admin@demo.cgm', 'A');
    const clinicsRes = await t.call<{ clinics: Clinic[] }>('GET', API.opsClinics, { token: admin });
    expect(clinicsRes.body.clinics).toHaveLength(1);
    expect(clinicsRes.body.clinics[0]).toMatchObject({
      name: 'Demo Diabetes Clinic',
      login: { username: 'clinic@demo.cgm' },
      patient_count: 21,
    });
    expect(clinicsRes.body.clinics[0]!.hcps.map((h) => h.username).sort()).toEqual([
      'hcp@demo.cgm',
      'lead@demo.cgm',
    ]);
    const firmware = await t.call<{ releases: unknown[] }>('GET', API.opsFirmware, { token: admin });
    expect(firmware.body.releases.length).toBeGreaterThan(1);
    const results = await t.call<{ paging: { total: number } }>('GET', API.opsPatchResults, { token: admin });
    expect(results.body.paging.total).toBeGreaterThan(10);
  });

  it('stores simulated history that the carer can watch on the monitor', async () => {
    const state = (await demoState(t.ctx.db))!;
    await seedDemoHistories(
      t.ctx,
      { ...state, from: t.clock.now().getTime() - 86400_000, patients: [] },
      t.app.log,
    );
    const stored = await readGlucoseRecords(t.ctx.db, state.live.patientId, 0, 4e12);
    expect(stored.length).toBeGreaterThan(600);
    const carer = (
      await t.call('POST', API.login, {
        body: { username: 'carer@demo.cgm', password: DEMO_PASSWORD, user_type: 'P' },
      })
    ).body.token as string;
    const status = await t.call<{ status: { sensor_status: { glucose: number | null } } }>(
      'GET',
      API.monitorStatus(state.live.patientId),
      { token: carer },
    );
    expect(status.status).toBe(200);
    expect(status.body.status.sensor_status.glucose).toBeGreaterThan(39);
  });
});
