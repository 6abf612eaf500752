import { and, eq, sql } from 'drizzle-orm';
import type { AlertSettings } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { executePrepared } from '../../platform/db/prepared';
import { alertSettings, profiles } from '../../platform/db/schema';
import { alertsWatchedSql } from '../../patient-data';

// SQL of who asked to be alerted about whom, with which settings, and whom the patient stopped.

export function createAlertSettingsRepository(db: Db) {
  return {
    async settingsOf(patientId: string, followerId: string) {
      const rows = await db
        .select()
        .from(alertSettings)
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.followerId, followerId)));
      return rows[0] ?? null;
    },

    async saveSettings(patientId: string, followerId: string, settings: AlertSettings, now: Date) {
      await db
        .insert(alertSettings)
        .values({ patientId, followerId, settings, updatedAt: now })
        .onConflictDoUpdate({
          target: [alertSettings.patientId, alertSettings.followerId],
          set: { settings, updatedAt: now },
        });
    },

    async removeSettings(patientId: string, followerId: string) {
      await db
        .delete(alertSettings)
        .where(
          and(
            eq(alertSettings.patientId, patientId),
            eq(alertSettings.followerId, followerId),
            eq(alertSettings.stoppedByPatient, false),
          ),
        );
    },

    async setStopped(patientId: string, followerId: string, stopped: boolean) {
      const res = await db
        .update(alertSettings)
        .set({ stoppedByPatient: stopped })
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.followerId, followerId)))
        .returning({ id: alertSettings.followerId });
      return res.length > 0;
    },

    /** Everyone who asked to be alerted about the patient and was not stopped by the patient. */
    async subscribers(patientId: string) {
      const rows = await db
        .select({ followerId: alertSettings.followerId, settings: alertSettings.settings })
        .from(alertSettings)
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.stoppedByPatient, false)));
      return rows.map((r) => ({ followerId: r.followerId, settings: r.settings as AlertSettings }));
    },

    async followersOf(patientId: string) {
      return db
        .select({
          uid: alertSettings.followerId,
          stoppedByPatient: alertSettings.stoppedByPatient,
          realname: profiles.realname,
          alias: profiles.alias,
        })
        .from(alertSettings)
        .leftJoin(profiles, eq(profiles.userId, alertSettings.followerId))
        .where(eq(alertSettings.patientId, patientId));
    },

    /**
     * Whether anyone asked to be alerted about the patient or an episode of theirs is still open:
     * one small statement, asked on every change of the patient's data whose write did not already
     * answer it (alert-triggers.ts).
     */
    async anythingToEvaluate(patientId: string): Promise<boolean> {
      const res = await executePrepared(db, sql`select ${alertsWatchedSql(patientId)} as any`);
      return Boolean((res as { rows?: Array<{ any: boolean }> }).rows?.[0]?.any);
    },

    /** Patients whose alerts anyone follows (the no-data timer walks them). */
    async watchedPatients(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: alertSettings.patientId })
        .from(alertSettings)
        .where(eq(alertSettings.stoppedByPatient, false));
      return rows.map((r) => r.id);
    },
  };
}

export type AlertSettingsRepository = ReturnType<typeof createAlertSettingsRepository>;
