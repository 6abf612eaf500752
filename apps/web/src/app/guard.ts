import { homeOf, type HomeSubject } from '../session/homes';
import { audienceOf, routeAudience } from './route-audience';
import type { UrlLocale } from '../i18n/url-locale';

// The route guard of spec §2 ("Entry and public routes", "Guard") and §5 (browser check), as one
// pure function of everything it looks at, so every branch is tested without a browser.

/** public: no token needed; user: signed in; account: spec's "type Account"; print: signed in, no chrome. */
export type RouteKind = 'public' | 'user' | 'account' | 'print';

/** Spec §2 "Public paths", in the spec's order. */
export const PUBLIC_PATHS = [
  '/login',
  '/sign',
  '/hcpSign',
  '/hcpLogin',
  '/select',
  '/updating',
  '/error',
  '/updatePassword',
  '/personalApply',
  '/accountsmanagement',
  '/managementtools',
  '/verificationCode',
  '/clinic',
] as const;

/** A token-less visit to these is sent to the versioned entry on the same host (spec §2 "Guard"). */
export const VERSIONED_ENTRIES: Readonly<Record<string, string>> = {
  '/login': '/v3/login',
  '/clinic': '/v3/clinic',
  '/hcpLogin': '/v3/hcpLogin',
  '/select': '/v3/select',
  '/managementtools': '/admin/managementtools',
};

/** These versioned entries also carry the country and language in the query. */
const WITH_LOCALE_QUERY: ReadonlySet<string> = new Set(['/select', '/hcpLogin']);

/** Sign-in pages: a signed-in visitor goes to their home instead. */
export const LOGIN_PAGES: ReadonlySet<string> = new Set([
  ...Object.keys(VERSIONED_ENTRIES),
  ...Object.values(VERSIONED_ENTRIES),
]);

export const DEFAULT_COUNTRY = 'GB';
export const DEFAULT_LANGUAGE = 'en';

export interface GuardSession extends HomeSubject {
  uid: string;
}

export interface GuardInput {
  pathname: string;
  search: string;
  /** The kind of the matched route; null when no route matches (the NotFound page). */
  kind: RouteKind | null;
  session: GuardSession | null;
  /** The `cgm_uid` cookie, set by the server at login. */
  cookieUid: string | null;
  /** Country and language of the URL hash (spec §1). */
  hashLocale: UrlLocale;
  /** The stored choice (session storage, else local storage). */
  storedLocale: { country: string | null; language: string | null };
  browserSupported: boolean;
}

export type GuardDecision = { action: 'render' } | { action: 'redirect'; to: string; clearSession?: boolean };

export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

function withQuery(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function versionedEntry(path: string, input: GuardInput): string {
  const params = new URLSearchParams(input.search);
  if (WITH_LOCALE_QUERY.has(path)) {
    const { hashLocale, storedLocale } = input;
    if (!params.has('country')) {
      params.set('country', hashLocale.country ?? storedLocale.country ?? DEFAULT_COUNTRY);
    }
    if (!params.has('language')) {
      params.set('language', hashLocale.language ?? storedLocale.language ?? DEFAULT_LANGUAGE);
    }
  }
  return withQuery(VERSIONED_ENTRIES[path]!, params);
}

export function guard(input: GuardInput): GuardDecision {
  const path = normalizePath(input.pathname);
  const { session } = input;
  if (!input.browserSupported && path !== '/error') return { action: 'redirect', to: '/error' };
  if (path === '/') return { action: 'redirect', to: withQuery('/login', new URLSearchParams(input.search)) };

  if (input.kind === 'public') {
    if (session && LOGIN_PAGES.has(path)) return { action: 'redirect', to: homeOf(session) };
    if (!session && path in VERSIONED_ENTRIES) return { action: 'redirect', to: versionedEntry(path, input) };
    return { action: 'render' };
  }

  if (!session) return { action: 'redirect', to: input.kind === 'account' ? '/managementtools' : '/login' };

  if (input.kind === 'account') {
    // Account routes belong to account administrators; anyone else goes to their own home.
    if (session.userType !== 'A') return { action: 'redirect', to: homeOf(session) };
    // Another sign-in in this browser replaced the cookie: this tab's session is not the
    // browser's any more, so it ends here (which also keeps /managementtools from bouncing home).
    if (input.cookieUid !== session.uid) {
      return { action: 'redirect', to: '/managementtools', clearSession: true };
    }
  }
  if (input.kind === 'user' || input.kind === 'print') {
    // Another role's screen is never shown (issue 18): its owner's home instead. A route nobody
    // is listed for is shut to everyone rather than open to all.
    const audience = routeAudience(path, input.kind);
    if (!audience?.includes(audienceOf(session))) return { action: 'redirect', to: homeOf(session) };
  }
  return { action: 'render' };
}
