import type { LoginResponse } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { countPendingRequests, countUnreadMessages } from '../../accounts/waiting-counts';
import type { UserRow } from '../../accounts/users.repository';

/** The counts the header starts with (spec §3 login response: unread_message, connection_request). */
export interface LoginCounts {
  unreadMessages: number;
  connectionRequests: number;
}

/**
 * Followers (carers, HCPs) get messages; patients get requests to decide (spec §6 "Patients see
 * connections; HCPs and carers see messages"). Everyone else has neither.
 */
export async function loginCountsFor(db: Db, user: Pick<UserRow, 'id' | 'userType'>): Promise<LoginCounts> {
  if (user.userType === 'M' || user.userType === 'D') {
    return { unreadMessages: await countUnreadMessages(db, user.id), connectionRequests: 0 };
  }
  if (user.userType === 'P') {
    return {
      unreadMessages: 0,
      connectionRequests: await countPendingRequests(db, user.id),
    };
  }
  return { unreadMessages: 0, connectionRequests: 0 };
}

/** The login response of spec §3 for a signed-in user (also the /session answer). */
export function loginResponseFor(
  user: UserRow,
  realname: string,
  token: string,
  counts: LoginCounts = { unreadMessages: 0, connectionRequests: 0 },
): LoginResponse {
  return {
    error: 0,
    token,
    uid: user.id,
    user_type: user.userType,
    username: user.username,
    realname,
    created_by: user.createdBy,
    role: user.role ?? null,
    mfa: user.mfaEnabled,
    country: user.country,
    language: user.language as LoginResponse['language'],
    flag: { admin_login: user.adminLogin, clinic_login: user.clinicLogin },
    unread_message: counts.unreadMessages,
    connection_request: counts.connectionRequests,
    terms_version: user.termsVersion ?? null,
  };
}
