import { useSyncExternalStore } from 'react';
import type { LoginResponse } from '@cgm/contract';
import { api } from '../api/api';
import { sessionStore } from '../lib/storage';
import { logout } from './logout';
import { clearSession, readSession, setRequests, setUnread, writeSession, type SessionUser } from './session';

// The session as React sees it: one snapshot, replaced whenever the session is written, so the
// header and the guard always agree with sessionStorage.

const listeners = new Set<() => void>();
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
  publish();
}

export async function signOut(navigate: (to: string) => void): Promise<void> {
  await logout({
    api,
    store: sessionStore(),
    navigate: (to) => {
      publish();
      navigate(to);
    },
  });
}
