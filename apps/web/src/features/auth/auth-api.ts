import { API, loginResponse, mfaResendResponse, sessionResponse, type LoginRequest } from '@cgm/contract';
import { api } from '../../api/api';

// The sign-in calls (spec §7). Their failures are answers to show, never a lost session.
const publicCall = { authRedirect: false } as const;

export function login(body: LoginRequest) {
  return api.post(API.login, body, loginResponse, publicCall);
}

export function verifyMfa(mfaToken: string, code: string) {
  return api.post(API.loginMfa, { mfa_token: mfaToken, code }, loginResponse, publicCall);
}

/** The user's own password at the first sign-in (login answered 112); answers like the login. */
export function setFirstPassword(passwordToken: string, password: string) {
  return api.post(API.loginPassword, { password_token: passwordToken, password }, loginResponse, publicCall);
}

export function resendMfa(mfaToken: string) {
  return api.post(API.loginMfaResend, { mfa_token: mfaToken }, mfaResendResponse, publicCall);
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
