import type { HcpOperation } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { deletePersonalData } from '../../platform/db/personal-data';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { ownPatientRelation } from '../../access/clinician';
import { recordOperation } from '../../access/operation-history';
import { deleteAccountRow, lockPatientRelations, removeFromCare } from './patient-changes.repository';

interface Decision {
  uid: string;
  deleteAccount: boolean;
}

/**
 * Whether this HCP's "delete" removes the whole account: only an account this HCP created
 * (created_by 'hcp', creator_id this HCP) that nobody else follows. Anyone else's patient
 * (self-registered, created by another HCP, or also in another follower's care) only leaves this
 * HCP's list. The relation rows are locked, so an acceptance racing the deletion waits and is then
 * seen.
 */
async function decide(tx: Db, hcpId: string, uid: string): Promise<Decision> {
  const rows = await lockPatientRelations(tx, uid);
  const own = ownPatientRelation(rows, hcpId);
  const othersFollow = rows.some((r) => r.follower_id !== hcpId && r.consented);
  const created = own.created_by === 'hcp' && own.creator_id === hcpId;
  return { uid, deleteAccount: created && !othersFollow };
}

/**
 * Spec §6 "add and delete patients (after confirmation)". All or nothing: every uid must be a
 * patient this HCP follows (the policy's rule), else 403 and nothing changes. Each deletion or
 * removal is written to the operation history in the same transaction, before the account goes,
 * so the history keeps the patient's name.
 */
export async function deletePatients(
  ctx: AppContext,
  actor: Actor,
  uids: string[],
  ip: string | null,
): Promise<{ deleted: string[]; removed: string[] }> {
  const unique = [...new Set(uids)];
  for (const uid of unique) await assertMayAccessPatient(ctx.db, actor, uid, 'read');
  const now = ctx.clock.now();
  const history = (db: Db, uid: string, action: HcpOperation) =>
    recordOperation(
      { db, clock: ctx.clock },
      { area: 'hcp', actorId: actor.userId, subjectId: uid, action, ip },
    );
  const decisions = await ctx.db.transaction(async (tx) => {
    const out: Decision[] = [];
    for (const uid of unique) out.push(await decide(tx, actor.userId, uid));
    for (const d of out) {
      if (d.deleteAccount) {
        await history(tx, d.uid, 'patient.delete');
        await deletePersonalData(tx, d.uid);
        await deleteAccountRow(tx, d.uid);
      } else {
        await removeFromCare(tx, d.uid, actor.userId, now);
        await history(tx, d.uid, 'patient.remove');
      }
    }
    return out;
  });
  // Waiting live monitors of these patients re-check consent (a removed HCP is refused at once).
  for (const d of decisions) ctx.bus.publish(d.uid, 0, 'access');
  return {
    deleted: decisions.filter((d) => d.deleteAccount).map((d) => d.uid),
    removed: decisions.filter((d) => !d.deleteAccount).map((d) => d.uid),
  };
}
