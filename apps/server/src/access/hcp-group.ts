import type { Actor } from '../platform/http/auth';

/**
 * Who manages an HCP group (docs/PERMISSIONS.md "Care team"): an HCP account that is not itself a
 * group member. The admin login (it creates HCP accounts, sees no patient) and the clinic login (an
 * institution's shared account) are not people a group's members answer to, so they manage none.
 */
export function isGroupManager(actor: Actor): boolean {
  return (
    actor.userType === 'D' &&
    actor.createdBy !== 'hcp_group' &&
    !actor.flags.adminLogin &&
    !actor.flags.clinicLogin
  );
}
