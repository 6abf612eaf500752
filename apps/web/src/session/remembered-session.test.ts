import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@cgm/contract';
import { memoryStore } from '../lib/storage';
import {
  forgetSession,
  isRemembered,
  readSession,
  rememberSession,
  REMEMBERED_SESSION_KEY,
  restoreRememberedSession,
  writeSession,
} from './session';

// "Remember me": a 30-day session outlives the tab through a copy in local storage.

const patient: LoginResponse = {
  error: 0,
  token: 'tok-30-days',
  uid: 'u1',
  user_type: 'P',
  username: 'pat@example.com',
  created_by: 'register',
  flag: { admin_login: false, clinic_login: false },
  country: 'DE',
  language: 'de',
};

function rememberedBrowser() {
  const tab = memoryStore();
  const local = memoryStore();
  writeSession(tab, patient);
  tab.setItem('mfa_token', 'stale-challenge');
  rememberSession(tab, local);
  return local;
}

describe('a remembered session', () => {
  it('comes back in a new tab with every session key, but no sign-in challenge', () => {
    const local = rememberedBrowser();
    const newTab = memoryStore();
    expect(restoreRememberedSession(newTab, local)).toBe(true);
    expect(readSession(newTab)).toMatchObject({ token: 'tok-30-days', uid: 'u1', userType: 'P' });
    expect(newTab.getItem('loc_code')).toBe('DE');
    expect(newTab.getItem('language')).toBe('de');
    expect(newTab.getItem('mfa_token')).toBeNull();
  });

  it("never replaces the tab's own session, nor a language chosen in the tab", () => {
    const local = rememberedBrowser();
    const tab = memoryStore({ token: 'own', userType: 'M', uid: 'u2', language: 'fr' });
    expect(restoreRememberedSession(tab, local)).toBe(false);
    expect(tab.getItem('token')).toBe('own');

    const fresh = memoryStore({ language: 'fr' });
    expect(restoreRememberedSession(fresh, local)).toBe(true);
    expect(fresh.getItem('language')).toBe('fr');
  });

  it('is gone after forgetting it (sign-out, a refused token, a sign-in without remember me)', () => {
    const local = rememberedBrowser();
    expect(isRemembered(local)).toBe(true);
    forgetSession(local);
    expect(isRemembered(local)).toBe(false);
    const newTab = memoryStore();
    expect(restoreRememberedSession(newTab, local)).toBe(false);
    expect(readSession(newTab)).toBeNull();
  });

  it('drops a damaged copy instead of signing in with it', () => {
    for (const text of ['not json', '{"token":"t"}', '[]']) {
      const local = memoryStore({ [REMEMBERED_SESSION_KEY]: text });
      const tab = memoryStore();
      expect(restoreRememberedSession(tab, local)).toBe(false);
      expect(readSession(tab)).toBeNull();
      expect(isRemembered(local)).toBe(false);
    }
  });
});
