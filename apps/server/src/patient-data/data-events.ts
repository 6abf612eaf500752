import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { patientDataEvents } from '../db/schema';

/**
 * Takes the patient's next live event number inside a writing transaction. Call it last, just
 * before the commit: the row lock it takes is held until then, so a second writer of the same
 * patient waits here and gets a larger number only after the first committed. Numbers therefore
 * follow commit order, and a follower that has seen number N has seen every commit up to N.
 * The number is the commit time in ms when that is larger (meaningful across processes and
 * restarts), else one more than the last.
 */
export async function nextEventNo(tx: Db, patientId: string, nowMs: number): Promise<number> {
  const res = await tx.execute(sql`
    insert into patient_data_events (patient_id, event_no) values (${patientId}, ${Math.floor(nowMs)})
    on conflict (patient_id) do update
      set event_no = greatest(patient_data_events.event_no + 1, excluded.event_no)
    returning event_no`);
  const rows = (res as unknown as { rows: Array<{ event_no: string | number }> }).rows;
  return Number(rows[0]!.event_no);
}

/** The patient's last committed event number (0 when their data never changed). */
export async function lastEventNo(db: Db, patientId: string): Promise<number> {
  const rows = await db
    .select({ n: patientDataEvents.eventNo })
    .from(patientDataEvents)
    .where(eq(patientDataEvents.patientId, patientId));
  return rows[0]?.n ?? 0;
}
