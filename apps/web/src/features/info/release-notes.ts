import type { UserType } from '@cgm/contract';

// The product's release notes (/recent-updates). Text lives in the locale files under
// updates.<id>.title / updates.<id>.body; doctors (user type D) also see the HCP section (spec §2).

export interface ReleaseNote {
  id: string;
  /** Release day, YYYY-MM-DD. */
  date: string;
  version: string;
  audience: 'everyone' | 'hcp';
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  { id: 'accounts', date: '2026-11-21', version: '0.1.0', audience: 'everyone' },
  { id: 'signIn', date: '2026-11-21', version: '0.1.0', audience: 'everyone' },
  { id: 'languages', date: '2026-11-21', version: '0.1.0', audience: 'everyone' },
  { id: 'security', date: '2026-11-21', version: '0.1.0', audience: 'everyone' },
  { id: 'hcpApplication', date: '2026-11-21', version: '0.1.0', audience: 'hcp' },
  { id: 'hcpProfile', date: '2026-11-21', version: '0.1.0', audience: 'hcp' },
];

export function notesFor(userType: UserType | null, audience: ReleaseNote['audience']): ReleaseNote[] {
  if (audience === 'hcp' && userType !== 'D') return [];
  return RELEASE_NOTES.filter((n) => n.audience === audience);
}
