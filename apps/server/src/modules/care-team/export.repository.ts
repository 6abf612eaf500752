import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { basalSegments, bgReadings, boluses, events, profiles } from '../../db/schema';
import { SG_FLAG_CODES, type ExportData, type SgColumns } from './export-format';

/** Bytes per packed reading: int8 time (ms), float4 mg/dL (NaN: none), int2 offset, int2 flag. */
const STRIDE = 16;
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

const FLAG_CASE = sql.raw(
  `(case coalesce(quality, display_code) ${SG_FLAG_CODES.slice(1)
    .map((f, i) => `when '${f}' then ${i + 1}`)
    .join(' ')} else 0 end)::int2`,
);

/** SQL of the clinic export: one patient's records of a range of local days. */
export function createExportRepository(db: Db) {
  /**
   * Sensor glucose through one packed bytea (as modules/readings does): ~65,000 readings cross the
   * driver as one value instead of as row objects. Two serials at one instant keep one reading.
   */
  async function sg(patientId: string, days: LocalDays): Promise<SgColumns> {
    const result = await db.execute(sql`
      select string_agg(
               int8send((date_part('epoch', time) * 1000)::int8) || float4send(coalesce(mgdl, 'NaN'::float4))
                 || int2send(utc_offset_min) || int2send(${FLAG_CASE}),
               ''::bytea order by time, serial) as packed
      from sg_readings
      where patient_id = ${patientId}
        and ${onLocalDays(sql.raw('time'), sql.raw('utc_offset_min'), days)}`);
    const rows = (result as { rows?: Array<{ packed: Uint8Array | null }> }).rows ?? [];
    return decodeSg(rows[0]?.packed ?? null);
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

export function decodeSg(packed: Uint8Array | null): SgColumns {
  const count = packed ? Math.floor(packed.byteLength / STRIDE) : 0;
  const out: SgColumns = {
    time: new Float64Array(count),
    mgdl: new Float64Array(count),
    utcOffsetMin: new Int16Array(count),
    flag: new Uint8Array(count),
  };
  if (!packed) return out;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const at = i * STRIDE;
    const t = Number(view.getBigInt64(at));
    if (n > 0 && out.time[n - 1] === t) continue; // same instant from a second serial
    out.time[n] = t;
    const v = view.getFloat32(at + 8);
    // float4 carries ~7 significant digits: round to the 0.1 mg/dL a sensor reports.
    out.mgdl[n] = Number.isNaN(v) ? NaN : Math.round(v * 10) / 10;
    out.utcOffsetMin[n] = view.getInt16(at + 12);
    out.flag[n] = view.getInt16(at + 14);
    n++;
  }
  if (n === count) return out;
  return {
    time: out.time.slice(0, n),
    mgdl: out.mgdl.slice(0, n),
    utcOffsetMin: out.utcOffsetMin.slice(0, n),
    flag: out.flag.slice(0, n),
  };
}
