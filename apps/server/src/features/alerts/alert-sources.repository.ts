import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { alarms, deviceSessions } from '../../platform/db/schema';
import { sourcePredicate, type OptionRange } from '../../patient-data';

// SQL of the device data the alert conditions read besides glucose: open sensor and patch
// sessions and the pump's alarms, each of the source the patient's data options let count.

const HOUR = 3_600_000;

export function createAlertSourcesRepository(db: Db) {
  return {
    /** Expiry of the open sensor and patch, each of the source the data options let count. */
    async openSessions(patientId: string, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(deviceSessions)
        .where(
          and(
            eq(deviceSessions.patientId, patientId),
            isNull(deviceSessions.endedAt),
            sql`((${deviceSessions.kind} = 'sensor' and ${sourcePredicate(options, 'cgms', 'started_at')})
              or (${deviceSessions.kind} = 'patch' and ${sourcePredicate(options, 'pump', 'started_at')}))`,
          ),
        )
        .orderBy(desc(deviceSessions.startedAt));
      const end = (kind: 'sensor' | 'patch') => {
        const s = rows.find((r) => r.kind === kind);
        return s ? s.startedAt.getTime() + s.ratedLifeHours * HOUR : null;
      };
      return { sensorExpiresAt: end('sensor'), patchExpiresAt: end('patch') };
    },

    async recentPumpAlarms(patientId: string, since: number, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(alarms)
        .where(
          and(
            eq(alarms.patientId, patientId),
            eq(alarms.deviceSource, 'pump'),
            gte(alarms.time, new Date(since)),
            sourcePredicate(options, 'pump', 'time'),
          ),
        );
      return rows.map((r) => ({
        id: `${r.serial}:${r.seq}`,
        time: r.time.getTime(),
        code: r.code,
        clearedAt: r.clearedAt === null ? null : r.clearedAt.getTime(),
      }));
    },
  };
}

export type AlertSourcesRepository = ReturnType<typeof createAlertSourcesRepository>;
