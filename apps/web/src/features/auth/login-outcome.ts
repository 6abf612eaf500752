import type { LoginResponse, UserType } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import type { ApiResult } from '../../api/client';
import { failureKey } from '../../api/errors';

// What a sign-in answer means for the screen (spec §4 "Login", §8 "Login codes").

export type Edition = 'personal' | 'hcp' | 'clinic' | 'admin';

export interface EditionInfo {
  userType: UserType;
  /** Where the sign-up link goes; null where accounts are created by others. */
  signUp: string | null;
  /** The HCP application, offered to people on the other sign-in pages. */
  applyHcp: boolean;
  /** The sign-in page of the other edition. */
  otherEdition: string | null;
  page: string;
}

export const EDITIONS: Record<Edition, EditionInfo> = {
  personal: { userType: 'P', signUp: '/sign', applyHcp: true, otherEdition: '/hcpLogin', page: '/login' },
  hcp: { userType: 'D', signUp: '/hcpSign', applyHcp: false, otherEdition: '/login', page: '/hcpLogin' },
  clinic: { userType: 'D', signUp: null, applyHcp: true, otherEdition: '/hcpLogin', page: '/clinic' },
  admin: { userType: 'A', signUp: null, applyHcp: false, otherEdition: null, page: '/managementtools' },
};

export type LoginOutcome =
  | { kind: 'signedIn'; response: LoginResponse; needsTerms: boolean }
  | { kind: 'mfa'; mfaToken: string }
  /** The password was chosen by someone else (an HCP): the user sets their own before anything. */
  | { kind: 'firstPassword'; passwordToken: string }
  | { kind: 'error'; key: string; params?: Record<string, string | number> }
  | { kind: 'wrongRegion'; key: string; url: string | null };

/** True when the user has not agreed to the terms now in force (null: not known yet, ask later). */
export function needsTerms(res: LoginResponse, currentTerms: string | null | undefined): boolean {
  if (!currentTerms) return false;
  return (res.terms_version ?? null) !== currentTerms;
}

export function loginOutcome(
  result: ApiResult<LoginResponse>,
  edition: Edition,
  currentTerms: string | null | undefined,
): LoginOutcome {
  if (result.ok) {
    return { kind: 'signedIn', response: result.data, needsTerms: needsTerms(result.data, currentTerms) };
  }
  const body = result.body as Partial<LoginResponse>;
  switch (result.code) {
    case ErrorCode.USER_NOT_EXIST:
      return { kind: 'error', key: 'errors.userNotExist' };
    case ErrorCode.WRONG_PASSWORD:
      return typeof body.attempts_left === 'number'
        ? { kind: 'error', key: 'messages.wrongPasswordAttemptsLeft', params: { count: body.attempts_left } }
        : { kind: 'error', key: 'errors.wrongPassword' };
    case ErrorCode.WRONG_USER_TYPE:
      return { kind: 'error', key: 'errors.wrongUserType' };
    case ErrorCode.NOT_APPROVED:
      return { kind: 'error', key: 'messages.notApproved' };
    case ErrorCode.LOCKED:
      return typeof body.minutes_left === 'number'
        ? { kind: 'error', key: 'messages.lockedTryAgainMinutes', params: { minutes: body.minutes_left } }
        : { kind: 'error', key: 'errors.locked' };
    case ErrorCode.MFA_REQUIRED:
      return body.mfa_token
        ? { kind: 'mfa', mfaToken: body.mfa_token }
        : { kind: 'error', key: 'errors.internal' };
    case ErrorCode.PASSWORD_CHANGE_REQUIRED:
      return body.password_token
        ? { kind: 'firstPassword', passwordToken: body.password_token }
        : { kind: 'error', key: 'errors.internal' };
    case ErrorCode.MFA_CODE_WRONG:
      return { kind: 'error', key: 'messages.codeIncorrect' };
    case ErrorCode.WRONG_REGION:
      return {
        kind: 'wrongRegion',
        key: edition === 'personal' ? 'messages.wrongRegionPatient' : 'messages.wrongRegionHcp',
        url: body.site_url ?? null,
      };
    case ErrorCode.INVALID_INPUT:
      return { kind: 'error', key: 'messages.usernamePasswordRequired' };
    default:
      return { kind: 'error', key: failureKey(result) };
  }
}
