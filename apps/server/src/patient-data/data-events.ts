import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { patientDataEvents } from '../platform/db/schema';
import { withParts } from './glucose-write-sql';

/**
 * Takes the patient's next live event number inside a writing transaction. Call it last, just
 * before the commit: the row lock it takes is held until then, so a second writer of the same
 * patient waits here and gets a larger number only after the first committed. Numbers therefore
 * follow commit order, and a follower that has seen number N has seen every commit up to N.
 * The number is the commit time in ms when that is larger (meaningful across processes and
 * restarts), else one more than the last.
 */
export async function nextEventNo(
  tx: Db,
  patientId: string,
  nowMs: number,
  alsoWrite: readonly SQL[] = [],
): Promise<{ eventNo: number; alertsWatched: boolean }> {
  // `alsoWrite`: the transaction's last writes (an upload-history row), sent in the same statement.
  const ev = sql`ev as (
    insert into patient_data_events (patient_id, event_no) values (${patientId}, ${Math.floor(nowMs)})
    on conflict (patient_id) do update
      set event_no = greatest(patient_data_events.event_no + 1, excluded.event_no)
    returning event_no)`;
  const res = await tx.execute(
    sql`${withParts([ev], alsoWrite)} select event_no, ${alertsWatchedSql(patientId)} as watched from ev`,
  );
  const rows = (res as unknown as { rows: Array<{ event_no: string | number; watched: boolean }> }).rows;
  return { eventNo: Number(rows[0]!.event_no), alertsWatched: rows[0]!.watched };
}

/** The patient's last committed event number (0 when their data never changed). */
export async function lastEventNo(db: Db, patientId: string): Promise<number> {
  const rows = await db
    .select({ n: patientDataEvents.eventNo })
    .from(patientDataEvents)
    .where(eq(patientDataEvents.patientId, patientId));
  return rows[0]?.n ?? 0;
}

/**
 * The patient's data lock, taken first by a writer that reads before it writes (glucose-store.ts):
 * the row lock on the patient's event row, held until the commit. Taking it moves the number on,
 * so a write in one statement that read before (eventGuardCte) finds its number gone and writes
 * nothing, whether or not this transaction goes on to change anything and take a number itself.
 */
export async function lockPatientData(tx: Db, patientId: string): Promise<void> {
  await tx.execute(sql`
    insert into patient_data_events (patient_id, event_no) values (${patientId}, 1)
    on conflict (patient_id) do update set event_no = patient_data_events.event_no + 1`);
}

/**
 * The CTE `ev` of a write done in one statement: the patient's next event number, taken only if
 * their data is still as read (`seenEventNo`, null when they had no event row). Every write of a
 * patient's data moves that number under the same row lock, so a write that ran in between makes
 * `ev` empty, and the statement's other parts (guarded by `exists (select 1 from ev)`) do nothing.
 */
export function eventGuardCte(
  patientId: string,
  seenEventNo: number | null,
  nowMs: number,
  alsoWhen: SQL = sql`true`,
): SQL {
  // `alsoWhen`: a further condition of the whole write (a device still active, device-check.ts).
  const now = Math.floor(nowMs);
  return seenEventNo === null
    ? sql`ev as (insert into patient_data_events (patient_id, event_no) select ${patientId}, ${now}
        where ${alsoWhen} on conflict (patient_id) do nothing returning event_no)`
    : sql`ev as (update patient_data_events set event_no = greatest(event_no + 1, ${now})
        where patient_id = ${patientId} and event_no = ${seenEventNo} and ${alsoWhen} returning event_no)`;
}

/**
 * Whether anyone is to be alerted about the patient's data: a follower's alert settings the
 * patient has not stopped, or an alert episode still open. Asked by the alert engine before
 * anything else, and by a write in its own statement (two index probes), so that a change of a
 * patient nobody watches — most of them — costs the engine no statement of its own.
 */
export const alertsWatchedSql = (patientId: string): SQL =>
  sql`(exists (select 1 from alert_settings where patient_id = ${patientId} and not stopped_by_patient)
    or exists (select 1 from alert_episodes where patient_id = ${patientId} and ended_at is null))`;

/** The condition of the parts guarded by eventGuardCte. */
export const EVENT_GUARD = sql`exists (select 1 from ev)`;
