import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { account, relate } from '../../test-support/patients-fixture';
import type { Actor } from '../platform/http/auth';
import { followedPatients } from './following';

// The follower's connections list only the patients the follower reads now: accepted, a patient
// account, and the policy agreeing. A pending request or an accepted relation to a carer's own
// account is not one, and an admin login reads nobody, accepted or not.

let t: TestApp;
let hcp: string;
let adminLogin: string;
let carer: string;
const p: Record<'accepted' | 'pending' | 'removed', string> = { accepted: '', pending: '', removed: '' };

const actor = (userId: string, adminLoginFlag = false): Actor => ({
  userId,
  userType: 'D',
  role: null,
  createdBy: 'register',
  sessionId: 'test',
  sessionKind: 'user',
  flags: { adminLogin: adminLoginFlag, clinicLogin: false },
});
const row = (uid: string, userType: string, state: string) => ({ uid, userType, relation: { state } });

beforeAll(async () => {
  t = await createTestApp();
  hcp = (await account(t, 'dr@follow.example', { userType: 'D' })).id;
  adminLogin = (await account(t, 'desk@follow.example', { userType: 'D', adminLogin: true })).id;
  carer = (await account(t, 'carer@follow.example', { userType: 'M' })).id;
  for (const state of ['accepted', 'pending', 'removed'] as const) {
    p[state] = (await account(t, `${state}@follow.example`, { userType: 'P' })).id;
    await relate(t, p[state], hcp, state);
    await relate(t, p[state], adminLogin, state);
  }
  await relate(t, carer, hcp, 'accepted');
});
afterAll(() => t.close());

describe('followedPatients', () => {
  it('keeps the accepted patient accounts the follower reads, in order', async () => {
    const rows = [
      row(p.pending, 'P', 'pending'),
      row(p.accepted, 'P', 'accepted'),
      row(p.removed, 'P', 'removed'),
      row(carer, 'M', 'accepted'),
    ];
    expect((await followedPatients(t.ctx.db, actor(hcp), rows)).map((r) => r.uid)).toEqual([p.accepted]);
  });

  it('gives an admin login nobody, even where the patient accepted', async () => {
    const rows = [row(p.accepted, 'P', 'accepted')];
    expect(await followedPatients(t.ctx.db, actor(adminLogin, true), rows)).toEqual([]);
  });

  it('trusts the stored consent over a row that claims it', async () => {
    // The row says accepted, the database says pending: the policy has the last word.
    const rows = [row(p.pending, 'P', 'accepted')];
    expect(await followedPatients(t.ctx.db, actor(hcp), rows)).toEqual([]);
  });
});
