import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@cgm/contract';
import type { ApiResult } from '../../api/client';
import { loginOutcome, needsTerms } from './login-outcome';

const fail = (code: number, body: Record<string, unknown> = {}): ApiResult<LoginResponse> => ({
  ok: false,
  status: 200,
  code,
  body: { error: code, ...body },
});
const ok = (data: LoginResponse): ApiResult<LoginResponse> => ({ ok: true, status: 200, data });

describe('loginOutcome (spec §8 login codes)', () => {
  it('0: signed in, with the terms step when the version differs', () => {
    const res = { error: 0, token: 't', uid: 'u', user_type: 'P' as const, terms_version: '2026-01' };
    expect(loginOutcome(ok(res), 'personal', '2026-11')).toEqual({
      kind: 'signedIn',
      response: res,
      needsTerms: true,
    });
    expect(loginOutcome(ok({ ...res, terms_version: '2026-11' }), 'personal', '2026-11')).toMatchObject({
      needsTerms: false,
    });
  });

  it.each([
    [2, {}, { kind: 'error', key: 'errors.userNotExist' }],
    [
      9,
      { attempts_left: 2 },
      { kind: 'error', key: 'messages.wrongPasswordAttemptsLeft', params: { count: 2 } },
    ],
    [9, {}, { kind: 'error', key: 'errors.wrongPassword' }],
    [10, {}, { kind: 'error', key: 'errors.wrongUserType' }],
    [52, {}, { kind: 'error', key: 'messages.notApproved' }],
    [
      62,
      { minutes_left: 14 },
      { kind: 'error', key: 'messages.lockedTryAgainMinutes', params: { minutes: 14 } },
    ],
    [62, {}, { kind: 'error', key: 'errors.locked' }],
    [63, { mfa_token: 'm1' }, { kind: 'mfa', mfaToken: 'm1' }],
    [63, {}, { kind: 'error', key: 'errors.internal' }],
    [112, { password_token: 'p1' }, { kind: 'firstPassword', passwordToken: 'p1' }],
    [112, {}, { kind: 'error', key: 'errors.internal' }],
    [64, {}, { kind: 'error', key: 'messages.codeIncorrect' }],
    [100, {}, { kind: 'error', key: 'messages.usernamePasswordRequired' }],
    [107, {}, { kind: 'error', key: 'errors.rateLimited' }],
    [-1, {}, { kind: 'error', key: 'errors.network' }],
    [-2, {}, { kind: 'error', key: 'errors.timeout' }],
    [999, {}, { kind: 'error', key: 'errors.internal' }],
  ] as const)('%i %o', (code, body, outcome) => {
    expect(loginOutcome(fail(code, body), 'personal', '1')).toEqual(outcome);
  });

  it('71: the patient or HCP variant with the regional site', () => {
    const body = { site: 'china', site_url: 'https://cn.example' };
    expect(loginOutcome(fail(71, body), 'personal', null)).toEqual({
      kind: 'wrongRegion',
      key: 'messages.wrongRegionPatient',
      url: 'https://cn.example',
    });
    for (const edition of ['hcp', 'clinic', 'admin'] as const) {
      expect(loginOutcome(fail(71, body), edition, null)).toMatchObject({ key: 'messages.wrongRegionHcp' });
    }
    expect(loginOutcome(fail(71), 'hcp', null)).toMatchObject({ url: null });
  });
});

describe('needsTerms', () => {
  it.each([
    ['2026-11', '2026-11', false],
    ['2026-01', '2026-11', true],
    [null, '2026-11', true],
    [undefined, '2026-11', true],
    ['2026-01', null, false],
    ['2026-01', undefined, false],
  ] as const)('agreed %s, current %s → %s', (agreed, current, out) => {
    expect(needsTerms({ error: 0, terms_version: agreed }, current)).toBe(out);
  });
});
