import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { nextEventNo } from './data-events';

export type DataWriter = Pick<AppContext, 'db' | 'bus' | 'clock'>;

/**
 * Every change of a patient's data runs through here: the work in one transaction; when it
 * changed anything, the patient's live event number is taken last inside it (so numbers follow
 * commit order), and waiting followers are told only after the commit (never of data they could
 * not yet read). Returns the work's value and the event number (null when nothing changed).
 */
export async function changePatientData<T>(
  ctx: DataWriter,
  patientId: string,
  work: (tx: Db) => Promise<{ value: T; changed: boolean }>,
): Promise<{ value: T; eventNo: number | null }> {
  const out = await ctx.db.transaction(async (tx) => {
    const { value, changed } = await work(tx);
    const eventNo = changed ? await nextEventNo(tx, patientId, ctx.clock.now().getTime()) : null;
    return { value, eventNo };
  });
  if (out.eventNo !== null) ctx.bus.publish(patientId, out.eventNo);
  return out;
}
