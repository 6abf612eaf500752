import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

type Rows<T> = { rows?: T[] };
const rowsOf = <T>(r: unknown): T[] => (r as Rows<T>).rows ?? [];

export interface DayCountry {
  day: string;
  country: string;
  n: number;
}

/**
 * SQL of the usage statistics. Every figure is grouped by UTC day and the account's country, and
 * limited by `scope` (a condition on `u.country`, see access/admin-scope.ts). Days are cut with absolute
 * 24-hour steps from a UTC midnight, so the database session's time zone never shifts a day.
 */
export function createUsageRepository(db: Db) {
  const dayOf = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const grouped = async (query: SQL): Promise<DayCountry[]> =>
    rowsOf<DayCountry>(await db.execute(query)).map((r) => ({ ...r, n: Number(r.n) }));

  return {
    /** Ingest batches and file imports (upload history rows that are not data deletions). */
    uploads: (from: Date, to: Date, scope: SQL) =>
      grouped(sql`
        select ${dayOf(sql`up.received_at`)} as day, u.country, count(*)::int as n
          from uploads up join users u on u.id = up.patient_id
         where up.received_at >= ${from.toISOString()}::timestamptz and up.received_at < ${to.toISOString()}::timestamptz
           and ${scope}
           and not exists (select 1 from data_deletions d where d.upload_id = up.id)
         group by 1, 2`),

    /**
     * Patients with at least one sensor reading that day. One index probe per patient and day on
     * sg_patient_time_idx (patient_id, time), stopping at the first reading: the cost grows with
     * patients × days, not with the millions of readings a day-by-day scan would touch.
     */
    activePatients: (from: Date, days: number, scope: SQL) =>
      grouped(sql`
        select ${dayOf(sql`d.start`)} as day, u.country, count(*)::int as n
          from users u
          cross join lateral (
            select ${from.toISOString()}::timestamptz + i * interval '24 hours' as start
              from generate_series(0, ${days - 1}::int) i
          ) d
         where u.user_type = 'P' and ${scope}
           -- Sensor glucose is stored per UTC hour (sg_blocks): exact for days that start on the hour.
           and exists (select 1 from sg_blocks b where b.patient_id = u.id
                        and b.hour >= floor(date_part('epoch', d.start) / 3600)
                        and b.hour < ceil(date_part('epoch', d.start + interval '24 hours') / 3600))
         group by 1, 2`),

    /** Distinct patients with any reading in the whole period (the period's total is not a sum of days). */
    async activePatientsTotal(from: Date, to: Date, scope: SQL): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from users u
           where u.user_type = 'P' and ${scope}
             and exists (select 1 from sg_blocks b where b.patient_id = u.id
                          and b.hour >= ${Math.floor(from.getTime() / 3_600_000)} and b.hour < ${Math.ceil(to.getTime() / 3_600_000)})`),
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Sensors and patches started (device sessions by start time), per kind. */
    async sessionsStarted(from: Date, to: Date, scope: SQL) {
      const rows = rowsOf<DayCountry & { kind: 'sensor' | 'patch' }>(
        await db.execute(sql`
          select ${dayOf(sql`s.started_at`)} as day, u.country, s.kind, count(*)::int as n
            from device_sessions s join users u on u.id = s.patient_id
           where s.started_at >= ${from.toISOString()}::timestamptz and s.started_at < ${to.toISOString()}::timestamptz
             and ${scope}
           group by 1, 2, 3`),
      );
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** Accounts of patients, carers and HCPs created (account admins are staff, not counted). */
    newAccounts: (from: Date, to: Date, scope: SQL) =>
      grouped(sql`
        select ${dayOf(sql`u.created_at`)} as day, u.country, count(*)::int as n
          from users u
         where u.created_at >= ${from.toISOString()}::timestamptz and u.created_at < ${to.toISOString()}::timestamptz
           and u.user_type <> 'A' and ${scope}
         group by 1, 2`),

    /** Today's accounts by type, country and state (small: one row per combination). */
    async accountGroups(scope: SQL) {
      const rows = rowsOf<{
        user_type: string;
        country: string;
        status: string;
        deleted: boolean;
        n: number;
      }>(
        await db.execute(sql`
          select u.user_type, u.country, u.status, (u.deleted_at is not null) as deleted, count(*)::int as n
            from users u where ${scope}
           group by 1, 2, 3, 4`),
      );
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /**
     * Accounts created and deleted per UTC month and type from `from`, and how many of each type
     * existed just before it. Keys of the maps are `YYYY-MM|type`.
     */
    async monthly(from: Date, scope: SQL) {
      const f = from.toISOString();
      const month = (col: string) => sql.raw(`to_char(u.${col} at time zone 'UTC', 'YYYY-MM')`);
      const [created, deleted, before] = await Promise.all([
        db.execute(sql`select ${month('created_at')} as m, u.user_type as t, count(*)::int as n from users u
                        where u.created_at >= ${f}::timestamptz and ${scope} group by 1, 2`),
        db.execute(sql`select ${month('deleted_at')} as m, u.user_type as t, count(*)::int as n from users u
                        where u.deleted_at >= ${f}::timestamptz and ${scope} group by 1, 2`),
        db.execute(sql`select u.user_type as t, count(*)::int as n from users u
                        where u.created_at < ${f}::timestamptz
                          and (u.deleted_at is null or u.deleted_at >= ${f}::timestamptz) and ${scope}
                        group by 1`),
      ]);
      const byMonth = (r: unknown) =>
        new Map(rowsOf<{ m: string; t: string; n: number }>(r).map((x) => [`${x.m}|${x.t}`, Number(x.n)]));
      return {
        created: byMonth(created),
        deleted: byMonth(deleted),
        before: new Map(rowsOf<{ t: string; n: number }>(before).map((x) => [x.t, Number(x.n)])),
      };
    },
  };
}
