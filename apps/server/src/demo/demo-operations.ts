import { inArray } from 'drizzle-orm';
import { findCountry } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { clinicConsents, clinics, firmwareReleases, patchResults, users } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';
import { recordAdminOperation } from '../access/operation-history';

const DAY = 86_400_000;

export interface DemoOperationsInput {
  now: Date;
  superAdminId: string;
  adminId: string;
  clinicLoginId: string;
  /** The clinic's HCPs: their patients are what the clinic login reads (access/clinic-access.ts). */
  hcpIds: readonly string[];
  /** The demo patients who consent to the clinic (so its desk reads them; they can revoke it). */
  consentingPatientIds: readonly string[];
  /** Countries of the demo patients, for the patch results their apps reported. */
  patientCountries: readonly string[];
}

/**
 * The operations screens of the demo are not empty: the demo clinic with its clinic login and its
 * two HCPs (so the clinic desk reads the patients who accepted them and consent to the clinic,
 * access/clinic-access.ts), a few firmware releases in
 * each rollout state with their history, and a month of patch-app results.
 */
export async function seedDemoOperations(db: Db, input: DemoOperationsInput): Promise<void> {
  const { now } = input;
  const clock = { now: () => now };
  const clinicId = newId();
  await db.insert(clinics).values({
    id: clinicId,
    name: 'Demo Diabetes Clinic',
    country: 'GB',
    region: findCountry('GB')?.region ?? 'europe',
    address: '1 Example Street, London',
    contact: 'clinic@demo.cgm',
    createdBy: input.adminId,
    createdAt: now,
  });
  await db
    .update(users)
    .set({ clinicId })
    .where(inArray(users.id, [input.clinicLoginId, ...input.hcpIds]));
  if (input.consentingPatientIds.length > 0) {
    await db
      .insert(clinicConsents)
      .values(input.consentingPatientIds.map((patientId) => ({ patientId, clinicId, givenAt: now })));
  }
  await recordAdminOperation(
    { db, clock },
    {
      actorId: input.adminId,
      subjectId: clinicId,
      action: 'clinic.create',
      detail: { name: 'Demo Diabetes Clinic', country: 'GB', login: 'clinic@demo.cgm' },
    },
  );

  const releases = [
    { deviceType: 'sensor', version: '1.4.2', regions: ['europe'], serials: [], path: ['rolling_out', 'completed'] },
    { deviceType: 'patch', version: '2.1.0', regions: ['europe', 'GB'], serials: [], path: ['rolling_out'] },
    { deviceType: 'patch', version: '2.0.3', regions: ['asia'], serials: [], path: ['withdrawn'] },
    { deviceType: 'pdm', version: '3.0.0-rc.1', regions: [], serials: ['PDM-0001', 'PDM-0002'], path: [] },
  ] as const; // prettier-ignore
  for (const [i, r] of releases.entries()) {
    const id = newId();
    const created = new Date(now.getTime() - (40 - i * 8) * DAY);
    const state = r.path.at(-1) ?? 'draft';
    await db.insert(firmwareReleases).values({
      id,
      deviceType: r.deviceType,
      version: r.version,
      notes: `Demo release ${r.version}: stability and battery improvements.`,
      targetSerials: [...r.serials],
      targetRegions: [...r.regions],
      state,
      createdBy: input.superAdminId,
      createdAt: created,
      updatedAt: created,
    });
    const log = (action: 'firmware.create' | 'firmware.state', detail: Record<string, unknown>) =>
      recordAdminOperation({ db, clock }, { actorId: input.superAdminId, subjectId: id, action, detail });
    await log('firmware.create', {
      deviceType: r.deviceType,
      version: r.version,
      targetSerials: r.serials.length,
      targetRegions: r.regions,
    });
    let from = 'draft';
    for (const to of r.path) {
      await log('firmware.state', { version: r.version, from, to });
      from = to;
    }
  }

  // A month of activations and self-tests, one patch every three days per country, a few failed.
  const rows: Array<typeof patchResults.$inferInsert> = [];
  const countries = [...new Set(input.patientCountries)];
  for (let day = 1; day <= 30; day++) {
    for (const [c, country] of countries.entries()) {
      if ((day + c) % 3 !== 0) continue;
      const serial = `PT-${country}-${String(day * 10 + c).padStart(4, '0')}`;
      const at = now.getTime() - day * DAY + (c * 37 + 9 * 60) * 60_000;
      const failed = (day * 7 + c) % 11 === 0;
      const row = (kind: 'activation' | 'self_test', fail: boolean, time: number) => ({
        id: newId(),
        serial,
        kind,
        result: fail ? ('fail' as const) : ('pass' as const),
        code: fail ? 'E42' : null,
        details: fail ? { step: 'occlusion check' } : null,
        country,
        reportedAt: new Date(time),
        receivedAt: new Date(time),
      });
      rows.push(row('activation', false, at), row('self_test', failed, at + 120_000));
    }
  }
  if (rows.length > 0) await db.insert(patchResults).values(rows);
}
