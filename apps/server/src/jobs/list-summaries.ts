import { sql } from 'drizzle-orm';
import { glucoseStats, MS_PER_DAY, triageSummary, type GlucoseStats } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { pgArray, readGlucoseSeries } from '../patient-data';
import { TIR_DAYS, tirWindow } from '../features/patients/list-window';
import { runEvery } from '../platform/lib/every';

// The triage list's per-patient summary (migration 0018): each patient's last 14 days and the 14
// before them, computed by the domain's glucoseStats from the readings the reports read (so the
// list's figures are the dashboard's for the same 14 days), judged by the domain's triage rules.
// The device write path never writes it: a row is stale when the patient's data event number moved
// on, or its window is no longer the current one (the window moves by the hour), and the job below
// recomputes the stale rows, data changes first.

/** How often the job looks for stale rows: a change shows in the list's figures within this, plus the backlog's time. */
export const SUMMARY_REFRESH_MS = 15_000;
const BATCH = 100;

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

interface Stale {
  id: string;
  event_no: string | number;
  last_reading: Date | string | null;
}

/**
 * Up to `limit` stale patients: those whose data changed since their row was computed (or who
 * have none) first, then those whose window moved on. With their current event number and newest
 * reading (the last record of the newest hour block: one probe), read before their readings, so a
 * write in between leaves the row stale for the next round rather than wrong.
 */
async function stalePatients(
  db: Db,
  windowEnd: Date,
  limit: number,
  only?: readonly string[],
): Promise<Stale[]> {
  const restrict = only ? sql`and u.id = any(${pgArray(only)}::text[])` : sql``;
  const result = await db.execute(sql`
    select u.id, coalesce(e.event_no, 0) as event_no,
           (select r.time from (select b.packed from sg_blocks b where b.patient_id = u.id
                                 order by b.hour desc limit 1) b
              cross join lateral sg_block_rows(substring(b.packed from octet_length(b.packed) - 35)) r) as last_reading
      from users u
      left join patient_data_events e on e.patient_id = u.id
      left join patient_list_summaries s on s.patient_id = u.id
     where u.user_type = 'P' and u.deleted_at is null ${restrict}
       and (s.patient_id is null or s.event_no <> coalesce(e.event_no, 0)
            or s.window_end <> ${windowEnd.toISOString()}::timestamptz)
     order by (s.patient_id is null or s.event_no <> coalesce(e.event_no, 0)) desc, u.id
     limit ${limit}`);
  return rowsOf<Stale>(result);
}

/** The two 14-day periods' statistics of one patient, from one read of 28 days. */
async function periodsOf(db: Db, patientId: string, to: number): Promise<[GlucoseStats, GlucoseStats]> {
  const period = TIR_DAYS * MS_PER_DAY;
  const series = await readGlucoseSeries(db, patientId, to - 2 * period, to);
  const readings = Array.from(series.time, (time, i) => ({
    time,
    mgdl: series.mgdl[i]!,
    intervalMin: series.intervalMin[i]!,
  }));
  return [
    glucoseStats(readings, { from: to - period, to }),
    glucoseStats(readings, { from: to - 2 * period, to: to - period }),
  ];
}

async function store(db: Db, p: Stale, windowEnd: Date, now: Date): Promise<void> {
  const [current, previous] = await periodsOf(db, p.id, windowEnd.getTime());
  const s = triageSummary(current, previous);
  const b = s.bands;
  const lastReading = p.last_reading === null ? null : new Date(p.last_reading).toISOString();
  // A row computed from an older event number never replaces one from a newer (two processes).
  await db.execute(sql`
    insert into patient_list_summaries (patient_id, event_no, window_end, last_reading, readings, wear,
      very_low, low, in_range, high, very_high, gmi, gmi_withheld, cv, previous_in_range, mask,
      rank_recent, rank_no_data, computed_at)
    values (${p.id}, ${Number(p.event_no)}, ${windowEnd.toISOString()}::timestamptz, ${lastReading}::timestamptz,
      ${s.readings}, ${s.wear}, ${b?.veryLow ?? null}, ${b?.low ?? null}, ${b?.inRange ?? null},
      ${b?.high ?? null}, ${b?.veryHigh ?? null}, ${s.gmi}, ${s.gmiWithheld}, ${s.cv}, ${s.previousInRange},
      ${s.mask}, ${s.rankRecent}, ${s.rankNoData}, ${now.toISOString()}::timestamptz)
    on conflict (patient_id) do update set event_no = excluded.event_no, window_end = excluded.window_end,
      last_reading = excluded.last_reading, readings = excluded.readings, wear = excluded.wear,
      very_low = excluded.very_low, low = excluded.low, in_range = excluded.in_range, high = excluded.high,
      very_high = excluded.very_high, gmi = excluded.gmi, gmi_withheld = excluded.gmi_withheld,
      cv = excluded.cv, previous_in_range = excluded.previous_in_range, mask = excluded.mask,
      rank_recent = excluded.rank_recent, rank_no_data = excluded.rank_no_data,
      computed_at = excluded.computed_at
     where patient_list_summaries.event_no <= excluded.event_no`);
}

/**
 * Recomputes every stale summary (or those of `only`); returns how many. Each patient is read and
 * written on its own, so a long backlog never holds a lock or a large transaction.
 */
export async function refreshListSummaries(db: Db, now: Date, only?: readonly string[]): Promise<number> {
  const { to } = tirWindow(now);
  let done = 0;
  for (;;) {
    const batch = await stalePatients(db, to, BATCH, only);
    for (const p of batch) await store(db, p, to, now);
    done += batch.length;
    if (batch.length < BATCH) return done;
  }
}

/** Runs the refresh now and every SUMMARY_REFRESH_MS; never two at once. Returns the stop. */
export function startListSummaryJob(
  deps: {
    db: Db;
    clock: { now(): Date };
    log: { error: (o: object, m: string) => void };
  },
  everyMs = SUMMARY_REFRESH_MS,
): () => void {
  return runEvery(
    everyMs,
    () => refreshListSummaries(deps.db, deps.clock.now()),
    (err) => deps.log.error({ err }, 'patient list summaries: refresh failed'),
  );
}
