import { isValidEmail, isValidMobile, isValidRealName, REAL_NAME_PROBLEM } from '@cgm/domain';
import type { InputProblems } from '../platform/http/input-problems';

/**
 * The field rules of a person signing up by e-mail or mobile (spec §5), shared by the registration
 * and a patient made by a clinician, so both forms refuse the same input: exactly one of e-mail and
 * mobile, valid; a real name; a password by the registration's rules (`username` is the normalised
 * e-mail or mobile, which the password must not repeat).
 */
export function checkNewPerson(
  problems: InputProblems,
  input: { email?: string; mobile?: string; realname: string; password: string },
  username: string,
): void {
  if (Boolean(input.email) === Boolean(input.mobile)) problems.add('email', 'validation.emailOrMobile');
  else if (input.email) problems.check(isValidEmail(input.email), 'email', 'validation.email');
  else problems.check(isValidMobile(input.mobile ?? ''), 'mobile', 'validation.mobile');
  problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
  problems.password('password', input.password, username, 'register');
}
