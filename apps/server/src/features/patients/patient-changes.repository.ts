import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { consentGivenIn } from '../../access/consent';

// SQL of an HCP adding patients to their care or taking them out of it. Each function takes the
// database or the transaction the change runs in.

export interface PatientRelationRow {
  follower_id: string;
  consented: boolean;
  created_by: string;
  creator_id: string | null;
}

/**
 * Every relation of the patient, with its consent and how the account was made. The rows are
 * locked, so an acceptance racing the caller's change waits and is then seen.
 */
export async function lockPatientRelations(tx: Db, patientId: string): Promise<PatientRelationRow[]> {
  const result = await tx.execute(sql`
    select r.follower_id, ${consentGivenIn('r')} as consented, u.created_by, u.creator_id
      from relations r join users u on u.id = r.patient_id
     where r.patient_id = ${patientId}
     for update of r`);
  return (result as { rows?: PatientRelationRow[] }).rows ?? [];
}

/** The account row itself (its personal data is deleted first, by deletePersonalData). */
export async function deleteAccountRow(tx: Db, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** The patient leaves this HCP's list: their relation is marked removed. */
export async function removeFromCare(tx: Db, patientId: string, hcpId: string, at: Date): Promise<void> {
  await tx
    .update(relations)
    .set({ state: 'removed', decidedAt: at })
    .where(and(eq(relations.patientId, patientId), eq(relations.followerId, hcpId)));
}

/** An accepted relation from the start: the HCP who created the account follows the patient. */
export async function insertCreatorRelation(
  tx: Db,
  patientId: string,
  hcpId: string,
  at: Date,
): Promise<void> {
  await tx.insert(relations).values({
    id: newId(),
    patientId,
    followerId: hcpId,
    followerType: 'D',
    state: 'accepted',
    requestedBy: hcpId,
    remark: 'created',
    createdAt: at,
    decidedAt: at,
  });
}
