import type { DataDeleteRequest, DataKind } from '@cgm/contract';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/auth';
import { dataDeletions, uploads } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { assertMayAccessPatient } from '../../policy/patient-data';
import { deleteKind, tombstoneNightscoutDocuments } from './data-delete.repository';

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
      const uploadId = newId();
      const deleted = await ctx.db.transaction(async (tx) => {
        const counts: Partial<Record<DataKind, number>> = {};
        for (const kind of input.kinds) {
          counts[kind] = await deleteKind(tx, kind, patientId, input.source, from, to);
        }
        if (input.source !== 'realtime') {
          await tombstoneNightscoutDocuments(tx, input.kinds, patientId, from, to, now);
        }
        await tx.insert(uploads).values({
          id: uploadId,
          patientId,
          // The history row needs one source; its detail row keeps the exact one ('all' included).
          source: input.source === 'uploaded' ? 'uploaded' : 'realtime',
          receivedAt: now,
          stored: 0,
          duplicates: 0,
          rejected: 0,
          firstTime: from,
          lastTime: to,
          label: DELETED_LABEL,
        });
        await tx.insert(dataDeletions).values({
          uploadId,
          patientId,
          deletedBy: actor.userId,
          source: input.source,
          kinds: input.kinds,
          fromTime: from,
          toTime: to,
          counts,
        });
        return counts;
      });
      ctx.bus.publish(patientId, now.getTime(), 'data');
      const total = Object.values(deleted).reduce((a, b) => a + (b ?? 0), 0);
      return { error: 0 as const, deleted, total, upload_id: uploadId };
    },
  };
}
