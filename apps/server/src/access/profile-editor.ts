import { eq, inArray } from 'drizzle-orm';
import type { ProfileEditor } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';
import type { Actor } from '../platform/http/auth';
import { mayAccessPatient } from './patient-data';

/** The HCP group an HCP account works in: a member's manager, else the account itself. */
const teamOf = (u: { id: string; createdBy: string; groupId: string | null }): string | null =>
  u.createdBy === 'hcp_group' ? u.groupId : u.id;

/**
 * Who edits a patient's profile, and so which fields (domain `editableProfileFields`,
 * docs/PERMISSIONS.md "A patient's own profile is theirs"). Clinical rights come from the patient's
 * consent to this account (patient-data.ts); on top of that, only the care team that created the
 * account keeps its personal details: the creating HCP, or an HCP of the creating HCP's group
 * (its manager and members). Any other clinician records the clinic's fields only.
 */
export async function profileEditorOf(db: Db, actor: Actor, patientId: string): Promise<ProfileEditor> {
  if (actor.userId === patientId) return actor.userType === 'P' ? 'self' : 'reader';
  if (!(await mayAccessPatient(db, actor, patientId, 'clinical'))) return 'reader';
  const [patient] = await db
    .select({ createdBy: users.createdBy, creatorId: users.creatorId })
    .from(users)
    .where(eq(users.id, patientId))
    .limit(1);
  if (patient?.createdBy !== 'hcp' || !patient.creatorId) return 'clinician';
  if (patient.creatorId === actor.userId) return 'creator';
  const rows = await db
    .select({ id: users.id, createdBy: users.createdBy, groupId: users.groupId, userType: users.userType })
    .from(users)
    .where(inArray(users.id, [patient.creatorId, actor.userId]));
  const creator = rows.find((r) => r.id === patient.creatorId);
  const editor = rows.find((r) => r.id === actor.userId);
  if (!creator || !editor || creator.userType !== 'D' || editor.userType !== 'D') return 'clinician';
  const team = teamOf(creator);
  return team !== null && team === teamOf(editor) ? 'creator' : 'clinician';
}
