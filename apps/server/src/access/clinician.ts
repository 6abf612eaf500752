import { ErrorCode } from '@cgm/domain';
import type { Actor } from '../platform/http/auth';
import { fail } from '../platform/http/api-error';

/**
 * Which HCP accounts work with patients (docs/PERMISSIONS.md). The admin login of the account
 * tools sees no patient data; the clinic login reads its clinic's patients (clinic-access.ts) but
 * does not change anyone's care.
 */

/** An HCP account that has a patient list: every HCP account but the admin login. */
export const seesPatients = (a: Actor): boolean => a.userType === 'D' && !a.flags.adminLogin;

/** An HCP who changes care (creates and deletes patients): not the clinic login, which only reads. */
export const treatsPatients = (a: Actor): boolean => seesPatients(a) && !a.flags.clinicLogin;

/**
 * Of a patient's relation rows, the one that makes the patient this HCP's own: the HCP's relation
 * the patient accepted. Without it the patient is not this HCP's to delete or remove: 403.
 */
export function ownPatientRelation<T extends { follower_id: string; consented: boolean }>(
  rows: readonly T[],
  hcpId: string,
): T {
  return rows.find((r) => r.follower_id === hcpId && r.consented) ?? fail(ErrorCode.FORBIDDEN);
}
