import type { DataDeleteRequest, DataKind } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { changePatientData, recordUpload } from '../../patient-data';
import { assertMayAccessPatient } from '../../access/patient-data';
import { deleteKind, recordDeletion, tombstoneNightscoutDocuments } from './data-delete.repository';

/** The upload-history label of a deletion. */
export const DELETED_LABEL = 'deleted';

/**
 * Deleting data (spec §7 POST data/delete, §8 confirmation "real-time and uploaded data will be
 * deleted and cannot be restored"): only the patient may; exactly the chosen kinds, range and
 * source go, in one transaction with an upload-history row that keeps the counts as a trace.
 * Open monitors are told afterwards, so they redraw without the deleted data.
 */
export function createDataDeleteService(ctx: AppContext) {
  return {
    async delete(actor: Actor, input: DataDeleteRequest) {
      const patientId = input.uid;
      await assertMayAccessPatient(ctx.db, actor, patientId, 'own');
      const now = ctx.clock.now();
      const from = new Date(input.from);
      const to = new Date(input.to);
      const { value } = await changePatientData(ctx, patientId, async (tx) => {
        const counts: Partial<Record<DataKind, number>> = {};
        for (const kind of input.kinds) {
          counts[kind] = await deleteKind(tx, kind, patientId, input.source, from, to);
        }
        if (input.source !== 'realtime') {
          await tombstoneNightscoutDocuments(tx, input.kinds, patientId, from, to, now);
        }
        const uploadId = await recordUpload(tx, {
          patientId,
          // The history row needs one source; its detail row keeps the exact one ('all' included).
          source: input.source === 'uploaded' ? 'uploaded' : 'realtime',
          receivedAt: now,
          stored: 0,
          duplicates: 0,
          rejected: 0,
          times: [from.getTime(), to.getTime()],
          label: DELETED_LABEL,
        });
        await recordDeletion(tx, {
          uploadId,
          patientId,
          deletedBy: actor.userId,
          source: input.source,
          kinds: input.kinds,
          fromTime: from,
          toTime: to,
          counts,
        });
        // Open monitors redraw without the deleted data (a follower may hold it on screen).
        return { value: { counts, uploadId }, changed: true };
      });
      const deleted = value.counts;
      const total = Object.values(deleted).reduce((a, b) => a + (b ?? 0), 0);
      return { error: 0 as const, deleted, total, upload_id: value.uploadId };
    },
  };
}
