import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS } from '@cgm/contract';
import en from '../../i18n/locales/en.json';
import { adminActionKey } from './history-actions';

// /History shows every action in words and offers each in its filter: each action the server may
// write (ADMIN_ACTIONS; apps/server/src/features/history/admin-actions.test.ts) has a label.
// locales.test.ts checks that the other 21 languages have every English key.

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);

describe('admin history actions', () => {
  it.each(ADMIN_ACTIONS)('%s has a label', (action) => {
    const label = lookup(adminActionKey(action));
    expect(typeof label).toBe('string');
    expect(label).not.toBe(action);
  });

  it('labels no action the server does not write', () => {
    const labelled = Object.keys((en as { admin: { action: Record<string, string> } }).admin.action);
    expect(labelled.sort()).toEqual(ADMIN_ACTIONS.map((a) => a.replace('.', '_')).sort());
  });
});
