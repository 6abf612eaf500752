import type { Db } from '../../platform/db/client';
import { deleteEntries } from '../../adapters/nightscout';
import { refreshDerivedBasal } from './ns-scheduled';
import { lockPatient, modifiedStamps, unmapDocs } from './ns-write.repository';
import type { Collection, Condition } from './ns-query';
import { deleteDocRows, findDocs, tombstoneDocs } from './ns-documents.repository';

/**
 * Deletes documents (and the portal rows made from them). Soft by default: the document stays as a
 * tombstone for v3 history; `permanent` removes it.
 */
export async function deleteDocs(
  db: Db,
  patientId: string,
  collection: Collection,
  conditions: readonly Condition[],
  nowMs: number,
  permanent = false,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockPatient(tx, patientId);
    const victims = await findDocs(tx, patientId, collection, conditions, { limit: 100_000 });
    const own = victims.filter((v) => v.seq >= 0);
    if (!own.length) return 0;
    const ids = own.map((v) => v.id);
    if (collection === 'entries') {
      // Each tombstone its own srvModified, so v3 history pages through a large delete.
      const stamp = permanent ? null : await modifiedStamps(tx, patientId, collection, nowMs);
      await deleteEntries(tx, patientId, ids, stamp);
    } else if (permanent) {
      await deleteDocRows(tx, patientId, ids);
    } else {
      // Each tombstone its own srvModified, so v3 history pages through a large delete.
      const stamp = await modifiedStamps(tx, patientId, collection, nowMs);
      await tombstoneDocs(
        tx,
        patientId,
        ids,
        own.map(() => stamp()),
      );
    }
    await unmapDocs(
      tx,
      patientId,
      own.map((v) => ({ seq: v.seq, date: v.date })),
      collection,
    );
    // A deleted temp basal no longer runs nor ends the one before it; a deleted profile, switch or
    // pump report no longer decides the scheduled basal.
    await refreshDerivedBasal(
      tx,
      patientId,
      collection,
      own.map((v) => ({ doc: v.doc, date: v.date })),
      nowMs,
    );
    return own.length;
  });
}
