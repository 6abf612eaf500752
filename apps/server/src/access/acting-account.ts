import { ErrorCode } from '@cgm/domain';
import { fail } from '../platform/http/api-error';

/**
 * The caller's own account, as a service reads it to act (an HCP creating a patient, a care-team
 * manager adding a member: the new account takes its country and language). The route's rule has
 * already decided the caller's role from the session; an account that is gone by now acts on
 * nothing: 403.
 */
export function actingAccount<T>(account: T | null | undefined): T {
  return account ?? fail(ErrorCode.FORBIDDEN);
}
