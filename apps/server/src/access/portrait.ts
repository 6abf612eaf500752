import { ErrorCode } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { ApiError } from '../platform/http/api-error';
import type { Actor } from '../platform/http/auth';
import { mayAccessPatient } from './patient-data';

/**
 * Who may see whose portrait (spec §6; DESIGN.md: authorisation is decided in one place). A user
 * sees their own; a follower sees a patient's only while the patient lets them read their data
 * (spec §1 consent): the sender portrait of a message (spec §3 "Message") is shown for an accepted
 * connection and hidden after a rejection or removal, like the rest of the patient's data.
 */
export async function mayReadPortrait(db: Db, actor: Actor, uid: string): Promise<boolean> {
  if (actor.userId === uid) return true;
  return mayAccessPatient(db, actor, uid, 'read');
}

/** Throws 403 (error 102) unless the actor may see the portrait. */
export async function assertMayReadPortrait(db: Db, actor: Actor, uid: string): Promise<void> {
  if (!(await mayReadPortrait(db, actor, uid))) throw new ApiError(ErrorCode.FORBIDDEN);
}
