import { sql } from 'drizzle-orm';
import { pgArray, removeBasal, type RemovedBasal } from '../../patient-data';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { NS_SERIAL } from './ns-map';

// SQL of the basal rows the portal derives from uploaded Nightscout documents (ns-basal,
// ns-scheduled): the temp basal rows (serial 'nightscout', the document's seq) and the scheduled
// rows between them (serial 'nightscout-schedule', seq = their start in ms). Rows are written
// through patient-data like every other basal row; only the conditions naming them are here.

/** The serial of the scheduled basal rows: derived, never sent by a device. */
export const NS_SCHEDULE_SERIAL = 'nightscout-schedule';

const DAY = 86_400_000;
const ts = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'infinity');
const scheduled = (patientId: string) =>
  sql`patient_id = ${patientId} and serial = ${NS_SCHEDULE_SERIAL} and source = 'uploaded'`;

/**
 * The start of the last scheduled row before `from` and of the first one after `to` (null when
 * there is none). Rows end at local midnight at the latest: one that starts two days before
 * `from` is over.
 */
export async function scheduledRowEdges(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<{ before: number | null; after: number | null }> {
  const [edges] = rowsOf<{ w0: string | Date | null; w1: string | Date | null }>(
    await tx.execute(sql`select
      (select max(time) from basal_segments where ${scheduled(patientId)}
        and time < ${ts(from)}::timestamptz and time >= ${ts(from - 2 * DAY)}::timestamptz) as w0,
      (select min(time) from basal_segments where ${scheduled(patientId)} and time > ${ts(to)}::timestamptz) as w1`),
  );
  return {
    before: edges?.w0 ? new Date(edges.w0).getTime() : null,
    after: edges?.w1 ? new Date(edges.w1).getTime() : null,
  };
}

/** Removes the scheduled rows that start in [from, to). */
export async function removeScheduledRows(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<RemovedBasal> {
  return removeBasal(
    tx,
    patientId,
    sql`${scheduled(patientId)} and time >= ${ts(from)}::timestamptz and time < ${ts(to)}::timestamptz`,
  );
}

/** Removes the temp basal rows made from the documents with these seqs. */
export async function removeTempBasalRows(
  tx: Db,
  patientId: string,
  seqs: readonly number[],
): Promise<RemovedBasal> {
  return removeBasal(tx, patientId, sql`serial = ${NS_SERIAL} and seq = any(${pgArray(seqs)}::bigint[])`);
}
