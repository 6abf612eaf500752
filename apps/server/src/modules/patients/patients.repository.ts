import { sql, type SQL } from 'drizzle-orm';
import type { PatientSort } from '@cgm/contract';
import type { Db } from '../../db/client';

// SQL of the clinician's patient list. The list is the patients with an ACCEPTED relation to the
// calling HCP (the rule of policy/patient-data.ts: accepted relation, account of type P); nothing
// else is ever selected. Latest glucose and the 14-day time in range are computed in the same
// statement, for the page's patients only unless the sort needs them for everyone.

export interface ListFilter {
  hcpId: string;
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
  tir_below: number | null;
  tir_above: number | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** `%q%` for ILIKE, with the pattern characters of the user's text taken literally. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function mine(f: ListFilter): SQL {
  const filters: SQL[] = [];
  if (f.q) {
    const p = likePattern(f.q);
    filters.push(sql`and (p.realname ilike ${p} or p.alias ilike ${p} or u.username ilike ${p})`);
  }
  if (f.diabetesType) filters.push(sql`and coalesce(p.diabetes_type, 'unspecified') = ${f.diabetesType}`);
  return sql`
    select u.id, u.username, u.created_by, p.realname, p.alias, p.gender, p.diabetes_type, p.birthday,
           p.diabetes_diagnosis_date,
           lower(coalesce(nullif(p.realname, ''), u.username)) as sort_name,
           (u.created_by = 'hcp' and r.requested_by = ${f.hcpId}
              and not exists (select 1 from relations o
                               where o.patient_id = u.id and o.follower_id <> ${f.hcpId} and o.state = 'accepted'))
             as deletes_account
      from relations r
      join users u on u.id = r.patient_id and u.user_type = 'P'
      left join profiles p on p.user_id = u.id
     where r.follower_id = ${f.hcpId} and r.state = 'accepted' ${sql.join(filters, sql` `)}`;
}

/** The newest sensor reading (the (patient_id, time) index read backwards: one probe). */
const LATEST = sql`left join lateral (
    select s.mgdl as g_mgdl, s.time as g_time, s.rate as g_rate, s.quality as g_quality, s.display_code as g_code
      from sg_readings s where s.patient_id = m.id order by s.time desc limit 1) g on true`;

/** Last data upload: the newest upload batch or the newest reading, whichever is later. */
const UPLOAD = sql`left join lateral (
    select greatest(
      (select max(x.received_at) from uploads x where x.patient_id = m.id),
      (select max(s.time) from sg_readings s where s.patient_id = m.id)) as upload_time) up on true`;

/**
 * Band counts over [from, to) exactly as the report path delivers readings to `glucoseStats`:
 * readGlucoseSeries rounds each float4 value to 0.1 mg/dL and the domain drops values ≤ 0, so
 * "rounded < 70" is "value < 69.95", "rounded > 180" is "value ≥ 180.05" and "rounded > 0" is
 * "value ≥ 0.05" (NaN sorts above Infinity in PostgreSQL, so `< 'Infinity'` drops both, as the
 * domain does). Readings of two serials at one instant count once (CLINICAL.md): only patients
 * with several serials in the window take the slower de-duplicating count (t2 gives no row
 * otherwise, and is not even scanned).
 */
function tir(from: Date, to: Date, everyone: boolean): SQL {
  const f = from.toISOString();
  const t = to.toISOString();
  const valid = sql`s.time >= ${f}::timestamptz and s.time < ${t}::timestamptz
      and s.mgdl >= 0.05 and s.mgdl < 'Infinity'::real`;
  const counts = sql`count(*)::int as n, count(*) filter (where s.mgdl < 69.95)::int as below,
      count(*) filter (where s.mgdl >= 180.05)::int as above, min(s.serial) <> max(s.serial) as multi`;
  // For a page: one index range per patient. For everyone (sort by TIR): one grouped pass over the
  // window, which PostgreSQL can run in parallel, instead of a thousand index ranges.
  const fast = everyone
    ? sql`left join (select s.patient_id, ${counts} from sg_readings s
          where s.patient_id in (select id from mine) and ${valid} group by s.patient_id) t1
        on t1.patient_id = m.id`
    : sql`left join lateral (select ${counts} from sg_readings s where s.patient_id = m.id and ${valid}) t1 on true`;
  return sql`${fast}
  left join lateral (
    select count(*)::int as n, count(*) filter (where d.mgdl < 69.95)::int as below,
           count(*) filter (where d.mgdl >= 180.05)::int as above
      from (select distinct on (s.time) s.mgdl from sg_readings s
             where s.patient_id = m.id and ${valid} order by s.time, s.serial) d
     where t1.multi having t1.multi) t2 on true`;
}
const TIR_COLUMNS = sql`coalesce(t2.n, t1.n) as tir_n, coalesce(t2.below, t1.below) as tir_below,
    coalesce(t2.above, t1.above) as tir_above`;

function sortKey(sort: PatientSort): SQL {
  switch (sort) {
    case 'name':
      return sql`m.sort_name`;
    case 'upload_time':
      return sql`up.upload_time`;
    case 'glucose':
      return sql`g.g_mgdl`;
    case 'tir':
      // Percent in range; patients without readings in the window sort last either way.
      return sql`case when coalesce(t2.n, t1.n) > 0
        then (coalesce(t2.n, t1.n) - coalesce(t2.below, t1.below) - coalesce(t2.above, t1.above))::float8
             / coalesce(t2.n, t1.n) end`;
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
    { needed: p.sort === 'tir', join: tir(p.from, p.to, p.sort === 'tir'), columns: TIR_COLUMNS },
  ];
  const before = figures.filter((f) => f.needed);
  const after = figures.filter((f) => !f.needed);
  const innerCols = [sql`m.*`, ...before.map((f) => f.columns), sql`${sortKey(p.sort)} as sort_key`];
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
    select ${sql.join([sql`m.*`, ...after.map((f) => f.columns)], sql`, `)}
      from page m ${sql.join(
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
