import { API, resetTokenResponse, securityResponse } from '@cgm/contract';
import type { LanguageCode } from '@cgm/domain';
import { api } from '../../api/api';

const publicCall = { authRedirect: false } as const;

export function requestResetCode(username: string, language: LanguageCode) {
  return api.get(API.passwordResetToken, resetTokenResponse, {
    ...publicCall,
    query: { username, language },
  });
}

export function resetPassword(token: string, code: string, password: string) {
  return api.post(API.passwordReset, { token, code, password }, undefined, publicCall);
}

export function modifyPassword(oldPassword: string, newPassword: string) {
  return api.post(API.passwordModify, { old_password: oldPassword, new_password: newPassword });
}

export function getSecurity(signal?: AbortSignal) {
  return api.get(API.security, securityResponse, signal ? { signal } : {});
}

export function saveSecurity(settings: { mfa: boolean; show_glucose: boolean }) {
  return api.post(API.security, settings);
}
