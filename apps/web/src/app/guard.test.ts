import { describe, expect, it } from 'vitest';
import type { AdminRole, CreatedBy, UserType } from '@cgm/contract';
import {
  guard,
  LOGIN_PAGES,
  PUBLIC_PATHS,
  VERSIONED_ENTRIES,
  type GuardInput,
  type GuardSession,
} from './guard';
import { homeOf } from '../session/homes';
import { ROUTES } from './route-table';
import { audienceOf, routeAudience } from './route-audience';

const base: GuardInput = {
  pathname: '/',
  search: '',
  kind: null,
  session: null,
  cookieUid: null,
  hashLocale: {},
  storedLocale: { country: null, language: null },
  browserSupported: true,
};

const kindOf = (path: string) => ROUTES.find((r) => r.path === path)?.kind ?? null;
const at = (pathname: string, over: Partial<GuardInput> = {}): GuardInput => ({
  ...base,
  pathname,
  kind: kindOf(pathname),
  ...over,
});

const flagsList = [
  null,
  { admin_login: true, clinic_login: false },
  { admin_login: false, clinic_login: true },
];
const createdBys: CreatedBy[] = ['register', 'hcp_group'];
const roles: (AdminRole | null)[] = ['AccountAdminSuper', 'AccountAdmin', null];
const SESSIONS: GuardSession[] = (['P', 'D', 'M', 'A'] as UserType[]).flatMap((userType) =>
  createdBys.flatMap((createdBy) =>
    roles.flatMap((role) => flagsList.map((flag) => ({ uid: 'u1', userType, createdBy, role, flag }))),
  ),
);

const VERSIONED_PUBLIC = Object.values(VERSIONED_ENTRIES);

describe('root', () => {
  it.each([null, SESSIONS[0]!])('redirects / to /login (session %o)', (session) => {
    expect(guard(at('/', { session }))).toEqual({ action: 'redirect', to: '/login' });
  });
  it('keeps the query', () => {
    expect(guard(at('/', { search: '?a=1' }))).toEqual({ action: 'redirect', to: '/login?a=1' });
  });
});

describe('public paths without a token', () => {
  const plain = PUBLIC_PATHS.filter((p) => !(p in VERSIONED_ENTRIES));
  it.each([...plain, ...VERSIONED_PUBLIC])('%s renders', (path) => {
    expect(guard(at(path))).toEqual({ action: 'render' });
  });

  it.each([
    ['/login', '', '/v3/login'],
    ['/login', '?username=a%40b.c', '/v3/login?username=a%40b.c'],
    ['/clinic', '?x=1', '/v3/clinic?x=1'],
    ['/managementtools', '', '/admin/managementtools'],
    ['/managementtools', '?x=1', '/admin/managementtools?x=1'],
    ['/select', '', '/v3/select?country=GB&language=en'],
    ['/hcpLogin', '', '/v3/hcpLogin?country=GB&language=en'],
    ['/hcpLogin', '?next=1', '/v3/hcpLogin?next=1&country=GB&language=en'],
    ['/hcpLogin', '?country=FR&language=fr', '/v3/hcpLogin?country=FR&language=fr'],
    ['/login/', '', '/v3/login'],
  ])('%s%s → %s', (path, search, to) => {
    expect(guard(at(path, { search, kind: 'public' }))).toEqual({ action: 'redirect', to });
  });

  it('adds the hash locale, then the stored choice, then the defaults', () => {
    const hash = { hashLocale: { country: 'DE', language: 'de' as const } };
    const stored = { storedLocale: { country: 'SE', language: 'sv' } };
    expect(guard(at('/select', { ...hash, ...stored }))).toMatchObject({
      to: '/v3/select?country=DE&language=de',
    });
    expect(guard(at('/select', stored))).toMatchObject({ to: '/v3/select?country=SE&language=sv' });
    expect(guard(at('/hcpLogin', { storedLocale: { country: 'IT', language: null } }))).toMatchObject({
      to: '/v3/hcpLogin?country=IT&language=en',
    });
    expect(guard(at('/hcpLogin', { hashLocale: { language: 'fr' } }))).toMatchObject({
      to: '/v3/hcpLogin?country=GB&language=fr',
    });
    // The other entries keep their query as it is.
    expect(guard(at('/login', { ...hash }))).toEqual({ action: 'redirect', to: '/v3/login' });
  });
});

describe('public paths with a token', () => {
  const all = [...PUBLIC_PATHS, ...VERSIONED_PUBLIC];
  const cases = all.flatMap((path) => SESSIONS.map((s) => [path, s] as const));
  it.each(cases)('%s as %o', (path, session) => {
    const d = guard(at(path, { session, cookieUid: 'u1' }));
    if (LOGIN_PAGES.has(path)) expect(d).toEqual({ action: 'redirect', to: homeOf(session) });
    else expect(d).toEqual({ action: 'render' });
  });
});

describe('every route of the table', () => {
  const nonPublic = ROUTES.filter((r) => r.kind !== 'public');
  it.each(nonPublic.map((r) => [r.path, r.kind] as const))('%s (%s) without a token', (path, kind) => {
    expect(guard(at(path))).toEqual({
      action: 'redirect',
      to: kind === 'account' ? '/managementtools' : '/login',
    });
  });

  const signedIn = nonPublic.flatMap((r) => SESSIONS.map((s) => [r.path, r.kind, s] as const));
  it.each(signedIn)('%s (%s) as %o', (path, kind, session) => {
    const d = guard(at(path, { session, cookieUid: session.uid }));
    const audience = kind === 'user' || kind === 'print' ? routeAudience(path, kind) : null;
    const otherRole = audience !== null && !audience.includes(audienceOf(session));
    if ((kind === 'account' && session.userType !== 'A') || otherRole) {
      expect(d).toEqual({ action: 'redirect', to: homeOf(session) });
    } else {
      expect(d).toEqual({ action: 'render' });
    }
  });
});

describe('account routes and the uid cookie', () => {
  const admins = SESSIONS.filter((s) => s.userType === 'A');
  const accountPaths = ROUTES.filter((r) => r.kind === 'account').map((r) => r.path);
  const cases = accountPaths.flatMap((p) => admins.map((s) => [p, s] as const));
  it.each(cases)('%s: another uid in the cookie signs %o out', (path, session) => {
    expect(guard(at(path, { session, cookieUid: 'someone-else' }))).toEqual({
      action: 'redirect',
      to: '/managementtools',
      clearSession: true,
    });
    expect(guard(at(path, { session, cookieUid: null }))).toMatchObject({ clearSession: true });
    expect(guard(at(path, { session, cookieUid: 'u1' }))).toEqual({ action: 'render' });
  });

  it('does not compare the cookie on other routes', () => {
    const admin = admins[0]!;
    expect(guard(at('/Profile1', { session: admin, cookieUid: 'x' }))).toEqual({ action: 'render' });
  });
});

describe('unknown paths', () => {
  it('send a visitor without a token to /login', () => {
    expect(guard(at('/nowhere'))).toEqual({ action: 'redirect', to: '/login' });
    expect(guard(at('/LOGIN'))).toEqual({ action: 'redirect', to: '/login' });
  });
  it.each(SESSIONS)('render NotFound for %o', (session) => {
    expect(guard(at('/nowhere', { session }))).toEqual({ action: 'render' });
  });
});

describe('browser check', () => {
  it.each([...ROUTES.map((r) => r.path).filter((p) => p !== '/error'), '/nowhere'])(
    'an unsupported browser on %s goes to /error',
    (path) => {
      expect(guard(at(path, { browserSupported: false }))).toEqual({ action: 'redirect', to: '/error' });
      expect(guard(at(path, { browserSupported: false, session: SESSIONS[0]! }))).toEqual({
        action: 'redirect',
        to: '/error',
      });
    },
  );
  it('renders /error itself', () => {
    expect(guard(at('/error', { browserSupported: false }))).toEqual({ action: 'render' });
  });
});
