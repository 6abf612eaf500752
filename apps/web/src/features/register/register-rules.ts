import {
  checkPassword,
  ErrorCode,
  isValidCode,
  isValidEmail,
  isValidMobile,
  isValidRealName,
  needsGuardianConsent,
} from '@cgm/domain';
import { failureKey } from '../../api/errors';
import { isIsoDate } from '../../lib/dates';

// The client-side checks of the registration and HCP application forms (spec §5), made with the
// same domain rules the server applies. Each returns i18n keys per field; empty means valid.

export type FieldErrors<K extends string> = Partial<Record<K, string[]>>;

export interface ContactInput {
  method: 'email' | 'mobile';
  email: string;
  mobile: string;
}

export function contactOf(c: ContactInput): { email?: string; mobile?: string } {
  return c.method === 'email' ? { email: c.email.trim().toLowerCase() } : { mobile: c.mobile.trim() };
}

export function usernameOf(c: ContactInput): string {
  return c.method === 'email' ? c.email.trim().toLowerCase() : c.mobile.trim();
}

export function contactError(c: ContactInput): string | null {
  if (c.method === 'email') {
    if (!c.email.trim()) return 'messages.fillRequired';
    return isValidEmail(c.email.trim()) ? null : 'validation.email';
  }
  if (!c.mobile.trim()) return 'messages.fillRequired';
  return isValidMobile(c.mobile.trim()) ? null : 'validation.mobile';
}

export interface AccountInput extends ContactInput {
  code: string;
  seccodeToken: string | null;
  realname: string;
  password: string;
  repeat: string;
  country: string;
  agree: boolean;
}

type AccountField = 'contact' | 'code' | 'realname' | 'password' | 'repeat' | 'country' | 'agree';

function put<K extends string>(errors: FieldErrors<K>, field: K, key: string | null | undefined): void {
  if (key) (errors[field] ??= []).push(key);
}

/** Checks shared by both forms: contact, code, name, password (registration minimum 8), terms. */
export function validateAccount(f: AccountInput): FieldErrors<AccountField> {
  const errors: FieldErrors<AccountField> = {};
  put(errors, 'contact', contactError(f));
  if (!f.seccodeToken) put(errors, 'code', 'register.error.sendCodeFirst');
  else if (!isValidCode(f.code)) put(errors, 'code', 'validation.code');
  if (!f.realname.trim()) put(errors, 'realname', 'messages.nameRequired');
  else if (!isValidRealName(f.realname.trim())) put(errors, 'realname', 'validation.realName');
  for (const p of checkPassword(f.password, usernameOf(f), 'register').problems) put(errors, 'password', p);
  if (!f.repeat) put(errors, 'repeat', 'messages.enterNewPasswordAgain');
  else if (f.repeat !== f.password) put(errors, 'repeat', 'messages.passwordsDiffer');
  if (!f.country) put(errors, 'country', 'messages.fillRequired');
  if (!f.agree) put(errors, 'agree', 'errors.termsRequired');
  return errors;
}

export interface SignInput extends AccountInput {
  invitation: string;
  birthday: string;
  guardianConsent: boolean;
}

export type SignField = AccountField | 'invitation' | 'birthday' | 'guardianConsent';

/** The patient or carer registration (spec §2 "Registration", §5). */
export function validateSign(f: SignInput, todayIso: string): FieldErrors<SignField> {
  const errors: FieldErrors<SignField> = validateAccount(f);
  if (f.invitation.trim().length > 32) put(errors, 'invitation', 'messages.invitationIncorrect');
  // The birth date is required: without it nobody can tell whether the guardian's consent is due.
  if (!f.birthday) put(errors, 'birthday', 'messages.fillRequired');
  else if (!isIsoDate(f.birthday) || f.birthday > todayIso) put(errors, 'birthday', 'validation.date');
  else if (needsGuardianConsent(f.birthday, todayIso) && !f.guardianConsent) {
    put(errors, 'guardianConsent', 'errors.guardianConsentRequired');
  }
  return errors;
}

/** True when the form shows the parent or guardian consent box (under 16: spec §1, §5). */
export function showsGuardianConsent(birthday: string, todayIso: string): boolean {
  return isIsoDate(birthday) && birthday <= todayIso && needsGuardianConsent(birthday, todayIso);
}

export interface HcpInput extends AccountInput {
  organisation: string;
}
export type HcpField = AccountField | 'organisation';

/** The HCP application: email only, organisation required (spec §5). */
export function validateHcp(f: HcpInput): FieldErrors<HcpField> {
  const errors: FieldErrors<HcpField> = validateAccount({ ...f, method: 'email' });
  if (!f.organisation.trim()) put(errors, 'organisation', 'validation.organisationRequired');
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some((list) => list && list.length > 0);
}

/** Registration answers (spec §8 "Register: 26 shows a specific message; otherwise failed"). */
export function registerFailureKey(code: number): string {
  if (code === ErrorCode.REGISTER_FAILED_SPECIFIC) return 'errors.registerFailedSpecific';
  // A wrong code or invitation is something the user can fix, so it is named.
  if (code === ErrorCode.CODE_WRONG) return 'messages.codeIncorrect';
  if (code === ErrorCode.INVITATION_WRONG) return 'messages.invitationIncorrect';
  if (code === ErrorCode.GUARDIAN_CONSENT_REQUIRED) return 'errors.guardianConsentRequired';
  if (code < 0) return failureKey({ code });
  return 'messages.registrationFailed';
}

/** Seccode answers (spec §8 "Seccode: 1 user not exist, otherwise try again"). */
export function sendCodeFailureKey(code: number): string {
  if (code === 1 || code === ErrorCode.USER_NOT_EXIST) return 'messages.userNotExist';
  if (code === ErrorCode.REGISTER_FAILED_SPECIFIC) return 'errors.registerFailedSpecific';
  if (code === ErrorCode.RATE_LIMITED) return 'errors.rateLimited';
  // The mail server or SMS gateway refused the code: the catalogue's "Sending failed."
  if (code === ErrorCode.SEND_FAILED) return 'messages.sendFailed';
  if (code < 0) return failureKey({ code });
  return 'messages.tryAgain';
}
