import { describe, expect, it } from 'vitest';
import { memoryStore } from '../lib/storage';
import { isSafeReturnPath, rememberReturnTo, takeReturnTo } from './return-to';

describe('return after sign-in', () => {
  it('returns once to a path of this site', () => {
    const store = memoryStore();
    rememberReturnTo(store, '/oauth/authorize?client_id=app&code_challenge=x');
    expect(takeReturnTo(store)).toBe('/oauth/authorize?client_id=app&code_challenge=x');
    expect(takeReturnTo(store)).toBeNull();
  });

  it('never sends anyone to another site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(isSafeReturnPath(bad)).toBe(false);
      const store = memoryStore();
      rememberReturnTo(store, bad);
      expect(takeReturnTo(store)).toBeNull();
    }
  });

  it('returns only to the pages any account may open, not to pages of one kind of user', () => {
    expect(isSafeReturnPath('/messages')).toBe(true);
    expect(isSafeReturnPath('/PatientList')).toBe(false);
    expect(isSafeReturnPath('/accountsadmin_list')).toBe(false);
  });
});
