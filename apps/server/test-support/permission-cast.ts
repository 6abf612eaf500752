import { createAccount } from '../src/accounts/create-account';
import { inArray } from 'drizzle-orm';
import { clinicConsents, clinics, relations, users } from '../src/platform/db/schema';
import { newId } from '../src/platform/lib/crypto';
import type { TestApp } from './test-app';

// The cast of the permission table (docs/PERMISSIONS.md): every role of spec §6, and for each kind
// of follower every relation state of spec §4 towards one patient.

export const RELATION_STATES = ['none', 'pending', 'accepted', 'rejected', 'cancelled', 'removed'] as const;
export type RelationState = (typeof RELATION_STATES)[number];

const FOLLOWER_KINDS = {
  carer: { userType: 'M' },
  hcp: { userType: 'D' },
  member: { userType: 'D', createdBy: 'hcp_group' },
  clinic: { userType: 'D', clinicLogin: true },
} as const;
export type FollowerKind = keyof typeof FOLLOWER_KINDS;

export type ActorName =
  | 'anonymous'
  | 'patient'
  | 'otherPatient'
  | 'adminLogin'
  | 'accountAdmin'
  | 'superAdmin'
  | `${FollowerKind}:${RelationState}`;

export const FOLLOWERS = Object.keys(FOLLOWER_KINDS) as FollowerKind[];
export const ACTORS: readonly ActorName[] = [
  'anonymous',
  'patient',
  'otherPatient',
  'adminLogin',
  'accountAdmin',
  'superAdmin',
  ...FOLLOWERS.flatMap((f) => RELATION_STATES.map((s) => `${f}:${s}` as const)),
];

/** The cast's HCP accounts (user type D): HCPs, group members, clinic logins and the admin login. */
export const HCP_ACCOUNTS: readonly ActorName[] = [
  'adminLogin',
  ...FOLLOWERS.filter((f) => FOLLOWER_KINDS[f].userType === 'D').flatMap((f) =>
    RELATION_STATES.map((s) => `${f}:${s}` as const),
  ),
];

export interface Cast {
  patientId: string;
  tokens: Map<ActorName, string | null>;
  ids: Map<ActorName, string>;
}

/**
 * A clinic with this clinic login and one HCP in it, which the patient consents to (so the state of
 * the patient's relation with the HCP decides); returns the HCP's id.
 */
async function clinicWithHcp(t: TestApp, loginId: string, tag: string, patientId: string): Promise<string> {
  const clinicId = newId();
  await t.ctx.db.insert(clinics).values({
    id: clinicId,
    name: `Clinic ${tag}`,
    country: 'GB',
    region: 'europe',
    createdBy: loginId,
  });
  const hcpId = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: `${tag}-hcp@cast.example`,
    password: 'Cast#2026x',
    realname: `Cast ${tag} hcp`,
    userType: 'D',
    createdBy: 'register',
  });
  await t.ctx.db
    .update(users)
    .set({ clinicId })
    .where(inArray(users.id, [loginId, hcpId]));
  await t.ctx.db.insert(clinicConsents).values({ patientId, clinicId, givenAt: new Date() });
  return hcpId;
}

/** Creates every account, the relation rows in their states, and a session for each. */
export async function createCast(t: TestApp): Promise<Cast> {
  const ids = new Map<ActorName, string>();
  const make = async (
    name: ActorName,
    input: Omit<Parameters<typeof createAccount>[1], 'username' | 'password' | 'realname'>,
  ) => {
    const id = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: `${name.replace(':', '-')}@cast.example`,
      password: 'Cast#2026x',
      realname: `Cast ${name.replace(':', ' ')}`,
      ...input,
    });
    ids.set(name, id);
    return id;
  };
  const patientId = await make('patient', { userType: 'P', createdBy: 'register' });
  await make('otherPatient', { userType: 'P', createdBy: 'register' });
  await make('adminLogin', { userType: 'D', adminLogin: true });
  await make('accountAdmin', { userType: 'A', role: 'AccountAdmin' });
  await make('superAdmin', { userType: 'A', role: 'AccountAdminSuper' });
  const relate = (followerId: string, state: Exclude<RelationState, 'none'>) =>
    t.ctx.db.insert(relations).values({
      id: newId(),
      patientId,
      followerId,
      followerType: 'D' as const,
      state,
      requestedBy: followerId,
    });
  for (const kind of FOLLOWERS) {
    for (const state of RELATION_STATES) {
      const spec = FOLLOWER_KINDS[kind];
      const name = `${kind}:${state}` as const;
      const id = await make(name, {
        userType: spec.userType,
        createdBy: 'createdBy' in spec ? spec.createdBy : 'register',
        clinicLogin: 'clinicLogin' in spec ? spec.clinicLogin : false,
      });
      if (kind === 'clinic') {
        // A clinic login reads through its clinic's HCPs (access/clinic-access.ts): the state is
        // that of the patient's relation with the clinic's HCP, the patient consenting to the clinic
        // (a desk without that consent is clinic-access.int.test's). The patient also accepted the
        // clinic login itself, which must grant nothing.
        const hcpId = await clinicWithHcp(t, id, name.replace(':', '-'), patientId);
        await relate(id, 'accepted');
        if (state !== 'none') await relate(hcpId, state);
        continue;
      }
      if (state === 'none') continue;
      await t.ctx.db.insert(relations).values({
        id: newId(),
        patientId,
        followerId: id,
        followerType: spec.userType,
        state,
        requestedBy: id,
      });
    }
  }
  const tokens = new Map<ActorName, string | null>([['anonymous', null]]);
  for (const [name, id] of ids) {
    tokens.set(name, await t.signIn(id, name === 'accountAdmin' || name === 'superAdmin' ? 'admin' : 'user'));
  }
  return { patientId, tokens, ids };
}
