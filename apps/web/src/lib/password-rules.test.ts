import { describe, expect, it } from 'vitest';
import {
  isValid,
  modifyFailureKey,
  resetFailureKey,
  resetRequestFailureKey,
  validateChange,
  validateFirstPassword,
  validateReset,
  validateResetRequest,
} from './password-rules';

describe('validateReset', () => {
  const ok = { username: 'ann@example.com', code: '123456', password: 'Qz9$kw', repeat: 'Qz9$kw' };
  it('accepts six characters (reset needs 6 or more)', () => {
    expect(validateReset(ok)).toEqual({});
  });
  it.each([
    [{ code: '12a456' }, { code: ['validation.code'] }],
    [{ password: 'Qz9$k', repeat: 'Qz9$k' }, { password: ['password.tooShort'] }],
    [{ repeat: '' }, { repeat: ['messages.enterNewPasswordAgain'] }],
    [{ repeat: 'Qz9$kW' }, { repeat: ['messages.passwordsDiffer'] }],
    [{ password: 'Qz9 $kw', repeat: 'Qz9 $kw' }, { password: ['password.spaces'] }],
  ])('%o → %o', (change, errors) => {
    expect(validateReset({ ...ok, ...change })).toEqual(errors);
  });
});

describe('validateChange', () => {
  const ok = { username: 'ann', old: 'Old$pw1x', password: 'Qz9$kw', repeat: 'Qz9$kw' };
  it('accepts a valid change', () => {
    expect(isValid(validateChange(ok))).toBe(true);
  });
  it('needs the old password and a different new one', () => {
    expect(validateChange({ ...ok, old: '' }).old).toEqual(['messages.fillRequired']);
    expect(validateChange({ ...ok, old: 'Qz9$kw' }).password).toEqual(['password.sameAsOld']);
  });
  it('reports every password problem at once', () => {
    expect(validateChange({ ...ok, password: 'abc', repeat: 'abc' }).password).toEqual([
      'password.tooShort',
      'password.kinds',
      'password.sequence',
    ]);
  });
});

describe('validateFirstPassword', () => {
  it('accepts a valid new password given twice', () => {
    expect(isValid(validateFirstPassword({ password: 'Qz9$kw', repeat: 'Qz9$kw' }))).toBe(true);
  });
  it('asks for the password again and reports its problems', () => {
    expect(validateFirstPassword({ password: 'Qz9$kw', repeat: '' }).repeat).toEqual([
      'messages.enterNewPasswordAgain',
    ]);
    expect(validateFirstPassword({ password: 'Qz9$kw', repeat: 'Qz9$kx' }).repeat).toEqual([
      'messages.passwordsDiffer',
    ]);
    expect(validateFirstPassword({ password: '', repeat: '' }).password).toEqual(['password.required']);
  });
});

describe('reset request', () => {
  it('needs a username', () => {
    expect(validateResetRequest(' ')).toEqual({ username: ['messages.fillRequired'] });
    expect(validateResetRequest('ann')).toEqual({});
  });
});

describe('failure keys', () => {
  it.each([
    [resetRequestFailureKey, 2, 'messages.userNotExist'],
    [resetRequestFailureKey, 103, 'messages.userNotExist'],
    [resetRequestFailureKey, 107, 'errors.rateLimited'],
    [resetRequestFailureKey, 113, 'messages.sendFailed'],
    [resetRequestFailureKey, 500, 'messages.tryAgain'],
    [resetRequestFailureKey, 110, 'messages.tryAgain'],
    [resetRequestFailureKey, -1, 'errors.network'],
    [resetFailureKey, 104, 'messages.invalidCodeTryAgain'],
    [resetFailureKey, 62, 'errors.locked'],
    [modifyFailureKey, 106, 'messages.oldPasswordIncorrect'],
    [modifyFailureKey, 100, 'messages.modifyFailed'],
    [modifyFailureKey, -1, 'errors.network'],
  ] as const)('%o %i → %s', (fn, code, key) => {
    expect(fn(code)).toBe(key);
  });
});
