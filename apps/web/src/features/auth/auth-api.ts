import { API, loginResponse, sessionResponse, type LoginRequest } from '@cgm/contract';
import { api } from '../../api/api';
import type { Schema } from '../../api/client';

// The sign-in calls (spec §7). Their failures are answers to show, never a lost session.
const publicCall = { authRedirect: false } as const;

export function login(body: LoginRequest) {
  return api.post(API.login, body, loginResponse, publicCall);
}

export function verifyMfa(mfaToken: string, code: string) {
  return api.post(API.loginMfa, { mfa_token: mfaToken, code }, loginResponse, publicCall);
}

// The contract declares this response inline in the server; the same shape, checked here.
const resendResponse: Schema<{ error: 0; mfa_token: string }> = {
  safeParse(input) {
    const v = input as { error?: unknown; mfa_token?: unknown } | null;
    return v && v.error === 0 && typeof v.mfa_token === 'string'
      ? { success: true, data: { error: 0, mfa_token: v.mfa_token } }
      : { success: false };
  },
};
export function resendMfa(mfaToken: string) {
  return api.post(API.loginMfaResend, { mfa_token: mfaToken }, resendResponse, publicCall);
}

export function fetchSession() {
  return api.get(API.session, sessionResponse);
}

/** Agreement to the current terms; the token is passed when the session is not stored yet. */
export function acceptTerms(termsVersion: string, token?: string) {
  return api.post(API.termsAccept, { terms_version: termsVersion }, undefined, token ? { token } : {});
}

export function revokeToken(token: string) {
  return api.post(API.logout, {}, undefined, { token, authRedirect: false, timeoutMs: 10_000 });
}
