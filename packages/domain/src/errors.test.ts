import { describe, it, expect } from 'vitest';
import { ErrorCode, ERRORS, errorInfo, isErrorCode, LOGIN_CODES } from './errors';
import { allMessageKeys, CONFIRMATIONS, MESSAGES, SUCCESS_MESSAGES } from './messages';

describe('error catalogue (spec §8)', () => {
  it.each([
    ['SUCCESS', 0],
    ['USER_NOT_EXIST', 2],
    ['HCP_APPLY_USER_EXISTS', 3],
    ['WRONG_PASSWORD', 9],
    ['WRONG_USER_TYPE', 10],
    ['TOKEN_INVALID_HCP', 12],
    ['TOKEN_INVALID', 14],
    ['REGISTER_FAILED_SPECIFIC', 26],
    ['TIME_OVERLAP', 34],
    ['NOT_APPROVED', 52],
    ['LOCKED', 62],
    ['MFA_REQUIRED', 63],
    ['MFA_CODE_WRONG', 64],
    ['WRONG_REGION', 71],
  ] as const)('spec code %s = %d', (name, code) => {
    expect(ErrorCode[name]).toBe(code);
  });

  it('numbers its own codes from 100 so they never clash with the spec', () => {
    const own = ERRORS.filter((e) => e.code !== 0 && !LOGIN_CODES.includes(e.code) && e.code >= 100);
    expect(own.map((e) => e.name)).toEqual([
      'INVALID_INPUT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CODE_WRONG', 'INVITATION_WRONG',
      'OLD_PASSWORD_WRONG', 'RATE_LIMITED', 'TERMS_REQUIRED', 'GUARDIAN_CONSENT_REQUIRED', 'CONFLICT',
      'PAYLOAD_TOO_LARGE', 'SEND_FAILED', 'INTERNAL',
    ]); // prettier-ignore
    expect(new Set(ERRORS.map((e) => e.code)).size).toBe(ERRORS.length);
  });

  it('answers login failures with an honest HTTP status beside the code in the body', () => {
    expect([...LOGIN_CODES]).toEqual([0, 2, 9, 10, 52, 62, 63, 64, 71, 112]);
    const statuses = LOGIN_CODES.map((code) => errorInfo(code).httpStatus);
    expect(statuses).toEqual([200, 404, 401, 403, 403, 423, 401, 400, 403, 403]);
  });

  it.each([
    [ErrorCode.TOKEN_INVALID_HCP, 401, '/hcpLogin'],
    [ErrorCode.TOKEN_INVALID, 401, '/login'],
    [ErrorCode.MFA_REQUIRED, 401, '/verificationCode'],
    [ErrorCode.REGISTER_FAILED_SPECIFIC, 409, undefined],
    [ErrorCode.TIME_OVERLAP, 409, undefined],
    [ErrorCode.INVALID_INPUT, 400, undefined],
    [ErrorCode.FORBIDDEN, 403, undefined],
    [ErrorCode.NOT_FOUND, 404, undefined],
    [ErrorCode.RATE_LIMITED, 429, undefined],
    [ErrorCode.PAYLOAD_TOO_LARGE, 413, undefined],
    [ErrorCode.SEND_FAILED, 502, undefined],
    [ErrorCode.INTERNAL, 500, undefined],
  ])('code %d → HTTP %d, redirect %s (spec §8 "Other codes")', (code, status, redirect) => {
    expect(errorInfo(code).httpStatus).toBe(status);
    expect(errorInfo(code).redirect).toBe(redirect);
  });

  it('gives each code an errors.<camelName> key', () => {
    expect(errorInfo(ErrorCode.HCP_APPLY_USER_EXISTS).messageKey).toBe('errors.hcpApplyUserExists');
    expect(errorInfo(ErrorCode.MFA_CODE_WRONG).messageKey).toBe('errors.mfaCodeWrong');
    for (const e of ERRORS) expect(e.messageKey).toMatch(/^errors\.[a-z][A-Za-z0-9]*$/);
  });

  it('reads an unknown code as INTERNAL', () => {
    expect(isErrorCode(999)).toBe(false);
    expect(errorInfo(999).name).toBe('INTERNAL');
  });
});

describe('message keys (spec §8 "Messages", "Success messages", "Confirmations")', () => {
  it('names each key after its group and its constant', () => {
    for (const [name, key] of Object.entries(MESSAGES)) expect(key).toBe(`messages.${name}`);
    for (const [name, key] of Object.entries(SUCCESS_MESSAGES)) expect(key).toBe(`success.${name}`);
    for (const [name, key] of Object.entries(CONFIRMATIONS)) expect(key).toBe(`confirm.${name}`);
  });

  it('covers the spec lists', () => {
    expect(MESSAGES.codeIncorrect).toBe('messages.codeIncorrect');
    expect(SUCCESS_MESSAGES.saved).toBe('success.saved');
    expect(CONFIRMATIONS.deleteData).toBe('confirm.deleteData');
    expect(Object.keys(SUCCESS_MESSAGES)).toHaveLength(10);
  });

  it('lists every key once for the locale completeness test', () => {
    const keys = allMessageKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('errors.locked');
    expect(keys).toContain('password.sequence');
  });
});
