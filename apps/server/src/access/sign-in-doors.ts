import type { LoginRequest } from '@cgm/contract';
import type { UserRow } from '../accounts/users.repository';

/** Which account types each sign-in door admits (spec §2 homes, §8 code 10). */
const DOORS: Record<LoginRequest['user_type'], ReadonlyArray<UserRow['userType']>> = {
  P: ['P', 'M'],
  M: ['P', 'M'],
  D: ['D'],
  A: ['A'],
};

type DoorAccount = Pick<UserRow, 'userType' | 'adminLogin'>;

/**
 * Whether this sign-in door admits this account. The admin login (the HCP-application desk: an HCP
 * account flagged admin_login) works in the administration area: it may also sign in at
 * /managementtools (door A), where its v2.1 sign-out returns it (spec §7), besides the HCP door it
 * has always used.
 */
export const doorAdmits = (door: LoginRequest['user_type'], user: DoorAccount): boolean =>
  DOORS[door].includes(user.userType) || (door === 'A' && user.userType === 'D' && user.adminLogin);

/**
 * Administration sessions (account admins and the admin login) end after 10 minutes without
 * activity (spec §4, §9; accounts/session.store.ts ADMIN_IDLE_MS); everyone else has a user session.
 */
export const sessionKindOf = (user: DoorAccount): 'admin' | 'user' =>
  user.userType === 'A' || (user.userType === 'D' && user.adminLogin) ? 'admin' : 'user';
