import { API } from '@cgm/contract';
import { createAccount } from '../src/accounts/create-account';
import { relations } from '../src/platform/db/schema';
import { newId } from '../src/platform/lib/crypto';
import type { TestApp } from './test-app';

/**
 * The cast of a consent test (spec §6): a patient; another patient; followers of the patient whose
 * connection is accepted (a carer and an HCP), pending, removed or rejected; and a stranger.
 */
export type Who = 'patient' | 'other' | 'carer' | 'hcp' | 'pending' | 'removed' | 'rejected' | 'stranger';

export interface People {
  ids: Record<Who, string>;
  tokens: Record<Who, string>;
}

export const TEST_PASSWORD = 'Gluco$e9x';

const CAST: Record<Who, { type: 'P' | 'M' | 'D'; state?: 'accepted' | 'pending' | 'removed' | 'rejected' }> =
  {
    patient: { type: 'P' },
    other: { type: 'P' },
    carer: { type: 'M', state: 'accepted' },
    hcp: { type: 'D', state: 'accepted' },
    pending: { type: 'M', state: 'pending' },
    removed: { type: 'M', state: 'removed' },
    rejected: { type: 'D', state: 'rejected' },
    stranger: { type: 'M' },
  };

/** Creates the cast, signs everyone in and stores the relations rows directly. */
export async function createPeople(
  t: TestApp,
  countries: { patient?: string; other?: string } = {},
): Promise<People> {
  const ids = {} as Record<Who, string>;
  const tokens = {} as Record<Who, string>;
  for (const [who, role] of Object.entries(CAST) as Array<[Who, (typeof CAST)[Who]]>) {
    const username = `${who}@example.com`;
    ids[who] = await createAccount(t.ctx.db, {
      username,
      password: TEST_PASSWORD,
      userType: role.type,
      realname: `Test ${who}`,
      termsVersion: t.ctx.config.TERMS_VERSION,
      country: who === 'patient' || who === 'other' ? countries[who] : undefined,
    });
    const login = await t.call('POST', API.login, {
      body: { username, password: TEST_PASSWORD, user_type: role.type === 'D' ? 'D' : 'P' },
    });
    tokens[who] = login.body.token as string;
    if (role.state) {
      await t.ctx.db.insert(relations).values({
        id: newId(),
        patientId: ids.patient,
        followerId: ids[who],
        followerType: role.type === 'D' ? 'D' : 'M',
        state: role.state,
        requestedBy: ids[who],
      });
    }
  }
  return { ids, tokens };
}

/** Who may do what (spec §6): read and settings for accepted followers; own for the patient alone. */
export const MAY_READ: readonly Who[] = ['patient', 'carer', 'hcp'];
export const MAY_NOT_READ: readonly Who[] = ['other', 'pending', 'removed', 'rejected', 'stranger'];
export const MAY_NOT_OWN: readonly Who[] = [
  'other',
  'carer',
  'hcp',
  'pending',
  'removed',
  'rejected',
  'stranger',
];

/** A device app of the patient, and a sender of record batches through the realtime ingest. */
export async function registerDevice(t: TestApp, patientToken: string, serial = 'PB-1') {
  const reg = await t.call('POST', API.devices, {
    token: patientToken,
    body: { kind: 'patch_app', serial, name: 'Patch app' },
  });
  const token = reg.body.device_token as string;
  return {
    id: reg.body.device_id as string,
    ingest: (records: unknown[]) => t.call('POST', API.ingest, { token, body: { records } }),
  };
}
