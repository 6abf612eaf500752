import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { invitationCodes, relations, users } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';

// A relation that an invitation code began: made here when the invited patient registers, and told
// apart from a request by the rule below: the two are kept together, since each rests on the other.

/**
 * A relation is 'invited' (spec §3) when the follower's invitation code brought the patient in: the
 * code's creator is the follower, its user the patient, and the row was made at the moment the
 * code was used (a later request by the same follower re-dates the row, so it reads as a request).
 */
// Written out qualified: drizzle leaves column names unqualified in a one-table select, and inside
// the subquery "created_at" would then mean the invitation's own column.
export const invited = sql<boolean>`exists (
  select 1 from invitation_codes ic
  where ic.created_by = "relations"."follower_id"
    and ic.used_by = "relations"."patient_id"
    and ic.used_at = "relations"."created_at")`;

/**
 * A patient who registers with an invitation code of an HCP or a carer gets a pending relation
 * requested by the code's creator (spec §3 status 'invited'); the patient still decides, so nothing
 * becomes visible before they agree. Runs in the registration's transaction, after the code was
 * marked used at `now` (the relation's creation time equals the code's use time: that is how
 * `invited` tells an invitation from a later request). Returns the inviter's id, or null when the
 * code was not an HCP's or carer's (an operator's code) or the new account is not a patient.
 */
export async function createInvitedRelation(
  db: Db,
  input: { code: string; patientId: string; patientType: string; now: Date },
): Promise<string | null> {
  if (input.patientType !== 'P') return null;
  const rows = await db
    .select({ id: users.id, userType: users.userType, status: users.status })
    .from(invitationCodes)
    .innerJoin(users, eq(users.id, invitationCodes.createdBy))
    .where(eq(invitationCodes.code, input.code))
    .limit(1);
  const inviter = rows[0];
  if (!inviter || inviter.status !== 'active' || (inviter.userType !== 'M' && inviter.userType !== 'D')) {
    return null;
  }
  await db.insert(relations).values({
    id: newId(),
    patientId: input.patientId,
    followerId: inviter.id,
    followerType: inviter.userType,
    state: 'pending',
    requestedBy: inviter.id,
    createdAt: input.now,
  });
  return inviter.id;
}
