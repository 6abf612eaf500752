import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { monitorSettings } from '../../platform/db/schema';

/** The patient's monitor settings (units and targets that `status.json` shows), if they saved any. */
export async function monitorSettingsOf(db: Db, patientId: string) {
  const rows = await db.select().from(monitorSettings).where(eq(monitorSettings.patientId, patientId));
  return rows[0];
}
