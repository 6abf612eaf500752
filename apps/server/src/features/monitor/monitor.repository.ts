import { and, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import {
  alarms,
  basalSegments,
  bgReadings,
  boluses,
  deviceSessions,
  deviceStatus,
  profiles,
  uploads,
} from '../../platform/db/schema';
import { decodeFlaggedSg, latestGlucose, readGlucoseBlocks } from '../../patient-data';
import { readDataOptions, sourceFilter, sourcePredicate, type OptionRange } from '../../patient-data';

type Kind = OptionRange['kind'];

/**
 * SQL for the live monitor: the latest state of each device and the chart window. Like the
 * reports, it shows for each device kind only the source the patient's data options name for the
 * time of each row (realtime apps or uploaded data), so an uploader cannot override the sensor or
 * pump the patient chose, and the other way round.
 */
export function createMonitorRepository(db: Db) {
  const from = (options: readonly OptionRange[], kind: Kind, time = 'time') =>
    sourcePredicate(options, kind, time);
  return {
    async options(patientId: string): Promise<OptionRange[]> {
      return readDataOptions(db, patientId);
    },

    async patientName(patientId: string) {
      const rows = await db
        .select({ realname: profiles.realname, alias: profiles.alias })
        .from(profiles)
        .where(eq(profiles.userId, patientId));
      return rows[0] ?? { realname: '', alias: null };
    },

    async latestStatus(patientId: string, kind: 'sensor' | 'pump', options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(deviceStatus)
        .where(
          and(
            eq(deviceStatus.patientId, patientId),
            eq(deviceStatus.kind, kind),
            from(options, kind === 'sensor' ? 'cgms' : 'pump'),
          ),
        )
        .orderBy(desc(deviceStatus.time))
        .limit(1);
      return rows[0];
    },

    /** The newest stored reading (a display code or C/CX too) of the source the options allow. */
    async latestSg(patientId: string, options: readonly OptionRange[]) {
      return latestGlucose(db, patientId, sourceFilter(options, 'cgms'));
    },

    async currentSession(patientId: string, kind: 'sensor' | 'patch', options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(deviceSessions)
        .where(
          and(
            eq(deviceSessions.patientId, patientId),
            eq(deviceSessions.kind, kind),
            from(options, kind === 'sensor' ? 'cgms' : 'pump', 'started_at'),
          ),
        )
        .orderBy(desc(deviceSessions.startedAt))
        .limit(1);
      return rows[0];
    },

    async lastCalibration(patientId: string, options: readonly OptionRange[]) {
      const rows = await db
        .select({ time: bgReadings.time })
        .from(bgReadings)
        .where(
          and(eq(bgReadings.patientId, patientId), eq(bgReadings.kind, 'calibration'), from(options, 'cgms')),
        )
        .orderBy(desc(bgReadings.time))
        .limit(1);
      return rows[0]?.time ?? null;
    },

    async lastBolus(patientId: string, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(boluses)
        .where(and(eq(boluses.patientId, patientId), from(options, 'pump')))
        .orderBy(desc(boluses.time))
        .limit(1);
      return rows[0];
    },

    async latestBasal(patientId: string, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(basalSegments)
        .where(and(eq(basalSegments.patientId, patientId), from(options, 'pump')))
        .orderBy(desc(basalSegments.time))
        .limit(1);
      return rows[0];
    },

    async lastSource(patientId: string) {
      const rows = await db
        .select({ source: uploads.source })
        .from(uploads)
        .where(and(eq(uploads.patientId, patientId), gte(uploads.stored, 1)))
        .orderBy(desc(uploads.receivedAt))
        .limit(1);
      return rows[0]?.source ?? null;
    },

    async chart(patientId: string, st: Date, et: Date, options: readonly OptionRange[]) {
      // The same series the daily report draws (patient-data decodeFlaggedSg): one per instant.
      const [sg, basal, bolus, calib, alarm] = await Promise.all([
        readGlucoseBlocks(db, patientId, st.getTime(), et.getTime()).then((blocks) =>
          decodeFlaggedSg(blocks, st.getTime(), et.getTime(), sourceFilter(options, 'cgms')),
        ),
        db
          .select()
          .from(basalSegments)
          // A segment that started before the window may still run inside it (up to a day back).
          .where(
            and(
              eq(basalSegments.patientId, patientId),
              gte(basalSegments.time, new Date(st.getTime() - 86400_000)),
              lt(basalSegments.time, et),
              from(options, 'pump'),
            ),
          )
          .orderBy(basalSegments.time),
        db
          .select()
          .from(boluses)
          .where(
            and(
              eq(boluses.patientId, patientId),
              gte(boluses.time, st),
              lt(boluses.time, et),
              from(options, 'pump'),
            ),
          )
          .orderBy(boluses.time),
        db
          .select()
          .from(bgReadings)
          .where(
            and(
              eq(bgReadings.patientId, patientId),
              gte(bgReadings.time, st),
              lt(bgReadings.time, et),
              from(options, 'cgms'),
            ),
          )
          .orderBy(bgReadings.time),
        db
          .select()
          .from(alarms)
          .where(
            and(
              eq(alarms.patientId, patientId),
              gte(alarms.time, st),
              lt(alarms.time, et),
              isNotNull(alarms.code),
              or(
                and(eq(alarms.deviceSource, 'sensor'), from(options, 'cgms')),
                and(eq(alarms.deviceSource, 'pump'), from(options, 'pump')),
              ),
            ),
          )
          .orderBy(alarms.time),
      ]);
      return { sg, basal, bolus, calib, alarm };
    },

    /** The transmitter's reported states in the window (the chart's transmtr series), oldest first. */
    async transmitterStates(patientId: string, st: Date, et: Date, options: readonly OptionRange[]) {
      return db
        .select({
          time: deviceStatus.time,
          utcOffsetMin: deviceStatus.utcOffsetMin,
          status: sql<string | null>`${deviceStatus.status}->>'status'`,
        })
        .from(deviceStatus)
        .where(
          and(
            eq(deviceStatus.patientId, patientId),
            eq(deviceStatus.kind, 'sensor'),
            gte(deviceStatus.time, st),
            lt(deviceStatus.time, et),
            from(options, 'cgms'),
          ),
        )
        .orderBy(deviceStatus.time);
    },
  };
}

export type MonitorRepository = ReturnType<typeof createMonitorRepository>;
