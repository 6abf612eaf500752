import { adminRole, createdBy, userType, type LoginResponse } from '@cgm/contract';
import type { KeyValueStore } from '../lib/storage';
import type { HomeSubject } from './homes';

// The signed-in session lives in sessionStorage under the keys of spec §3 ("Session keys"), so it
// ends with the tab; the language choice survives sign-out (spec §7 "logout").

export const SESSION_KEYS = {
  token: 'token',
  uid: 'uid',
  username: 'username',
  userType: 'userType',
  role: 'role',
  language: 'language',
  locCode: 'loc_code',
  accountAdminUsername: 'account_admin_username',
  createdBy: 'created_by',
  /** JSON of the login response's flag (admin_login, clinic_login). */
  flag: 'flag',
  unread: 'unread_message',
  /** Requests waiting for a patient's decision (login response connection_request). */
  requests: 'connection_request',
  /** The second-factor challenge between /login and /verificationCode (spec §4 "Account"). */
  mfaToken: 'mfa_token',
  /** Where the verification steps (second factor, own password) return to when the user goes back. */
  mfaLoginPage: 'mfa_login_page',
  /** The first sign-in's challenge when someone else chose the password (login answer 112). */
  firstPasswordToken: 'first_password_token',
} as const;

export interface SessionUser extends HomeSubject {
  token: string;
  uid: string;
  username: string;
  unread: number;
  /** Pending connection requests (patients). */
  requests: number;
}

function parseFlag(text: string | null): HomeSubject['flag'] {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as { admin_login?: unknown; clinic_login?: unknown };
    return { admin_login: v.admin_login === true, clinic_login: v.clinic_login === true };
  } catch {
    return null;
  }
}

/** The session, or null when there is no token or the stored user type is not one we know. */
export function readSession(store: KeyValueStore): SessionUser | null {
  const token = store.getItem(SESSION_KEYS.token);
  const type = userType.safeParse(store.getItem(SESSION_KEYS.userType));
  if (!token || !type.success) return null;
  const role = adminRole.safeParse(store.getItem(SESSION_KEYS.role));
  const by = createdBy.safeParse(store.getItem(SESSION_KEYS.createdBy));
  const count = (key: string) => {
    const n = Number(store.getItem(key) ?? 0);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  };
  return {
    token,
    uid: store.getItem(SESSION_KEYS.uid) ?? '',
    username: store.getItem(SESSION_KEYS.username) ?? '',
    userType: type.data,
    role: role.success ? role.data : null,
    createdBy: by.success ? by.data : null,
    flag: parseFlag(store.getItem(SESSION_KEYS.flag)),
    unread: count(SESSION_KEYS.unread),
    requests: count(SESSION_KEYS.requests),
  };
}

function put(store: KeyValueStore, key: string, value: string | null | undefined): void {
  if (value === null || value === undefined || value === '') store.removeItem(key);
  else store.setItem(key, value);
}

/** Stores a successful login (or /refresh) response. Returns false when it carries no session. */
export function writeSession(store: KeyValueStore, res: LoginResponse, token = res.token): boolean {
  if (res.error !== 0 || !token || !res.user_type || !res.uid) return false;
  put(store, SESSION_KEYS.token, token);
  put(store, SESSION_KEYS.uid, res.uid);
  put(store, SESSION_KEYS.username, res.username);
  put(store, SESSION_KEYS.userType, res.user_type);
  put(store, SESSION_KEYS.role, res.role ?? null);
  put(store, SESSION_KEYS.createdBy, res.created_by);
  put(store, SESSION_KEYS.flag, res.flag ? JSON.stringify(res.flag) : null);
  put(store, SESSION_KEYS.unread, String(res.unread_message ?? 0));
  put(store, SESSION_KEYS.requests, String(res.connection_request ?? 0));
  put(store, SESSION_KEYS.accountAdminUsername, res.user_type === 'A' ? res.username : null);
  if (res.country) put(store, SESSION_KEYS.locCode, res.country);
  // The account's language (spec §3 session keys), unless a language was chosen in this tab
  // already (the sign-in page's picker): that choice is the newer one.
  if (res.language && !store.getItem(SESSION_KEYS.language)) put(store, SESSION_KEYS.language, res.language);
  store.removeItem(SESSION_KEYS.mfaToken);
  store.removeItem(SESSION_KEYS.mfaLoginPage);
  store.removeItem(SESSION_KEYS.firstPasswordToken);
  return true;
}

export function setUnread(store: KeyValueStore, count: number): void {
  put(store, SESSION_KEYS.unread, String(Math.max(0, Math.floor(count))));
}

export function setRequests(store: KeyValueStore, count: number): void {
  put(store, SESSION_KEYS.requests, String(Math.max(0, Math.floor(count))));
}

/**
 * "Remember me" (spec §2 login): a session the server granted for 30 days is copied to local
 * storage, so it outlives the tab; a new tab or a restarted browser takes it back into session
 * storage, where everything else reads it. The server still decides: an expired or revoked token
 * answers 401 and the copy goes with the session.
 */
export const REMEMBERED_SESSION_KEY = 'remembered_session';
const REMEMBERED_KEYS = Object.values(SESSION_KEYS).filter(
  (k) =>
    k !== SESSION_KEYS.mfaToken && k !== SESSION_KEYS.mfaLoginPage && k !== SESSION_KEYS.firstPasswordToken,
);

/** Keeps this tab's session in `local` (when the login answer says it is remembered). */
export function rememberSession(store: KeyValueStore, local: KeyValueStore): void {
  const copy: Record<string, string> = {};
  for (const key of REMEMBERED_KEYS) {
    const value = store.getItem(key);
    if (value !== null) copy[key] = value;
  }
  local.setItem(REMEMBERED_SESSION_KEY, JSON.stringify(copy));
}

export function isRemembered(local: KeyValueStore): boolean {
  return local.getItem(REMEMBERED_SESSION_KEY) !== null;
}

export function forgetSession(local: KeyValueStore): void {
  local.removeItem(REMEMBERED_SESSION_KEY);
}

/** Takes a remembered session into a tab that has none; a tab's own session always wins. */
export function restoreRememberedSession(store: KeyValueStore, local: KeyValueStore): boolean {
  if (store.getItem(SESSION_KEYS.token)) return false;
  const text = local.getItem(REMEMBERED_SESSION_KEY);
  if (!text) return false;
  let copy: unknown;
  try {
    copy = JSON.parse(text);
  } catch {
    copy = null;
  }
  const values = copy && typeof copy === 'object' ? (copy as Record<string, unknown>) : {};
  for (const key of REMEMBERED_KEYS) {
    const value = values[key];
    // The language chosen in this tab is newer than the remembered one.
    if (key === SESSION_KEYS.language && store.getItem(key)) continue;
    if (typeof value === 'string' && value !== '') store.setItem(key, value);
  }
  if (readSession(store)) return true;
  forgetSession(local);
  return false;
}

/** Sign-out: everything goes except the language (spec §7 "logout"). */
export function clearSession(store: KeyValueStore): void {
  const language = store.getItem(SESSION_KEYS.language);
  store.clear();
  if (language) store.setItem(SESSION_KEYS.language, language);
}

/** The `cgm_uid` cookie the server sets at login (spec §2 guard: Account routes compare it). */
export const UID_COOKIE = 'cgm_uid';

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return part.slice(eq + 1).trim();
    }
  }
  return null;
}
