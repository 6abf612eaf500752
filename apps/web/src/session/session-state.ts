import { useSyncExternalStore } from 'react';
import type { LoginResponse } from '@cgm/contract';
import { api } from '../api/api';
import { localStore, sessionStore } from '../lib/storage';
import { logout } from './logout';
import {
  clearSession,
  forgetSession,
  isRemembered,
  readSession,
  rememberSession,
  restoreRememberedSession,
  setRequests,
  setUnread,
  writeSession,
  type SessionUser,
} from './session';

// The session as React sees it: one snapshot, replaced whenever the session is written, so the
// header and the guard always agree with sessionStorage.

const listeners = new Set<() => void>();
// A tab opened after the browser was closed takes back a remembered ("remember me") session.
restoreRememberedSession(sessionStore(), localStore());
let snapshot: SessionUser | null = readSession(sessionStore());

function publish(): void {
  snapshot = readSession(sessionStore());
  for (const l of listeners) l();
}

export function currentSession(): SessionUser | null {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, currentSession, currentSession);
}

/** Stores a login or /refresh response; false when it carried no session. */
export function saveSession(res: LoginResponse, token?: string): boolean {
  const ok = writeSession(sessionStore(), res, token ?? res.token);
  // A sign-in says whether its session is a remembered one; /refresh (no answer either way) keeps
  // the copy there is, brought up to date.
  if (ok && (res.remember ?? isRemembered(localStore()))) rememberSession(sessionStore(), localStore());
  else if (ok) forgetSession(localStore());
  publish();
  return ok;
}

export function saveUnread(count: number): void {
  if (snapshot?.unread === count) return;
  setUnread(sessionStore(), count);
  publish();
}

/** The patient's pending connection requests (relations/auth/todo), for the user menu. */
export function saveRequests(count: number): void {
  if (snapshot?.requests === count) return;
  setRequests(sessionStore(), count);
  publish();
}

export function endSession(): void {
  clearSession(sessionStore());
  forgetSession(localStore());
  publish();
}

export async function signOut(navigate: (to: string) => void): Promise<void> {
  await logout({
    api,
    store: sessionStore(),
    navigate: (to) => {
      forgetSession(localStore());
      publish();
      navigate(to);
    },
  });
}
