import { describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@cgm/contract';
import { memoryStore } from '../lib/storage';
import { isIdle, logout } from './logout';
import { clearSession, readCookie, readSession, setRequests, setUnread, writeSession } from './session';

const patient: LoginResponse = {
  error: 0,
  token: 'tok',
  uid: 'u1',
  user_type: 'P',
  username: 'pat@example.com',
  created_by: 'register',
  flag: { admin_login: false, clinic_login: false },
  unread_message: 3,
  country: 'DE',
};

describe('writeSession and readSession', () => {
  it('stores the spec §3 keys', () => {
    const s = memoryStore();
    expect(writeSession(s, patient)).toBe(true);
    expect(s.getItem('token')).toBe('tok');
    expect(s.getItem('uid')).toBe('u1');
    expect(s.getItem('username')).toBe('pat@example.com');
    expect(s.getItem('userType')).toBe('P');
    expect(s.getItem('loc_code')).toBe('DE');
    expect(s.getItem('role')).toBeNull();
    expect(s.getItem('account_admin_username')).toBeNull();
    expect(readSession(s)).toEqual({
      token: 'tok',
      uid: 'u1',
      username: 'pat@example.com',
      userType: 'P',
      role: null,
      createdBy: 'register',
      flag: { admin_login: false, clinic_login: false },
      unread: 3,
      requests: 0,
    });
  });

  it("stores the account's language, unless one was chosen in this tab", () => {
    const fresh = memoryStore();
    writeSession(fresh, { ...patient, language: 'de' });
    expect(fresh.getItem('language')).toBe('de');
    const chosen = memoryStore({ language: 'fr' });
    writeSession(chosen, { ...patient, language: 'de' });
    expect(chosen.getItem('language')).toBe('fr');
  });

  it('stores the admin role and username', () => {
    const s = memoryStore();
    writeSession(s, {
      error: 0,
      token: 't',
      uid: 'a',
      user_type: 'A',
      username: 'boss',
      role: 'AccountAdminSuper',
    });
    expect(s.getItem('role')).toBe('AccountAdminSuper');
    expect(s.getItem('account_admin_username')).toBe('boss');
    expect(readSession(s)?.role).toBe('AccountAdminSuper');
  });

  it('refuses a failed or incomplete response', () => {
    const s = memoryStore();
    expect(writeSession(s, { error: 9 })).toBe(false);
    expect(writeSession(s, { ...patient, token: undefined })).toBe(false);
    expect(readSession(s)).toBeNull();
  });

  it('keeps the token of /refresh, whose response has none', () => {
    const s = memoryStore();
    expect(writeSession(s, { ...patient, token: undefined }, 'kept')).toBe(true);
    expect(readSession(s)?.token).toBe('kept');
  });

  it('reads no session without a token or with an unknown user type', () => {
    expect(readSession(memoryStore({ userType: 'P' }))).toBeNull();
    expect(readSession(memoryStore({ token: 't', userType: 'X' }))).toBeNull();
    expect(readSession(memoryStore({ token: 't', userType: 'D', flag: '{bad' }))?.flag).toBeNull();
  });

  it('drops the pending second factor once signed in', () => {
    const s = memoryStore({ mfa_token: 'm', mfa_login_page: '/login' });
    writeSession(s, patient);
    expect(s.getItem('mfa_token')).toBeNull();
  });

  it('updates the unread count', () => {
    const s = memoryStore();
    writeSession(s, patient);
    setUnread(s, 0);
    expect(readSession(s)?.unread).toBe(0);
  });

  it('stores and updates the pending connection requests of a patient', () => {
    const s = memoryStore();
    writeSession(s, { ...patient, connection_request: 2 });
    expect(readSession(s)?.requests).toBe(2);
    setRequests(s, 5);
    expect(readSession(s)?.requests).toBe(5);
    setRequests(s, -1);
    expect(readSession(s)?.requests).toBe(0);
  });
});

describe('clearSession', () => {
  it('keeps only the language', () => {
    const s = memoryStore({ language: 'de', loc_code: 'DE' });
    writeSession(s, patient);
    clearSession(s);
    expect(s.getItem('language')).toBe('de');
    expect(s.getItem('token')).toBeNull();
    expect(s.getItem('loc_code')).toBeNull();
  });
});

describe('logout', () => {
  it.each([
    [{ ...patient }, '/api/v2.0/logout', '/login'],
    [{ ...patient, user_type: 'M' as const }, '/api/v2.0/logout', '/login'],
    [{ ...patient, user_type: 'D' as const }, '/api/v2.0/logout', '/hcpLogin'],
    [
      { ...patient, user_type: 'D' as const, flag: { admin_login: false, clinic_login: true } },
      '/api/v2.0/logout',
      '/clinic',
    ],
    [
      { ...patient, user_type: 'A' as const, role: 'AccountAdmin' as const },
      '/api/v2.1/logout',
      '/managementtools',
    ],
    // The admin login (the HCP-application desk) has an administration session too.
    [
      { ...patient, user_type: 'D' as const, flag: { admin_login: true, clinic_login: false } },
      '/api/v2.1/logout',
      '/managementtools',
    ],
  ])('%o calls %s and goes to %s', async (res, path, target) => {
    const store = memoryStore({ language: 'fr' });
    writeSession(store, res);
    const post = vi.fn().mockResolvedValue({ ok: true, status: 200, data: { error: 0 } });
    const navigate = vi.fn();
    await logout({ api: { post }, store, navigate });
    expect(post).toHaveBeenCalledWith(path, {}, undefined, expect.objectContaining({ authRedirect: false }));
    expect(navigate).toHaveBeenCalledWith(target);
    expect(store.getItem('token')).toBeNull();
    expect(store.getItem('language')).toBe('fr');
  });

  it('signs out locally when the server cannot be reached', async () => {
    const store = memoryStore();
    writeSession(store, patient);
    const post = vi.fn().mockResolvedValue({ ok: false, status: 0, code: -1, body: {} });
    const navigate = vi.fn();
    await logout({ api: { post }, store, navigate });
    expect(readSession(store)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('goes to /login without calling the server when there is no session', async () => {
    const post = vi.fn();
    const navigate = vi.fn();
    await logout({ api: { post }, store: memoryStore(), navigate });
    expect(post).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('admin idle timeout', () => {
  it('is idle after 10 minutes', () => {
    expect(isIdle(0, 599_999)).toBe(false);
    expect(isIdle(0, 600_000)).toBe(true);
  });
});

describe('readCookie', () => {
  it.each([
    ['cgm_uid=abc', 'abc'],
    ['a=1; cgm_uid=u%201; b=2', 'u 1'],
    ['xcgm_uid=1', null],
    ['', null],
    ['cgm_uid=%E0%A4%A', '%E0%A4%A'],
  ])('%s → %s', (header, value) => {
    expect(readCookie(header, 'cgm_uid')).toBe(value);
  });
});
