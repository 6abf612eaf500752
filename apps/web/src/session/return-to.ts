import type { KeyValueStore } from '../lib/storage';

// Where a signed-out visitor was going, so that signing in takes them there instead of to their
// home: the OAuth consent page an app sent them to, and the pages a mail links to. Other pages
// belong to one kind of user, so after sign-in everyone goes home. Kept in session storage, used once.

const KEY = 'return_to';
const RETURNABLE = ['/oauth/authorize', '/connection', '/messages'];

/** Only those pages of this site: no scheme, no `//host`, no backslash tricks. */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.length > 2000)
    return false;
  return RETURNABLE.includes(path.split('?')[0]!);
}

export function rememberReturnTo(store: KeyValueStore, path: string): void {
  if (isSafeReturnPath(path)) store.setItem(KEY, path);
}

/** The remembered path, forgotten as it is read. */
export function takeReturnTo(store: KeyValueStore): string | null {
  const path = store.getItem(KEY);
  store.removeItem(KEY);
  return path && isSafeReturnPath(path) ? path : null;
}
