import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { API, type Clinic } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { relations, uploads, users } from '../platform/db/schema';
import { generateHistory, randomProfile } from '@cgm/simulator';
import { appendRecords, readGlucoseRecords } from '../patient-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoState, seedDemoIfEmpty } from './seed-demo';
import { demoProgress, seedDemoHistories } from './demo-history';
import { demoLoginsText } from './demo-banner';
import { createAccount } from '../accounts/create-account';

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
    await seedDemoHistories(t.ctx, { ...state, from: t.clock.now().getTime() - 86400_000 }, t.app.log, {
      liveOnly: true,
    });
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

  it('completes a history interrupted halfway on the next start, and dates each upload at its last reading', async () => {
    const state = (await demoState(t.ctx.db))!;
    const now = t.clock.now().getTime();
    const day = { ...state, from: now - 3 * 86400_000 };
    const patient = state.patients[0]!;
    // The first start stopped after storing the first part of this patient's history.
    const until = Math.max(day.from + 86400_000, now - ((patient.seed * 7919) % 72) * 3600_000);
    const all = generateHistory(randomProfile(patient.seed), {
      from: day.from,
      days: (until - day.from) / 86400_000,
    }).records;
    await appendRecords(t.ctx, {
      patientId: patient.patientId,
      source: 'realtime',
      records: all.slice(0, 500),
    });
    expect(demoProgress((await demoState(t.ctx.db))!)).toEqual({ ready: 1, total: 21 });

    await seedDemoHistories(t.ctx, { ...day, patients: [patient] }, t.app.log);
    const stored = await readGlucoseRecords(t.ctx.db, patient.patientId, 0, 4e12);
    const sg = all.filter((r) => r.type === 'sg');
    expect(stored).toHaveLength(sg.length);
    expect(stored.at(-1)!.time).toBe(sg.at(-1)!.time);
    expect(demoProgress((await demoState(t.ctx.db))!)).toEqual({ ready: 2, total: 21 });
    // The login screens ask, signed in or not.
    const progress = await t.call<{ demo: { ready: number; total: number } }>('GET', API.demoProgress);
    expect(progress.body.demo).toEqual({ ready: 2, total: 21 });

    // The demo's upload is dated when its readings end, not when the demo was made.
    const [upload] = await t.ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.patientId, patient.patientId), eq(uploads.label, 'demo history')));
    expect(upload!.receivedAt.getTime()).toBe(until);
    expect(until - sg.at(-1)!.time).toBeLessThan(15 * 60_000);

    // A complete patient is not stored again on a later start.
    await seedDemoHistories(t.ctx, { ...day, patients: [patient] }, t.app.log);
    const again = await t.ctx.db.select().from(uploads).where(eq(uploads.patientId, patient.patientId));
    expect(again.filter((u) => u.label === 'demo history')).toHaveLength(1);
  });

  it('prints only the demo logins that exist', async () => {
    const text = (await demoLoginsText(t.ctx.db, 'http://localhost:8080'))!;
    expect(text.match(/@demo\.cgm/g)).toHaveLength(DEMO_ACCOUNTS.length);
    await t.ctx.db.delete(users).where(eq(users.username, 'carer2@demo.cgm'));
    const fewer = (await demoLoginsText(t.ctx.db, 'http://localhost:8080'))!;
    expect(fewer).not.toContain('carer2@demo.cgm');
    expect(fewer).toMatch(/superadmin@demo\.cgm +Demo#2026x +http:\/\/localhost:8080\/managementtools/);
  });
});

describe('a database that had users before gets no demo', () => {
  it('prints no demo logins, and reports no demo to the login screens', async () => {
    const other = await createTestApp();
    try {
      await createAccount(other.ctx.db, {
        termsVersion: other.ctx.config.TERMS_VERSION,
        username: 'first@example.com',
        password: 'Gluco$e9x',
        userType: 'P',
        realname: 'First User',
      });
      expect(await seedDemoIfEmpty(other.ctx.db, other.ctx.config.TERMS_VERSION)).toBeNull();
      expect(await demoLoginsText(other.ctx.db, 'http://localhost:8080')).toBeNull();
      expect((await other.call('GET', API.demoProgress)).body).toEqual({ error: 0, demo: null });
    } finally {
      await other.close();
    }
  });
});
