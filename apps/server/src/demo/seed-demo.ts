import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createUser, type NewUser } from '../cli/create-user';

/** The demo accounts a newcomer signs in with (printed at start). One password for all. */
export const DEMO_PASSWORD = 'Demo#2026x';
export const DEMO_ACCOUNTS: ReadonlyArray<Omit<NewUser, 'password'> & { door: string }> = [
  { username: 'patient@demo.cgm', userType: 'P', realname: 'Alex Demo', door: '/login' },
  { username: 'carer@demo.cgm', userType: 'M', realname: 'Sam Carer', door: '/login' },
  {
    username: 'hcp@demo.cgm',
    userType: 'D',
    realname: 'Dr Robin Lee',
    createdBy: 'hcp_group',
    organisation: 'Demo Diabetes Clinic',
    door: '/hcpLogin',
  },
  {
    username: 'clinic@demo.cgm',
    userType: 'D',
    realname: 'Demo Clinic Desk',
    clinicLogin: true,
    organisation: 'Demo Diabetes Clinic',
    door: '/clinic',
  },
  {
    username: 'superadmin@demo.cgm',
    userType: 'A',
    realname: 'Super Admin',
    role: 'AccountAdminSuper',
    door: '/managementtools',
  },
];

/**
 * First start on an empty embedded database: create the demo accounts (spec roles P, M, D, clinic,
 * super admin) so the portal can be tried at once. Never runs on a database that has users.
 */
export async function seedDemoIfEmpty(db: Db, termsVersion: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { door: _door, ...input } = account;
    await createUser(db, {
      ...input,
      password: DEMO_PASSWORD,
      termsVersion,
      createdBy: input.createdBy ?? 'cli',
    });
  }
  return true;
}

export function demoLoginsText(baseUrl: string): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(22)} ${DEMO_PASSWORD}   ${baseUrl}${a.door}`);
  return ['Demo accounts (user name, password, where to sign in):', ...lines].join('\n');
}
