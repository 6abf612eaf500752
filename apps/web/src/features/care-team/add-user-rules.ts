import { checkPassword, isValidEmail, isValidMobile, isValidRealName, normalizeUsername } from '@cgm/domain';

// The add-user form's checks: the same domain rules the server applies (spec §5), so a form that
// passes here is not refused for its fields.

export interface AddUserForm {
  username: string;
  realname: string;
  major: string;
  organisation: string;
  password: string;
  repeat: string;
}

export type AddUserErrors = Partial<Record<keyof AddUserForm, string[]>>;

export function validateAddUser(form: AddUserForm): AddUserErrors {
  const errors: AddUserErrors = {};
  const username = normalizeUsername(form.username);
  if (!username) errors.username = ['messages.fillRequired'];
  else if (!isValidEmail(username) && !isValidMobile(username))
    errors.username = ['validation.emailOrMobile'];
  if (!isValidRealName(form.realname)) errors.realname = ['validation.realName'];
  const password = checkPassword(form.password, username, 'register');
  if (!password.ok) errors.password = password.problems;
  if (form.repeat !== form.password) errors.repeat = ['messages.enterNewPasswordAgain'];
  return errors;
}

export const hasAddUserErrors = (errors: AddUserErrors): boolean => Object.keys(errors).length > 0;
