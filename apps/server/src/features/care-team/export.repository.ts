import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { basalSegments, bgReadings, boluses, events, profiles } from '../../platform/db/schema';
import { decodeFlaggedSg, readGlucoseBlocks } from '../../patient-data';
import { SG_FLAG_CODES, type ExportData, type SgColumns } from '../../adapters/file-import';

/** No place on earth is more than 14 h from UTC: the index range that holds every local day. */
const MAX_OFFSET_MS = 14 * 3_600_000;

/** [from, to) local days as instants written in UTC, the index range around them. */
export interface LocalDays {
  /** `${from}T00:00:00Z`: local midnight of the first day, read as if it were UTC. */
  localFrom: Date;
  /** Local midnight after the last day, read as if it were UTC. */
  localTo: Date;
}

/**
 * Rows whose own local time (time + the offset recorded with them) falls on the chosen days.
 * Each record carries the offset in force where it was made, so a trip across time zones keeps
 * every reading on the day the patient lived it. The first two terms let the time index narrow.
 */
function onLocalDays(time: PgColumn | SQL, offset: PgColumn | SQL, days: LocalDays): SQL {
  const lo = new Date(days.localFrom.getTime() - MAX_OFFSET_MS).toISOString();
  const hi = new Date(days.localTo.getTime() + MAX_OFFSET_MS).toISOString();
  return sql`${time} >= ${lo}::timestamptz and ${time} < ${hi}::timestamptz
    and ${time} + ${offset} * interval '1 minute' >= ${days.localFrom.toISOString()}::timestamptz
    and ${time} + ${offset} * interval '1 minute' < ${days.localTo.toISOString()}::timestamptz`;
}

/** SQL of the clinic export: one patient's records of a range of local days. */
export function createExportRepository(db: Db) {
  /** Sensor glucose as the reports draw it (patient-data read path), on the chosen local days. */
  async function sg(patientId: string, days: LocalDays): Promise<SgColumns> {
    const lo = days.localFrom.getTime() - MAX_OFFSET_MS;
    const hi = days.localTo.getTime() + MAX_OFFSET_MS;
    const all = decodeFlaggedSg(await readGlucoseBlocks(db, patientId, lo, hi), lo, hi, null);
    const keep: number[] = [];
    all.time.forEach((t, i) => {
      const local = t + all.utcOffsetMin[i]! * 60_000;
      if (local >= days.localFrom.getTime() && local < days.localTo.getTime()) keep.push(i);
    });
    return {
      time: Float64Array.from(keep, (i) => all.time[i]!),
      mgdl: Float64Array.from(keep, (i) => all.mgdl[i] ?? Number.NaN),
      utcOffsetMin: Int16Array.from(keep, (i) => all.utcOffsetMin[i]!),
      flag: Uint8Array.from(keep, (i) =>
        Math.max(0, SG_FLAG_CODES.indexOf(all.quality[i] ?? all.displayCode[i] ?? '')),
      ),
    };
  }

  return {
    sg,

    async patientName(patientId: string): Promise<string> {
      const rows = await db
        .select({ name: profiles.realname })
        .from(profiles)
        .where(eq(profiles.userId, patientId))
        .limit(1);
      return rows[0]?.name ?? '';
    },

    async read(
      patientId: string,
      days: LocalDays,
    ): Promise<Omit<ExportData, 'patient' | 'from' | 'to' | 'generatedAt'>> {
      const timed = (t: { time: PgColumn; utcOffsetMin: PgColumn; patientId: PgColumn }) =>
        and(eq(t.patientId, patientId), onLocalDays(t.time, t.utcOffsetMin, days));
      const [sgCols, bg, basal, bolus, ev] = await Promise.all([
        sg(patientId, days),
        db
          .select({
            time: bgReadings.time,
            utcOffsetMin: bgReadings.utcOffsetMin,
            kind: bgReadings.kind,
            mgdl: bgReadings.mgdl,
          })
          .from(bgReadings)
          .where(timed(bgReadings))
          .orderBy(asc(bgReadings.time)),
        db
          .select({
            time: basalSegments.time,
            utcOffsetMin: basalSegments.utcOffsetMin,
            code: basalSegments.code,
            durationMin: basalSegments.durationMin,
            rate: basalSegments.rate,
            delivered: basalSegments.delivered,
            auto: basalSegments.auto,
          })
          .from(basalSegments)
          .where(timed(basalSegments))
          .orderBy(asc(basalSegments.time)),
        db
          .select({
            time: boluses.time,
            utcOffsetMin: boluses.utcOffsetMin,
            code: boluses.code,
            set: boluses.set,
            delivered: boluses.delivered,
            extendedSet: boluses.extendedSet,
            extendedDelivered: boluses.extendedDelivered,
            extendedDurationMin: boluses.extendedDurationMin,
            details: boluses.details,
          })
          .from(boluses)
          .where(timed(boluses))
          .orderBy(asc(boluses.time)),
        db
          .select({
            time: events.time,
            utcOffsetMin: events.utcOffsetMin,
            type: events.eventType,
            value: events.value,
            details: events.details,
            notes: events.notes,
            origin: events.origin,
          })
          .from(events)
          .where(and(timed(events), isNull(events.deletedAt)))
          .orderBy(asc(events.time), asc(events.id)),
      ]);
      const ms = <T extends { time: Date }>(r: T) => ({ ...r, time: r.time.getTime() });
      return {
        sg: sgCols,
        bg: bg.map(ms),
        basal: basal.map((r) => ({ ...ms(r), auto: (r.auto as Record<string, number> | null) ?? null })),
        bolus: bolus.map((r) => ({
          ...ms(r),
          details: (r.details as Record<string, unknown> | null) ?? null,
        })),
        events: ev.map((r) => ({ ...ms(r), details: (r.details as Record<string, unknown> | null) ?? null })),
      };
    },
  };
}
