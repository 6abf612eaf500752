import { describe, expect, it } from 'vitest';
import {
  registerFailureKey,
  sendCodeFailureKey,
  showsGuardianConsent,
  validateHcp,
  validateSign,
  type HcpInput,
  type SignInput,
} from './register-rules';

const today = '2026-11-21';
const good: SignInput = {
  method: 'email',
  email: 'Ann.Smith@example.com',
  mobile: '',
  code: '123456',
  seccodeToken: 'tok',
  realname: 'Ann Smith',
  password: 'Gluco$e9Q',
  repeat: 'Gluco$e9Q',
  country: 'DE',
  agree: true,
  invitation: '',
  birthday: '1990-05-01',
  guardianConsent: false,
};

describe('validateSign', () => {
  it('accepts a complete form', () => {
    expect(validateSign(good, today)).toEqual({});
    expect(validateSign({ ...good, method: 'mobile', email: '', mobile: '+49 151 2345678' }, today)).toEqual(
      {},
    );
  });

  it.each([
    [{ email: '' }, 'contact', ['messages.fillRequired']],
    [{ email: 'not-an-email' }, 'contact', ['validation.email']],
    [{ method: 'mobile', mobile: 'abc' }, 'contact', ['validation.mobile']],
    [{ seccodeToken: null }, 'code', ['register.error.sendCodeFirst']],
    [{ code: '12345' }, 'code', ['validation.code']],
    [{ realname: ' ' }, 'realname', ['messages.nameRequired']],
    [{ realname: 'Al' }, 'realname', ['validation.realName']],
    [{ password: 'Ab1$xqz', repeat: 'Ab1$xqz' }, 'password', ['password.tooShort']],
    [{ password: 'Abc$9876', repeat: 'Abc$9876' }, 'password', ['password.sequence']],
    [{ password: 'alllowercase', repeat: 'alllowercase' }, 'password', ['password.kinds']],
    [{ password: '', repeat: '' }, 'password', ['password.required']],
    [{ repeat: '' }, 'repeat', ['messages.enterNewPasswordAgain']],
    [{ repeat: 'Gluco$e9R' }, 'repeat', ['messages.passwordsDiffer']],
    [{ country: '' }, 'country', ['messages.fillRequired']],
    [{ agree: false }, 'agree', ['errors.termsRequired']],
    [{ invitation: 'x'.repeat(33) }, 'invitation', ['messages.invitationIncorrect']],
    [{ birthday: '' }, 'birthday', ['messages.fillRequired']],
    [{ birthday: '2030-01-01' }, 'birthday', ['validation.date']],
    [{ birthday: '2026-02-30' }, 'birthday', ['validation.date']],
    [{ birthday: '2012-01-01' }, 'guardianConsent', ['errors.guardianConsentRequired']],
  ] as [Partial<SignInput>, string, string[]][])('%o → %s %o', (change, field, keys) => {
    const errors = validateSign({ ...good, ...change }, today) as Record<string, string[]>;
    expect(errors[field]).toEqual(keys);
  });

  it('rejects the username as password', () => {
    const pw = 'ann.smith@example.com';
    const errors = validateSign({ ...good, password: pw, repeat: pw }, today);
    expect(errors.password).toContain('password.sameAsUsername');
  });

  it('accepts an under-16 with consent', () => {
    expect(validateSign({ ...good, birthday: '2012-01-01', guardianConsent: true }, today)).toEqual({});
  });
});

describe('showsGuardianConsent', () => {
  it.each([
    ['2010-11-22', true],
    ['2010-11-21', false],
    ['1990-01-01', false],
    ['', false],
    ['2030-01-01', false],
  ])('%s → %s', (birthday, shows) => {
    expect(showsGuardianConsent(birthday, today)).toBe(shows);
  });
});

describe('validateHcp', () => {
  const hcp: HcpInput = { ...good, organisation: 'City Hospital' };
  it('requires the organisation and an email', () => {
    expect(validateHcp(hcp)).toEqual({});
    expect(validateHcp({ ...hcp, organisation: ' ' }).organisation).toEqual([
      'validation.organisationRequired',
    ]);
    expect(validateHcp({ ...hcp, method: 'mobile', email: '' }).contact).toEqual(['messages.fillRequired']);
  });
});

describe('failure keys', () => {
  it.each([
    [26, 'errors.registerFailedSpecific'],
    [104, 'messages.codeIncorrect'],
    [105, 'messages.invitationIncorrect'],
    [109, 'errors.guardianConsentRequired'],
    [100, 'messages.registrationFailed'],
    [500, 'messages.registrationFailed'],
    [-1, 'errors.network'],
  ])('register %i → %s', (code, key) => {
    expect(registerFailureKey(code)).toBe(key);
  });
  it.each([
    [1, 'messages.userNotExist'],
    [2, 'messages.userNotExist'],
    [26, 'errors.registerFailedSpecific'],
    [107, 'errors.rateLimited'],
    [113, 'messages.sendFailed'],
    [100, 'messages.tryAgain'],
    [500, 'messages.tryAgain'],
    [-2, 'errors.timeout'],
  ])('seccode %i → %s', (code, key) => {
    expect(sendCodeFailureKey(code)).toBe(key);
  });
});
