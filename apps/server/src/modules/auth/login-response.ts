import type { LoginResponse } from '@cgm/contract';
import type { UserRow } from './users.repository';

/** The login response of spec §3 for a signed-in user (also the /session answer). */
export function loginResponseFor(user: UserRow, realname: string, token: string): LoginResponse {
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
    // Messages and connection requests arrive with the connections module; until a user has any,
    // the true count is zero.
    unread_message: 0,
    connection_request: 0,
    terms_version: user.termsVersion ?? null,
  };
}
