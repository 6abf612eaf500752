import { API } from '@cgm/contract';
import type { ApiClient } from '../api/client';
import type { KeyValueStore } from '../lib/storage';
import { isAdminSession, loginPageOf } from './homes';
import { clearSession, readSession } from './session';

export interface LogoutDeps {
  api: Pick<ApiClient, 'post'>;
  store: KeyValueStore;
  navigate: (to: string) => void;
}

/**
 * Sign-out (spec §7): users call v2.0/logout, administration sessions (account admins and the
 * admin login) v2.1/logout; then the session goes (all but the language) and the user lands on
 * the sign-in page of their kind. The local session
 * is cleared even when the server cannot be reached: someone pressing "sign out" on a shared
 * computer must be signed out of it, and the server's session expires on its own.
 */
export async function logout(deps: LogoutDeps): Promise<string> {
  const user = readSession(deps.store);
  const target = loginPageOf(user);
  if (user) {
    const path = isAdminSession(user) ? API.adminLogout : API.logout;
    await deps.api.post(path, {}, undefined, { authRedirect: false, timeoutMs: 10_000 });
  }
  clearSession(deps.store);
  deps.navigate(target);
  return target;
}

/** Spec §4, §9: an admin session ends after 10 minutes without a click (checked every second). */
export const ADMIN_IDLE_MS = 600_000;
export const ADMIN_IDLE_CHECK_MS = 1_000;

export function isIdle(lastActivity: number, now: number, limit = ADMIN_IDLE_MS): boolean {
  return now - lastActivity >= limit;
}
