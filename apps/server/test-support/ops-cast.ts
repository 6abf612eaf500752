import { eq } from 'drizzle-orm';
import { createAccount } from '../src/accounts/create-account';
import { users } from '../src/platform/db/schema';
import type { TestApp } from './test-app';

/**
 * The cast of the operations tools' tests: the super admin; an account admin for Germany and one
 * for France (scope by country) and one for the region Europe; patients in DE and FR; an HCP in DE;
 * a carer. Admins get admin sessions (signed in through /managementtools), everyone else a user one.
 */
export type OpsWho = 'super' | 'de' | 'fr' | 'europe' | 'patientDe' | 'patientFr' | 'hcpDe' | 'carer';

export interface OpsCast {
  ids: Record<OpsWho, string>;
  tokens: Record<OpsWho, string>;
}

const ADMINS: Partial<Record<OpsWho, { countries?: string[]; regions?: string[] } | null>> = {
  super: null,
  de: { countries: ['DE'] },
  fr: { countries: ['FR'] },
  europe: { regions: ['europe'] },
};

export async function createOpsCast(
  t: TestApp,
  createdAt = new Date('2026-01-15T10:00:00Z'),
): Promise<OpsCast> {
  const ids = {} as Record<OpsWho, string>;
  const tokens = {} as Record<OpsWho, string>;
  const make = async (who: OpsWho, input: Partial<Parameters<typeof createAccount>[1]>) => {
    ids[who] = await createAccount(t.ctx.db, {
      username: `${who.toLowerCase()}@ops.example`,
      password: 'Ops#2026xy',
      realname: `Ops ${who}`,
      userType: 'P',
      createdAt,
      termsVersion: t.ctx.config.TERMS_VERSION,
      ...input,
    });
  };
  for (const [who, scope] of Object.entries(ADMINS) as Array<[OpsWho, typeof ADMINS.super]>) {
    await make(who, { userType: 'A', role: scope ? 'AccountAdmin' : 'AccountAdminSuper', country: 'GB' });
    if (scope) await t.ctx.db.update(users).set({ adminScope: scope }).where(eq(users.id, ids[who]));
  }
  await make('patientDe', { country: 'DE', createdBy: 'register' });
  await make('patientFr', { country: 'FR', createdBy: 'register' });
  await make('hcpDe', { userType: 'D', country: 'DE', createdBy: 'register' });
  await make('carer', { userType: 'M', country: 'DE', createdBy: 'register' });
  for (const who of Object.keys(ids) as OpsWho[]) {
    tokens[who] = await t.signIn(ids[who], who in ADMINS ? 'admin' : 'user');
  }
  return { ids, tokens };
}

/** Callers who are not account admins: each must be refused every operations tool. */
export const NOT_ADMINS: readonly OpsWho[] = ['patientDe', 'hcpDe', 'carer'];

/** New sessions for everyone, after a test moved its clock past the admin sessions' idle limit. */
export async function signInAgain(t: TestApp, cast: OpsCast): Promise<void> {
  for (const who of Object.keys(cast.ids) as OpsWho[]) {
    cast.tokens[who] = await t.signIn(cast.ids[who], who in ADMINS ? 'admin' : 'user');
  }
}
