import type { SessionUser } from '../../session/session';

/**
 * Whether the signed-in account manages an HCP group (docs/PERMISSIONS.md "Care teams"): an HCP that
 * is not itself a group member, and neither the admin nor the clinic login. The server decides;
 * this only chooses what the screens offer.
 */
export function isGroupManager(user: Pick<SessionUser, 'userType' | 'createdBy' | 'flag'> | null): boolean {
  if (!user || user.userType !== 'D' || user.createdBy === 'hcp_group') return false;
  return !user.flag?.admin_login && !user.flag?.clinic_login;
}
