import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { relations, users } from '../platform/db/schema';
import type { Actor } from '../platform/http/auth';
import { ApiError } from '../platform/http/api-error';
import { clinicReadsPatient } from './clinic-access';
import { consentGiven } from './consent';

/**
 * The one answer to "may this actor do this to this patient's data" (spec §1 consent, §6 roles).
 * Every route that touches a patient's data asks here; nothing else grants access.
 *
 * - read:     view monitor, reports, events, records, settings, portrait.
 * - settings: change the patient's monitor settings (spec §6: a carer can edit them).
 * - clinical: add or change events and medical records (HCPs, spec §6).
 * - own:      things only the patient does: register devices, delete data, decide relations.
 */
export type PatientAction = 'read' | 'settings' | 'clinical' | 'own';

/**
 * What the patient can let a follower do: everything but 'own', which no follower gets, whatever
 * the relation. So no HCP ever passes an 'own' route, and only these actions can put a patient
 * route's call in the HCP operation history (route-access.ts).
 */
export type FollowerAction = Exclude<PatientAction, 'own'>;

/**
 * What each kind of follower may do once the patient accepted (nothing before; docs/PERMISSIONS.md).
 * A clinic login is an institution's shared account: it reads and exports the data of the patients
 * who accepted one of its clinic's HCPs (clinic-access.ts), it does not change a patient's care.
 * The admin login of the account-administration tools sees no patient data.
 */
type FollowerRole = 'carer' | 'hcp' | 'clinic' | 'none';
const FOLLOWER_RIGHTS: Record<FollowerRole, ReadonlySet<FollowerAction>> = {
  carer: new Set(['read', 'settings']),
  hcp: new Set(['read', 'settings', 'clinical']),
  clinic: new Set(['read']),
  none: new Set(),
};

function followerRole(actor: Actor): FollowerRole {
  if (actor.userType === 'M') return 'carer';
  if (actor.userType !== 'D' || actor.flags.adminLogin) return 'none';
  return actor.flags.clinicLogin ? 'clinic' : 'hcp';
}

export async function mayAccessPatient(
  db: Db,
  actor: Actor,
  patientId: string,
  action: PatientAction,
): Promise<boolean> {
  if (actor.userId === patientId) return actor.userType === 'P';
  if (action === 'own') return false;
  const role = followerRole(actor);
  if (!FOLLOWER_RIGHTS[role].has(action)) return false;
  // The clinic login reads through its clinic's HCPs, not through relations of its own.
  if (role === 'clinic') return clinicReadsPatient(db, actor.userId, patientId);
  const rows = await db
    .select({ patientType: users.userType })
    .from(relations)
    .innerJoin(users, eq(users.id, relations.patientId))
    .where(and(eq(relations.patientId, patientId), eq(relations.followerId, actor.userId), consentGiven))
    .limit(1);
  return rows[0]?.patientType === 'P';
}

/** Throws 403 (error 102) unless allowed. */
export async function assertMayAccessPatient(
  db: Db,
  actor: Actor,
  patientId: string,
  action: PatientAction,
): Promise<void> {
  // Refusal is the same whether the patient does not exist or is not followed, so an outsider
  // cannot probe which ids exist.
  if (!(await mayAccessPatient(db, actor, patientId, action))) throw new ApiError(ErrorCode.FORBIDDEN);
}

/**
 * Whether the actor sees the patient's current glucose value (spec §2 security "show glucose
 * value": the patient's choice for the screens they share). The patient always sees their own;
 * a follower only while the patient shows it. Asked after the read access itself was granted.
 */
export async function maySeeCurrentGlucose(db: Db, actor: Actor, patientId: string): Promise<boolean> {
  if (actor.userId === patientId) return true;
  const rows = await db
    .select({ show: users.showGlucose })
    .from(users)
    .where(eq(users.id, patientId))
    .limit(1);
  return rows[0]?.show ?? false;
}

/**
 * Of `followerIds`, those the patient's consent lets be alerted about the patient now: carers and
 * HCPs (not clinic or admin logins) whose connection the patient accepted, and only while the
 * patient's account is a patient's and active. The follower alerts ask here at every evaluation, so
 * a withdrawn consent stops the next alert, a repeat included.
 */
export async function followersWhoMayBeAlerted(
  db: Db,
  patientId: string,
  followerIds: readonly string[],
): Promise<Set<string>> {
  if (!followerIds.length) return new Set();
  const rows = await db
    .select({
      id: relations.followerId,
      type: users.userType,
      admin: users.adminLogin,
      clinic: users.clinicLogin,
    })
    .from(relations)
    .innerJoin(users, eq(users.id, relations.followerId))
    .where(
      and(
        eq(relations.patientId, patientId),
        consentGiven,
        inArray(relations.followerId, [...followerIds]),
        eq(users.status, 'active'),
      ),
    );
  const patient = await db
    .select({ type: users.userType })
    .from(users)
    .where(eq(users.id, patientId))
    .limit(1);
  if (patient[0]?.type !== 'P') return new Set();
  return new Set(
    rows.filter((r) => (r.type === 'M' || r.type === 'D') && !r.admin && !r.clinic).map((r) => r.id),
  );
}

/**
 * A follower whose alerts the patient stopped may neither switch them on again nor change them:
 * only the patient lifts the stop (spec §1, the patient decides). `setting` is the follower's
 * alert settings row, if any.
 */
export function assertAlertsNotStopped(setting: { stoppedByPatient: boolean } | null | undefined): void {
  if (setting?.stoppedByPatient) throw new ApiError(ErrorCode.FORBIDDEN);
}
