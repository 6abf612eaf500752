import { eq, inArray } from 'drizzle-orm';
import { patientGlucoseUnit, type GlucoseUnit } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { monitorSettings, users } from '../platform/db/schema';

/**
 * The unit each patient's glucose is shown in (domain `patientGlucoseUnit`: their monitor settings,
 * else their country's default), for the lists that show many patients at once: the patient list
 * and the follower's connections show a patient in the unit the monitor shows them in.
 */
export async function patientGlucoseUnits(
  db: Db,
  patientIds: readonly string[],
): Promise<Map<string, GlucoseUnit>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, country: users.country, unit: monitorSettings.unit })
    .from(users)
    .leftJoin(monitorSettings, eq(monitorSettings.patientId, users.id))
    .where(inArray(users.id, [...patientIds]));
  return new Map(rows.map((r) => [r.id, patientGlucoseUnit(r.unit, r.country)]));
}
