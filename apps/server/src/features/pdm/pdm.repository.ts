import { and, desc, eq, gt, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { deviceSessions, pdmSettings } from '../../platform/db/schema';
import { NS_SERIAL } from '../../adapters/nightscout';

/** At most this many sessions per answer: years of 3-day patches and 14-day sensors. */
export const SESSIONS_LIMIT = 1000;

/** SQL of the PDM settings history and the sensor and patch sessions (spec §3). */
export function createPdmRepository(db: Db) {
  return {
    /**
     * The PDM's newest settings row, or the newest at or before `at`. Settings made from a
     * Nightscout profile are not the PDM's (and hold only part of its settings): the device-settings
     * report shows them.
     */
    async settingsAt(patientId: string, at?: Date) {
      const rows = await db
        .select()
        .from(pdmSettings)
        .where(
          and(
            eq(pdmSettings.patientId, patientId),
            ne(pdmSettings.serial, NS_SERIAL),
            at ? lte(pdmSettings.time, at) : undefined,
          ),
        )
        .orderBy(desc(pdmSettings.time))
        .limit(1);
      return rows[0];
    },

    /** Sessions that overlap [from, to), newest first. */
    async sessions(patientId: string, from?: Date, to?: Date) {
      const conditions: Array<SQL | undefined> = [eq(deviceSessions.patientId, patientId)];
      if (to) conditions.push(lt(deviceSessions.startedAt, to));
      if (from) conditions.push(or(isNull(deviceSessions.endedAt), gt(deviceSessions.endedAt, from)));
      return db
        .select()
        .from(deviceSessions)
        .where(and(...conditions))
        .orderBy(desc(deviceSessions.startedAt), deviceSessions.serial)
        .limit(SESSIONS_LIMIT);
    },
  };
}
