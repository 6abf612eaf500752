import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/http/auth';
import { consentedState } from './consent';
import { mayAccessPatient } from './patient-data';

/**
 * Who may be followed, and as what (spec §1, §4, §6): followers (carers M, HCPs D) ask, only the
 * patient decides (the consent, consent.ts).
 */

/** Only an active patient account can be followed; anything else is "user does not exist". */
export const followable = (account: { userType: string; status: string }): boolean =>
  account.userType === 'P' && account.status === 'active';

/** What a request makes of its sender: an HCP (D) follows as an HCP, anyone else as a carer (M). */
export const followerTypeOf = (actor: Actor): 'D' | 'M' => (actor.userType === 'D' ? 'D' : 'M');

/** One of a follower's relations as listed: the other side's account and the relation's state. */
interface FollowedRow {
  uid: string;
  userType: string;
  relation: { state: string };
}

/**
 * Of a follower's relations, those whose patient the follower reads now: a patient account (type P)
 * that accepted, and the policy agrees (an admin login, for one, reads no patient data even if
 * accepted). In the order given.
 */
export async function followedPatients<T extends FollowedRow>(
  db: Db,
  actor: Actor,
  rows: readonly T[],
): Promise<T[]> {
  const accepted = rows.filter((r) => consentedState(r.relation.state) && r.userType === 'P');
  const allowed = await Promise.all(accepted.map((r) => mayAccessPatient(db, actor, r.uid, 'read')));
  return accepted.filter((_, i) => allowed[i]);
}
