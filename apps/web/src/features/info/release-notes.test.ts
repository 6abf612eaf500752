import { describe, expect, it } from 'vitest';
import { notesFor, RELEASE_NOTES } from './release-notes';

describe('release notes', () => {
  it('shows the HCP section only to doctors', () => {
    expect(notesFor('D', 'hcp').length).toBeGreaterThan(0);
    for (const type of ['P', 'M', 'A', null] as const) expect(notesFor(type, 'hcp')).toEqual([]);
  });
  it('shows the general notes to everyone', () => {
    for (const type of ['P', 'M', 'A', 'D', null] as const) {
      expect(notesFor(type, 'everyone').map((n) => n.id)).toEqual([
        'accounts',
        'signIn',
        'languages',
        'security',
      ]);
    }
  });
  it('has unique ids and ISO dates', () => {
    expect(new Set(RELEASE_NOTES.map((n) => n.id)).size).toBe(RELEASE_NOTES.length);
    for (const n of RELEASE_NOTES) expect(n.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
