import { count, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { appState, profiles, relations, users } from '../platform/db/schema';
import { createAccount, type NewAccountFields } from '../accounts/create-account';
import { hashPassword, newId } from '../platform/lib/crypto';
import { DEMO_PEOPLE, type DemoPerson } from './demo-people';
import { seedDemoOperations } from './demo-operations';

/** The demo accounts a newcomer signs in with (printed at start). One password for all. */
export const DEMO_PASSWORD = 'Demo#2026x';
export const DEMO_ACCOUNTS: ReadonlyArray<NewAccountFields & { door: string }> = [
  { username: 'patient@demo.cgm', userType: 'P', realname: 'Alex Demo', door: '/login' },
  { username: 'carer@demo.cgm', userType: 'M', realname: 'Sam Carer', door: '/login' },
  { username: 'carer2@demo.cgm', userType: 'M', realname: 'Jo Neighbour', door: '/login' },
  {
    username: 'lead@demo.cgm',
    userType: 'D',
    realname: 'Dr Morgan Hale',
    organisation: 'Demo Diabetes Clinic',
    door: '/hcpLogin',
  },
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
    username: 'desk@demo.cgm',
    userType: 'D',
    realname: 'Application Desk',
    adminLogin: true,
    organisation: 'CGM Portal',
    // The desk is an administration login: it signs in (and its sign-out returns) here.
    door: '/managementtools',
  },
  {
    username: 'admin@demo.cgm',
    userType: 'A',
    realname: 'Europe Admin',
    role: 'AccountAdmin',
    door: '/managementtools',
  },
  {
    username: 'superadmin@demo.cgm',
    userType: 'A',
    realname: 'Super Admin',
    role: 'AccountAdminSuper',
    door: '/managementtools',
  },
];

/** What the demo remembers between starts: when its history begins and who is simulated with which seed. */
export interface DemoState {
  from: number;
  live: { patientId: string; seed: number };
  patients: Array<{ patientId: string; seed: number }>;
  /** Patients whose whole history is stored (demo-history.ts); absent before the first one. */
  complete?: string[];
}

const DEMO_DAYS = 90;

/**
 * The live demo patient's sensor loses its signal for at most this long (minutes): it shows
 * "signal lost" for a few minutes now and then, as sensors do, but never for hours in front of
 * someone trying the portal. Its history and its stream are simulated with the same limit, so the
 * stream continues the history exactly.
 */
export const LIVE_SIGNAL_LOSS_MAX_MIN = 20;

/**
 * First start on an empty embedded database: the demo accounts (spec roles P, M, D, clinic, super
 * admin), the carer and the HCP following the demo patient with the patient's consent, and about
 * twenty simulated patients in the HCP's care. Never runs on a database that has users. Their data
 * is generated afterwards (demo-data.ts), in the background.
 */
export async function seedDemoIfEmpty(
  db: Db,
  termsVersion: string,
  now = new Date(),
  patientCount = DEMO_PEOPLE.length - 1,
): Promise<DemoState | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const { door: _door, ...input } = account;
    ids[account.username] = await createAccount(
      db,
      { ...input, password: DEMO_PASSWORD, passwordHash, termsVersion, createdBy: input.createdBy ?? 'cli' },
      now,
    );
  }
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DEMO_DAYS * 86400_000;
  const live = { patientId: ids['patient@demo.cgm']!, seed: 7 };
  const hcp = ids['hcp@demo.cgm']!;
  const follow = (
    patientId: string,
    followerId: string,
    followerType: 'M' | 'D',
    state = 'accepted' as const,
  ) =>
    db.insert(relations).values({
      id: newId(),
      patientId,
      followerId,
      followerType,
      state,
      requestedBy: followerId,
      createdAt: now,
      decidedAt: state === 'accepted' ? now : null,
    });
  await follow(live.patientId, ids['carer@demo.cgm']!, 'M');
  await follow(live.patientId, hcp, 'D');
  // A request the demo patient has not answered yet, so /connection has something to decide.
  await db.insert(relations).values({
    id: newId(),
    patientId: live.patientId,
    followerId: ids['carer2@demo.cgm']!,
    followerType: 'M',
    state: 'pending',
    requestedBy: ids['carer2@demo.cgm']!,
    remark: 'Your neighbour, for the school run',
    createdAt: now,
  });
  // Dr Lee works in Dr Hale's HCP group; the Europe admin administers the European countries.
  await db.update(users).set({ groupId: ids['lead@demo.cgm']! }).where(eq(users.id, hcp));
  await db
    .update(users)
    .set({ adminScope: { regions: ['europe'] } })
    .where(eq(users.id, ids['admin@demo.cgm']!));
  await describe(db, live.patientId, DEMO_PEOPLE[0]!);

  const patients: DemoState['patients'] = [];
  for (const [i, person] of DEMO_PEOPLE.slice(1, 1 + patientCount).entries()) {
    const patientId = await createAccount(
      db,
      {
        username: `${person.username}@demo.cgm`,
        password: DEMO_PASSWORD,
        passwordHash,
        userType: 'P',
        realname: person.realname,
        createdBy: 'hcp',
        creatorId: hcp,
        country: person.country,
        language: person.language,
        termsVersion,
        createdAt: new Date(from - (i + 1) * 86400_000 * 7),
      },
      now,
    );
    await describe(db, patientId, person);
    await follow(patientId, hcp, 'D');
    patients.push({ patientId, seed: 100 + i });
  }
  // Dr Hale and Dr Lee work at the demo clinic: its clinic desk reads the patients who accepted
  // them and consent to the clinic, as every demo patient does (access/clinic-access.ts). Firmware releases and patch results for the operations screens.
  await seedDemoOperations(db, {
    now,
    superAdminId: ids['superadmin@demo.cgm']!,
    adminId: ids['admin@demo.cgm']!,
    clinicLoginId: ids['clinic@demo.cgm']!,
    hcpIds: [ids['lead@demo.cgm']!, hcp],
    consentingPatientIds: [live.patientId, ...patients.map((p) => p.patientId)],
    patientCountries: ['GB', ...DEMO_PEOPLE.slice(1, 1 + patientCount).map((p) => p.country)],
  });
  const state: DemoState = { from, live, patients };
  await db.insert(appState).values({ key: 'demo', value: state, updatedAt: now });
  return state;
}

export async function demoState(db: Db): Promise<DemoState | null> {
  const rows = await db.select().from(appState).where(eq(appState.key, 'demo'));
  return (rows[0]?.value as DemoState | undefined) ?? null;
}

async function describe(db: Db, userId: string, p: DemoPerson): Promise<void> {
  await db
    .update(profiles)
    .set({
      gender: p.gender,
      diabetesType: p.diabetesType,
      birthday: p.birthday,
      diabetesDiagnosisDate: p.diagnosed,
      height: p.height,
      weight: p.weight,
      alias: p.alias ?? null,
    })
    .where(eq(profiles.userId, userId));
}
