import { and, eq } from 'drizzle-orm';
import { createAccount } from '../src/accounts/create-account';
import { hcpApplications, outbox, users } from '../src/platform/db/schema';
import { newId } from '../src/platform/lib/crypto';
import type { TestApp } from './test-app';

// The people of the admin tests: the super admin, an account admin for Germany, one for the whole
// of Asia, and helpers for accounts, applications and mail.

export const PASSWORD = 'Gluco$e9x';

export interface Admins {
  superId: string;
  superToken: string;
  deId: string;
  deToken: string;
  asiaId: string;
  asiaToken: string;
}

export async function createAdmins(t: TestApp): Promise<Admins> {
  const db = t.ctx.db;
  const superId = await createAccount(db, {
    username: 'root@admin.example',
    password: PASSWORD,
    userType: 'A',
    role: 'AccountAdminSuper',
    realname: 'Root Admin',
  });
  const deId = await createAccount(db, {
    username: 'de@admin.example',
    password: PASSWORD,
    userType: 'A',
    role: 'AccountAdmin',
    realname: 'Admin Germany',
  });
  const asiaId = await createAccount(db, {
    username: 'asia@admin.example',
    password: PASSWORD,
    userType: 'A',
    role: 'AccountAdmin',
    realname: 'Admin Asia',
  });
  await db
    .update(users)
    .set({ adminScope: { countries: ['DE'] } })
    .where(eq(users.id, deId));
  await db
    .update(users)
    .set({ adminScope: { regions: ['asia'] } })
    .where(eq(users.id, asiaId));
  return {
    superId,
    superToken: await t.signIn(superId, 'admin'),
    deId,
    deToken: await t.signIn(deId, 'admin'),
    asiaId,
    asiaToken: await t.signIn(asiaId, 'admin'),
  };
}

export async function person(
  t: TestApp,
  name: string,
  type: 'P' | 'M' | 'D',
  country: string,
  extra: Partial<Parameters<typeof createAccount>[1]> = {},
) {
  return createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: `${name}@example.com`,
    password: PASSWORD,
    userType: type,
    realname: `Person ${name}`,
    country,
    ...extra,
  });
}

/** A pending HCP account with a submitted application (as /hcpSign leaves it). */
export async function applicant(
  t: TestApp,
  name: string,
  country: string,
): Promise<{ uid: string; applicationId: string }> {
  const uid = await person(t, name, 'D', country, {
    // Applied in English, whatever the country: the mails the tests read are the English ones.
    language: 'en',
    status: 'pending',
    createdBy: 'register',
    organisation: 'Clinic',
  });
  const applicationId = newId();
  await t.ctx.db.insert(hcpApplications).values({
    id: applicationId,
    userId: uid,
    organisation: 'Clinic',
    status: 'submitted',
    createdAt: t.clock.now(),
  });
  return { uid, applicationId };
}

export async function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.recipient, to));
}

export async function userRow(t: TestApp, id: string) {
  return (
    await t.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, id)))
  )[0];
}
