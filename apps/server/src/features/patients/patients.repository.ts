import { sql, type SQL } from 'drizzle-orm';
import type { PatientSort } from '@cgm/contract';
import {
  flagBit,
  MS_PER_DAY,
  riskRank,
  STALE_AFTER_SECONDS,
  TIR_MIN_COVERAGE_PCT,
  TRIAGE_FLAGS,
  TRIAGE_LIMITS,
  type TriageFlag,
} from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { consentedFollowers, consentedPatients } from '../../access/consented-patients';

// SQL of the clinician's patient list. The list is the patients the caller reads (access/
// consented-patients.ts: an accepted relation, an account of type P); nothing else is ever
// selected. Latest glucose and the last upload are read live, for the page's patients only unless
// the sort needs them for everyone; the 14-day figures, flags and risk come from each
// patient's list summary (list-summaries.ts), one row per patient, so every sort is one pass.

export interface ListFilter {
  hcpId: string;
  /** The caller is a clinic login: its list is its clinic's patients (access/clinic-access.ts). */
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
  /** Only the patients with a triage flag. */
  attention?: boolean;
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
  /** The patient's list summary (migration 0018); null before it is first computed. */
  s_readings: number | null;
  s_wear: number | null;
  s_very_low: number | null;
  s_low: number | null;
  s_in_range: number | null;
  s_high: number | null;
  s_very_high: number | null;
  s_gmi: number | null;
  s_gmi_withheld: string | null;
  s_cv: number | null;
  s_previous_in_range: number | null;
  s_mask: number | null;
  s_computed_at: Date | string | null;
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
    select u.id, lower(coalesce(nullif(p.realname, ''), u.username)) as sort_name
      from (${consentedPatients({ followerId: f.hcpId, clinicLogin: f.clinicLogin })}) c
      join users u on u.id = c.patient_id
      left join profiles p on p.user_id = u.id
     where true ${sql.join(filters, sql` `)}`;
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
     and not exists (select 1 from (${consentedFollowers(sql`m.id`)}) o where o.follower_id <> ${hcpId}))
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

/** The summary's columns (migration 0018, list-summaries.ts), for the page's rows. */
const SUMMARY_COLUMNS = sql`s.readings as s_readings, s.wear as s_wear, s.very_low as s_very_low, s.low as s_low,
  s.in_range as s_in_range, s.high as s_high, s.very_high as s_very_high, s.gmi as s_gmi,
  s.gmi_withheld as s_gmi_withheld, s.cv as s_cv, s.previous_in_range as s_previous_in_range,
  s.mask as s_mask, s.computed_at as s_computed_at`;
const SUMMARY = sql`left join patient_list_summaries s on s.patient_id = m.id`;

/** "No data for 2 days" by the summary's newest reading (exact while the row is fresh). */
const noData = (now: Date): SQL => {
  const before = new Date(now.getTime() - TRIAGE_LIMITS.noDataDays * MS_PER_DAY).toISOString();
  return sql`(s.last_reading is null or s.last_reading <= ${before}::timestamptz)`;
};

/** The domain's risk rank (riskRank): the stored rank with or without "no data", by the reading's age. */
const riskKey = (now: Date): SQL =>
  sql`case when ${noData(now)} then coalesce(s.rank_no_data, ${riskRank(['no_data'], null)}) else s.rank_recent end`;

/** Any flag: the "needs attention" filter and the summary line's flagged count. */
const needsAttention = (now: Date): SQL => sql`(coalesce(s.mask, 0) <> 0 or ${noData(now)})`;

/** A band figure is shown, and sorted by, only with enough data (hasEnoughDataForTir). */
const shown = (figure: SQL): SQL => sql`case when s.wear >= ${TIR_MIN_COVERAGE_PCT} then ${figure} end`;

function sortKey(p: Pick<ListParams, 'sort' | 'now'>): SQL {
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
    // Band figures only with enough data (the figure the list shows); the others sort last.
    case 'tir':
      return shown(sql`s.in_range`);
    case 'very_low':
      return shown(sql`s.very_low`);
    case 'below':
      return shown(sql`s.very_low + s.low`);
    case 'above':
      return shown(sql`s.high + s.very_high`);
    case 'very_high':
      return shown(sql`s.very_high`);
    case 'wear':
      return sql`s.wear`;
    case 'gmi':
      return sql`s.gmi`;
    case 'cv':
      return sql`s.cv`;
    case 'last_reading':
      return sql`extract(epoch from ${p.now.toISOString()}::timestamptz - s.last_reading)`;
    case 'risk':
      return riskKey(p.now);
  }
}

/**
 * One page of the list, in one statement. The sort's own figure is computed for every patient
 * before the page is cut (one index probe each for glucose and upload time; one summary row each
 * for the figures and the risk); the other figures only for the page's rows.
 */
export async function listPage(db: Db, p: ListParams): Promise<PatientRow[]> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  // Each live figure is either joined before the page is cut (when the sort needs it) or after.
  const figures: Array<{ needed: boolean; join: SQL; columns: SQL }> = [
    { needed: p.sort === 'glucose', join: LATEST, columns: sql`g.*` },
    { needed: p.sort === 'upload_time', join: UPLOAD, columns: sql`up.upload_time` },
  ];
  const before = figures.filter((f) => f.needed);
  const after = figures.filter((f) => !f.needed);
  const innerCols = [sql`m.*`, ...before.map((f) => f.columns), sql`${sortKey(p)} as sort_key`];
  const order = sql`sort_key ${dir} nulls last, sort_name asc, id asc`;
  const attention = p.attention ? sql`where ${needsAttention(p.now)}` : sql``;
  // JIT compilation costs PostgreSQL about a second on this statement (its estimated cost is high
  // by nature: thousands of readings per patient) and never pays back on a 20-row page.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
    with mine as (${mine(p)}),
    page as (
      select ${sql.join(innerCols, sql`, `)} from mine m ${SUMMARY} ${sql.join(
        before.map((f) => f.join),
        sql` `,
      )} ${attention}
       order by ${order} limit ${p.limit} offset ${p.offset})
    select ${sql.join([sql`m.*`, DETAILS, deletesAccount(p.hcpId), SUMMARY_COLUMNS, ...after.map((f) => f.columns)], sql`, `)}
      from page m join users u on u.id = m.id left join profiles p on p.user_id = m.id ${SUMMARY} ${sql.join(
        after.map((f) => f.join),
        sql` `,
      )}
     order by ${order}`);
  });
  return rowsOf<PatientRow>(result);
}

export interface Population {
  patients: number;
  flagged: number;
  perFlag: Record<TriageFlag, number>;
}

/**
 * The list's patients counted (for paging: only the flagged ones under the "needs attention"
 * filter) and the summary line: flagged in all and per flag, over the whole filtered list.
 */
export async function countPatients(db: Db, f: ListFilter, now: Date): Promise<Population> {
  const perFlag = TRIAGE_FLAGS.map((flag) =>
    flag === 'no_data'
      ? sql`(count(*) filter (where ${noData(now)}))::int as ${sql.raw(flag)}`
      : sql`(count(*) filter (where coalesce(s.mask, 0) & ${flagBit(flag)} <> 0))::int as ${sql.raw(flag)}`,
  );
  const result = await db.execute(sql`
    select count(*)::int as n, (count(*) filter (where ${needsAttention(now)}))::int as flagged,
           ${sql.join(perFlag, sql`, `)}
      from (${mine(f)}) m ${SUMMARY}`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  return {
    patients: row.n ?? 0,
    flagged: row.flagged ?? 0,
    perFlag: Object.fromEntries(TRIAGE_FLAGS.map((flag) => [flag, row[flag] ?? 0])) as Record<
      TriageFlag,
      number
    >,
  };
}
