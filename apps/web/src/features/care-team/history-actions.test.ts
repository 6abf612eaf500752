import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { HCP_OPERATIONS } from '@cgm/contract';
import { actionKey, actionLabel } from './history-actions';

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('history action labels', () => {
  it.each(HCP_OPERATIONS)('%s has an English text', (action) => {
    expect(typeof lookup(actionKey(action))).toBe('string');
  });

  it('labels no operation the server does not record', () => {
    const labelled = Object.keys((en as { history: { action: Record<string, string> } }).history.action);
    expect(labelled.sort()).toEqual(HCP_OPERATIONS.map((a) => a.replace(/\./g, '_')).sort());
  });

  it('translates a known key', () => {
    expect(actionLabel('pdm.settings.view', null)).toEqual({ key: 'history.action.pdm_settings_view' });
  });

  it('shows the recorded route of an unknown key, else the key itself', () => {
    expect(actionLabel('charts.view', { method: 'GET', route: '/api/v2.1/chart/:id/data/dd' })).toEqual({
      text: 'GET /api/v2.1/chart/:id/data/dd',
    });
    expect(actionLabel('charts.view', { route: '/x' })).toEqual({ text: '/x' });
    expect(actionLabel('charts.view', null)).toEqual({ text: 'charts.view' });
  });
});
