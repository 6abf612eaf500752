import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { accessKeys } from './access-text';

const textOf = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('accessKeys', () => {
  it('names a credential that may write as upload and read', () => {
    expect(accessKeys({ kind: 'nightscout', scopes: ['nightscout:read', 'nightscout:write'] })).toEqual([
      'nightscout.permissionReadwrite',
    ]);
  });

  it('names a read-only credential as read only', () => {
    expect(accessKeys({ kind: 'nightscout', scopes: ['nightscout:read'] })).toEqual([
      'nightscout.permissionRead',
    ]);
  });

  it('names each scope of an authorized app, and every key has an English text', () => {
    const keys = accessKeys({ kind: 'oauth', scopes: ['entries:read', 'profile:read'] });
    expect(keys).toEqual(['oauth.scopes.entries_read', 'oauth.scopes.profile_read']);
    for (const key of [...keys, 'nightscout.permissionReadwrite', 'nightscout.permissionRead']) {
      expect(typeof textOf(key)).toBe('string');
    }
  });
});
