import { redirect, type LoaderFunction } from 'react-router';
import { chooseLocale, currentLanguage } from '../i18n/i18n';
import { queryLocaleChoice, readLocaleChoice } from '../i18n/preferences';
import { parseQueryLocale, type UrlLocale } from '../i18n/url-locale';
import { localStore, sessionStore } from '../lib/storage';
import { isSupportedBrowser } from '../lib/browser';
import { guard, type RouteKind } from './guard';
import { endSession, currentSession } from '../session/session-state';
import { readCookie, UID_COOKIE } from '../session/session';
import { rememberReturnTo } from '../session/return-to';

// Runs the pure guard before every route renders (react-router loaders run before the screen).

const context = {
  hashLocale: {} as UrlLocale,
  browserSupported: true,
};

/** Set once at start: the hash is read on entry, and the browser does not change. */
export function setGuardContext(hashLocale: UrlLocale, userAgent: string): void {
  context.hashLocale = hashLocale;
  context.browserSupported = isSupportedBrowser(userAgent);
}

/** A public entry may carry ?country=&language= (the guard adds them to /select and /hcpLogin). */
async function applyQueryLocale(search: string): Promise<void> {
  const stored = readLocaleChoice(sessionStore(), localStore());
  const choice = queryLocaleChoice(parseQueryLocale(search), stored, currentLanguage());
  if (choice) await chooseLocale(choice, null);
}

export function guardLoader(kind: RouteKind | null): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const decision = guard({
      pathname: url.pathname,
      search: url.search,
      kind,
      session: currentSession(),
      cookieUid: typeof document === 'undefined' ? null : readCookie(document.cookie, UID_COOKIE),
      hashLocale: context.hashLocale,
      storedLocale: readLocaleChoice(sessionStore(), localStore()),
      browserSupported: context.browserSupported,
    });
    if (decision.action === 'redirect') {
      if (decision.clearSession) endSession();
      // A signed-out visitor of a signed-in page comes back to it after signing in.
      if (kind === 'user' && !currentSession()) rememberReturnTo(sessionStore(), url.pathname + url.search);
      return redirect(decision.to);
    }
    if (kind === 'public') await applyQueryLocale(url.search);
    return null;
  };
}
