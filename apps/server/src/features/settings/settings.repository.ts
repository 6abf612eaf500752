import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { monitorSettings } from '../../platform/db/schema';

export type MonitorSettingsRow = typeof monitorSettings.$inferSelect;
export type MonitorSettingsValues = Omit<MonitorSettingsRow, 'patientId' | 'updatedBy' | 'updatedAt'>;

/**
 * SQL of the monitor settings (spec §3 "Settings", §7); the monitored patient's header is their
 * profile (accounts/profile-mapping.ts).
 */
export function createSettingsRepository(db: Db) {
  return {
    async find(patientId: string): Promise<MonitorSettingsRow | undefined> {
      const rows = await db.select().from(monitorSettings).where(eq(monitorSettings.patientId, patientId));
      return rows[0];
    },

    /** One statement: the row is written whole, so a save is all or nothing. */
    async save(patientId: string, values: MonitorSettingsValues, by: string, at: Date): Promise<void> {
      const row = { ...values, updatedBy: by, updatedAt: at };
      await db
        .insert(monitorSettings)
        .values({ patientId, ...row })
        .onConflictDoUpdate({ target: monitorSettings.patientId, set: row });
    },
  };
}
