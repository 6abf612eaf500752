import { sql, type SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../platform/db/client';
import { chunks, deviceColumns, insertUnnest, pgArray } from './bulk-insert';
import type { Source } from './store-records';

// The writer of basal segments (basal_segments) and of the day blocks derived from them
// (basal_day_blocks, migration 0005: per patient and UTC day, that day's segments packed for the
// reports, features/reports/day-blocks.ts). Every insert and delete of basal segments goes through
// here, and rebuilds the blocks of the days it touched in the caller's transaction, so the blocks
// are never out of date. Statement triggers with transition tables did this until migration 0022:
// a distributed PostgreSQL (Citus) does not accept them.

export type BasalRecord = Extract<DeviceRecord, { type: 'basal' }>;

/** What a removal took away: how many segments, and the time they covered (null when none). */
export interface RemovedBasal {
  count: number;
  span: { start: number; end: number } | null;
}

/**
 * Rebuilds the patient's day blocks of the UTC days `days` (a query of one integer column) selects,
 * from the segments as they are now. basal_derived_refresh takes a per-patient lock and reads in a
 * new snapshot after it: of two writers of one day, the second sees the first's committed rows.
 */
async function rebuildDays(tx: Db, patientId: string, days: SQL): Promise<void> {
  await tx.execute(sql`select basal_derived_refresh(array_agg(${patientId}::text), array_agg(k.d))
    from (${days}) k(d) having count(*) > 0`);
}

/**
 * Stores basal segments, each once (ON CONFLICT DO NOTHING on its identity; with `sameAs`, also
 * not when the patient has a segment at the same instant for which it holds: bulk-insert.ts), and
 * rebuilds the days they fall on. Returns how many were new.
 */
export async function insertBasal(
  tx: Db,
  patientId: string,
  source: Source,
  records: readonly BasalRecord[],
  sameAs?: string,
): Promise<number> {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  let stored = 0;
  for (const part of chunks(records)) {
    stored += await insertUnnest(
      tx,
      'basal_segments',
      [
        ...deviceColumns(patientId, source, part),
        ['code', 'text', part.map((r) => r.code)],
        ['duration_min', 'real', part.map((r) => r.duration_min)],
        ['rate', 'real', part.map((r) => r.rate)],
        ['delivered', 'real', part.map((r) => r.delivered)],
        ['auto', 'jsonb', part.map((r) => json(r.auto))],
      ],
      sameAs,
    );
  }
  if (stored === 0) return 0;
  // The days of every record sent (a duplicate's day is rebuilt for nothing, at no harm), with
  // the insert's own conversion of epoch ms, so a record on a day's edge finds its day.
  const times = pgArray(records.map((r) => r.time));
  await rebuildDays(
    tx,
    patientId,
    sql`select distinct utc_day(to_timestamp(t / 1000.0)) from unnest(${times}::double precision[]) t`,
  );
  return stored;
}

/**
 * Deletes the patient's basal segments for which `where` (a condition on basal_segments) holds,
 * and rebuilds the days they were on. Counted in PostgreSQL: a long range sends no rows back.
 * The span runs from the first start to the last end (start + duration), in epoch ms.
 */
export async function removeBasal(tx: Db, patientId: string, where: SQL): Promise<RemovedBasal> {
  const result = await tx.execute(sql`
    with gone as (delete from basal_segments where patient_id = ${patientId} and (${where})
                  returning time, duration_min)
    select utc_day(time) as day, count(*)::int as n,
           min(round(date_part('epoch', time) * 1000))::float8 as start,
           max(round(date_part('epoch', time) * 1000) + duration_min::text::float8 * 60000)::float8 as "end"
      from gone group by 1`);
  const days =
    (result as { rows?: Array<{ day: number; n: number; start: number; end: number }> }).rows ?? [];
  if (!days.length) return { count: 0, span: null };
  await rebuildDays(tx, patientId, sql`select unnest(${pgArray(days.map((d) => Number(d.day)))}::integer[])`);
  return {
    count: days.reduce((n, d) => n + Number(d.n), 0),
    span: {
      start: days.reduce((m, d) => Math.min(m, Number(d.start)), Infinity),
      end: days.reduce((m, d) => Math.max(m, Number(d.end)), -Infinity),
    },
  };
}
