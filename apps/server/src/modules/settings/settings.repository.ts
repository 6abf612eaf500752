import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { monitorSettings, profiles, users } from '../../db/schema';

export type MonitorSettingsRow = typeof monitorSettings.$inferSelect;
export type MonitorSettingsValues = Omit<MonitorSettingsRow, 'patientId' | 'updatedBy' | 'updatedAt'>;

/** SQL of the monitor settings and the monitored patient's header (spec §3 "Settings", §7). */
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

    /** The patient's country (for the default unit) and what the monitor header shows. */
    async patient(patientId: string) {
      const rows = await db
        .select({
          country: users.country,
          realname: profiles.realname,
          alias: profiles.alias,
          gender: profiles.gender,
          diabetesType: profiles.diabetesType,
          birthday: profiles.birthday,
          hasPortrait: sql<boolean>`${profiles.portrait} is not null`,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, patientId))
        .limit(1);
      return rows[0];
    },
  };
}
