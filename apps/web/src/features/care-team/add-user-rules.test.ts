import { describe, expect, it } from 'vitest';
import { hasAddUserErrors, validateAddUser, type AddUserForm } from './add-user-rules';

const good: AddUserForm = {
  username: 'nurse@clinic.example',
  realname: 'Nurse One',
  major: 'nurse',
  organisation: '',
  password: 'Care#Team9x',
  repeat: 'Care#Team9x',
};

describe('validateAddUser (spec §5)', () => {
  it('accepts a complete form, with an e-mail or a mobile number', () => {
    expect(validateAddUser(good)).toEqual({});
    expect(hasAddUserErrors(validateAddUser({ ...good, username: '+44 7700 900123' }))).toBe(false);
  });

  it.each([
    [{ username: '' }, 'username', 'messages.fillRequired'],
    [{ username: 'nobody' }, 'username', 'validation.emailOrMobile'],
    [{ realname: 'Al' }, 'realname', 'validation.realName'],
    [{ password: 'Ab#1x9y', repeat: 'Ab#1x9y' }, 'password', 'password.tooShort'],
    [{ password: 'Abc#9876x', repeat: 'Abc#9876x' }, 'password', 'password.sequence'],
    [{ repeat: 'other' }, 'repeat', 'messages.enterNewPasswordAgain'],
  ] as const)('%j → %s: %s', (change, field, key) => {
    expect(validateAddUser({ ...good, ...change })[field]).toContain(key);
  });
});
