import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db/client';
import { nextEventNo } from './data-events';
import { runParts } from './glucose-write-sql';

export type DataWriter = Pick<AppContext, 'db' | 'bus' | 'clock'>;

/**
 * Every change of a patient's data runs through here: the work in one transaction; when it
 * changed anything, the patient's live event number is taken last inside it (so numbers follow
 * commit order), and waiting followers are told only after the commit (never of data they could
 * not yet read). Returns the work's value and the event number (null when nothing changed).
 * Writes the work leaves in `finally` (an upload-history row) go in the statement that takes the
 * number: one round trip fewer.
 */
export async function changePatientData<T>(
  ctx: DataWriter,
  patientId: string,
  work: (tx: Db) => Promise<{ value: T; changed: boolean; finally?: SQL[] }>,
): Promise<{ value: T; eventNo: number | null }> {
  const out = await ctx.db.transaction(async (tx) => {
    const { value, changed, finally: last = [] } = await work(tx);
    if (!changed) await runParts(tx, last);
    const next = changed ? await nextEventNo(tx, patientId, ctx.clock.now().getTime(), last) : null;
    return { value, eventNo: next?.eventNo ?? null, alertsWatched: next?.alertsWatched };
  });
  if (out.eventNo !== null)
    ctx.bus.publish(patientId, out.eventNo, 'data', { facts: { alertsWatched: out.alertsWatched } });
  return { value: out.value, eventNo: out.eventNo };
}
