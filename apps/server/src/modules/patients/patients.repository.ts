import { sql, type SQL } from 'drizzle-orm';
import type { PatientSort } from '@cgm/contract';
import {
  MS_PER_DAY,
  STALE_AFTER_SECONDS,
  TIR_MIN_COVERAGE_PCT,
  UNKNOWN_SOURCE_INTERVAL_MIN,
} from '@cgm/domain';
import type { Db } from '../../db/client';
import { clinicRelationCondition } from '../../policy/clinic-access';

// SQL of the clinician's patient list. The list is the patients with an ACCEPTED relation to the
// calling HCP (the rule of policy/patient-data.ts: accepted relation, account of type P); nothing
// else is ever selected. Latest glucose and the 14-day time in range are computed in the same
// statement, for the page's patients only unless the sort needs them for everyone.

export interface ListFilter {
  hcpId: string;
  /** The caller is a clinic login: its list is its clinic's patients (policy/clinic-access.ts). */
  clinicLogin?: boolean;
  /** Part of real name, alias or user name; matched case-insensitively. */
  q?: string | undefined;
  diabetesType?: string | undefined;
}

export interface ListParams extends ListFilter {
  sort: PatientSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** The 14-day window [from, to). */
  from: Date;
  to: Date;
  /** The time of the list: a reading more than an hour older is stale ('--', spec §9). */
  now: Date;
}

export interface PatientRow {
  id: string;
  username: string;
  created_by: string;
  realname: string | null;
  alias: string | null;
  gender: string | null;
  diabetes_type: string | null;
  birthday: string | null;
  diabetes_diagnosis_date: string | null;
  deletes_account: boolean;
  upload_time: Date | string | null;
  g_mgdl: number | null;
  g_time: Date | string | null;
  g_rate: number | null;
  g_quality: string | null;
  g_code: string | null;
  tir_n: number | null;
  /** Minutes the readings cover; below and above are weighted the same way. */
  tir_covered: number | null;
  tir_below: number | null;
  tir_above: number | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** `%q%` for ILIKE, with the pattern characters of the user's text taken literally. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The accepted relations the list is made of: the caller's own, or a clinic login's clinic's. */
const followedBy = (f: ListFilter): SQL =>
  f.clinicLogin ? clinicRelationCondition(f.hcpId) : sql`r.follower_id = ${f.hcpId} and r.state = 'accepted'`;

function mine(f: ListFilter): SQL {
  const filters: SQL[] = [];
  if (f.q) {
    const p = likePattern(f.q);
    filters.push(sql`and (p.realname ilike ${p} or p.alias ilike ${p} or u.username ilike ${p})`);
  }
  if (f.diabetesType) filters.push(sql`and coalesce(p.diabetes_type, 'unspecified') = ${f.diabetesType}`);
  return sql`
    select u.id, lower(coalesce(nullif(p.realname, ''), u.username)) as sort_name
      from relations r
      join users u on u.id = r.patient_id and u.user_type = 'P'
      left join profiles p on p.user_id = u.id
     where ${followedBy(f)} ${sql.join(filters, sql` `)}`;
}

/** The page's patients' account and profile details, read for the page's rows only. */
const DETAILS = sql`u.username, u.created_by, p.realname, p.alias, p.gender, p.diabetes_type, p.birthday,
  p.diabetes_diagnosis_date`;

/**
 * Whether deleting the patient from the list deletes their account (an account this HCP created
 * that no one else follows): looked up for the page's rows only.
 */
const deletesAccount = (hcpId: string): SQL => sql`
  (u.created_by = 'hcp' and u.creator_id is not distinct from ${hcpId}
     and not exists (select 1 from relations o
                      where o.patient_id = m.id and o.follower_id <> ${hcpId} and o.state = 'accepted'))
    as deletes_account`;

/**
 * The newest sensor reading: the last record of the newest hour block (records are in time order;
 * the primary key read backwards: one probe), decoded by the migration's sg_block_rows.
 */
const NEWEST_RECORD =
  sql.raw(`(select b.packed from sg_blocks b where b.patient_id = m.id order by b.hour desc limit 1) b
      cross join lateral sg_block_rows(substring(b.packed from octet_length(b.packed) - 35)) r`);
const LATEST = sql`left join lateral (
    select r.mgdl as g_mgdl, r.time as g_time, r.rate as g_rate,
           (array['C','CX','NC','DE'])[r.flags & 7] as g_quality,
           (array['CE0','CE1','H'])[(r.flags >> 3) & 3] as g_code
      from ${NEWEST_RECORD}) g on true`;

/**
 * Last data upload: the newest upload batch that stored data, or the newest reading, whichever is
 * later. A batch that stored nothing (all duplicates or rejected) or a data deletion (stored 0) is
 * not an upload of data, so it does not make stale data look fresh.
 */
const UPLOAD = sql`left join lateral (
    select greatest(
      (select max(x.received_at) from uploads x where x.patient_id = m.id and x.stored > 0),
      (select r.time from ${NEWEST_RECORD})) as upload_time) up on true`;

/**
 * Band counts over [from, to) (whole hours) from the derived counts of migration 0005, which
 * count exactly as the report path gives readings to `glucoseStats` (de-duplicated instants,
 * values rounded to 0.1 mg/dL, below 70 and above 180): the UTC days inside the window from
 * sg_day_counts, its partial days hour by hour from sg_hour_counts. About 40 rows per patient
 * instead of 10,000 readings, so even the sort by time in range over every patient is quick.
 *
 * Per patient (lateral), each part a range of its table's primary key (patient, day or hour): the
 * rows read are those of the window only, however many days the patient has stored. (An `or` of the
 * two partial-day ranges read every hour row the patient ever had.)
 */
function tir(from: Date, to: Date): SQL {
  const firstDay = Math.ceil(from.getTime() / MS_PER_DAY);
  const endDay = Math.max(firstDay, Math.floor(to.getTime() / MS_PER_DAY));
  const iso = (ms: number) => new Date(ms).toISOString();
  const hours = (a: number, b: number) => sql`
    select src, n, below, above, g1, g2, g5, g15 from sg_hour_counts
     where patient_id = m.id and hour >= ${iso(a)}::timestamptz and hour < ${iso(b)}::timestamptz`;
  // Per source: its readings, and the minutes they cover (× its interval: the nominal one of its
  // class, else the class of its lower median gap, domain intervalOfGapClassCounts, else 5); the
  // bands weighted the same way (CLINICAL.md "Sampling interval and coverage").
  const k = sql.raw('floor((x.g1 + x.g2 + x.g5 + x.g15 - 1) / 2.0)');
  return sql`left join lateral (
    select sum(y.n)::int as n, sum(y.n * y.iv)::float8 as covered,
           sum(y.below * y.iv)::float8 as below, sum(y.above * y.iv)::float8 as above
      from (select x.n, x.below, x.above,
                   case when x.src & 7 > 0 then (array[1, 2, 5, 15])[x.src & 7]
                        when x.g1 + x.g2 + x.g5 + x.g15 = 0 then ${UNKNOWN_SOURCE_INTERVAL_MIN}
                        when x.g1 > ${k} then 1 when x.g1 + x.g2 > ${k} then 2
                        when x.g1 + x.g2 + x.g5 > ${k} then 5 else 15 end as iv
              from (select c.src, sum(c.n) as n, sum(c.below) as below, sum(c.above) as above,
                           sum(c.g1) as g1, sum(c.g2) as g2, sum(c.g5) as g5, sum(c.g15) as g15
                      from (select src, n, below, above, g1, g2, g5, g15 from sg_day_counts
                             where patient_id = m.id and day >= ${firstDay} and day < ${endDay}
                            union all ${hours(from.getTime(), firstDay * MS_PER_DAY)}
                            union all ${hours(endDay * MS_PER_DAY, to.getTime())}) c
                     group by c.src) x) y) t on true`;
}
const TIR_COLUMNS = sql`t.n as tir_n, t.covered as tir_covered, t.below as tir_below, t.above as tir_above`;

function sortKey(p: Pick<ListParams, 'sort' | 'from' | 'to' | 'now'>): SQL {
  switch (p.sort) {
    case 'name':
      return sql`m.sort_name`;
    case 'upload_time':
      return sql`up.upload_time`;
    case 'glucose': {
      // A reading older than an hour shows '--' (domain isStale, spec §9): it sorts with the
      // patients who have none, never as if it were current.
      const freshFrom = new Date(p.now.getTime() - STALE_AFTER_SECONDS * 1000).toISOString();
      return sql`case when g.g_time >= ${freshFrom}::timestamptz then g.g_mgdl end`;
    }
    case 'tir': {
      // Percent in range, only with enough data (domain hasEnoughDataForTir: the figure the list
      // shows); patients without it sort last either way.
      const needed = ((p.to.getTime() - p.from.getTime()) / 60_000) * (TIR_MIN_COVERAGE_PCT / 100);
      return sql`case when t.covered > 0 and t.covered >= ${needed} then (t.covered - t.below - t.above) / t.covered end`;
    }
  }
}

/**
 * One page of the list, in one statement. The sort's own figure is computed for every patient
 * before the page is cut (one index probe each for glucose and upload time; the 14-day aggregate
 * for TIR); the other figures only for the page's rows.
 */
export async function listPage(db: Db, p: ListParams): Promise<PatientRow[]> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  // Each figure is either joined before the page is cut (when the sort needs it) or after.
  const figures: Array<{ needed: boolean; join: SQL; columns: SQL }> = [
    { needed: p.sort === 'glucose', join: LATEST, columns: sql`g.*` },
    { needed: p.sort === 'upload_time', join: UPLOAD, columns: sql`up.upload_time` },
    {
      needed: p.sort === 'tir',
      join: tir(p.from, p.to),
      columns: TIR_COLUMNS,
    },
  ];
  const before = figures.filter((f) => f.needed);
  const after = figures.filter((f) => !f.needed);
  const innerCols = [sql`m.*`, ...before.map((f) => f.columns), sql`${sortKey(p)} as sort_key`];
  const order = sql`sort_key ${dir} nulls last, sort_name asc, id asc`;
  // JIT compilation costs PostgreSQL about a second on this statement (its estimated cost is high
  // by nature: thousands of readings per patient) and never pays back on a 20-row page.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
    with mine as (${mine(p)}),
    page as (
      select ${sql.join(innerCols, sql`, `)} from mine m ${sql.join(
        before.map((f) => f.join),
        sql` `,
      )}
       order by ${order} limit ${p.limit} offset ${p.offset})
    select ${sql.join([sql`m.*`, DETAILS, deletesAccount(p.hcpId), ...after.map((f) => f.columns)], sql`, `)}
      from page m join users u on u.id = m.id left join profiles p on p.user_id = m.id ${sql.join(
        after.map((f) => f.join),
        sql` `,
      )}
     order by ${order}`);
  });
  return rowsOf<PatientRow>(result);
}

export async function countPatients(db: Db, f: ListFilter): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${mine(f)}) m`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
