import { checkPassword, ErrorCode, isValidCode } from '@cgm/domain';
import { failureKey } from '../api/errors';

// The password forms' checks (spec §5 "Password", "Password change"), with the domain's rules.

export type Errors<K extends string> = Partial<Record<K, string[]>>;

function add<K extends string>(errors: Errors<K>, field: K, key: string): void {
  (errors[field] ??= []).push(key);
}

function checkNewPassword<K extends string>(
  errors: Errors<K | 'password' | 'repeat'>,
  password: string,
  repeat: string,
  username: string,
  context: 'change' | 'reset',
): void {
  for (const p of checkPassword(password, username, context).problems) add(errors, 'password', p);
  if (!repeat) add(errors, 'repeat', 'messages.enterNewPasswordAgain');
  else if (repeat !== password) add(errors, 'repeat', 'messages.passwordsDiffer');
}

export function validateResetRequest(username: string): Errors<'username'> {
  return username.trim() ? {} : { username: ['messages.fillRequired'] };
}

/** Step C of the reset wizard: the mailed code and the new password twice. */
export function validateReset(f: { username: string; code: string; password: string; repeat: string }) {
  const errors: Errors<'code' | 'password' | 'repeat'> = {};
  if (!isValidCode(f.code)) add(errors, 'code', 'validation.code');
  checkNewPassword(errors, f.password, f.repeat, f.username, 'reset');
  return errors;
}

/** Password modify: the old one, a new one (different from the old) twice. */
export function validateChange(f: { username: string; old: string; password: string; repeat: string }) {
  const errors: Errors<'old' | 'password' | 'repeat'> = {};
  if (!f.old) add(errors, 'old', 'messages.fillRequired');
  checkNewPassword(errors, f.password, f.repeat, f.username, 'change');
  if (f.old && f.password && f.old === f.password) add(errors, 'password', 'password.sameAsOld');
  return errors;
}

/** The first sign-in's own password (an HCP chose the first one): a new password twice. */
export function validateFirstPassword(f: { password: string; repeat: string }) {
  const errors: Errors<'password' | 'repeat'> = {};
  checkNewPassword(errors, f.password, f.repeat, '', 'change');
  return errors;
}

export function isValid(errors: Errors<string>): boolean {
  return Object.values(errors).every((list) => !list || list.length === 0);
}

/** Step B answers: an unknown user is said so (spec §8 "user does not exist"). */
/** Step B's answers (spec §8 "Seccode: 1 user not exist, otherwise try again"). */
export function resetRequestFailureKey(code: number): string {
  if (code === ErrorCode.USER_NOT_EXIST || code === ErrorCode.NOT_FOUND) return 'messages.userNotExist';
  if (code === ErrorCode.SEND_FAILED) return 'messages.sendFailed';
  // The wait and the connection's own failures say more than "try again".
  if (code === ErrorCode.RATE_LIMITED || code < 0) return failureKey({ code });
  return 'messages.tryAgain';
}

export function resetFailureKey(code: number): string {
  if (code === ErrorCode.CODE_WRONG) return 'messages.invalidCodeTryAgain';
  return failureKey({ code });
}

export function modifyFailureKey(code: number): string {
  if (code === ErrorCode.OLD_PASSWORD_WRONG) return 'messages.oldPasswordIncorrect';
  if (code === ErrorCode.INVALID_INPUT) return 'messages.modifyFailed';
  return failureKey({ code });
}
