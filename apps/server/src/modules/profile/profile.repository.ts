import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'mobile' | 'country' | 'language' | 'mfaEnabled' | 'showGlucose' | 'termsVersion' | 'termsAcceptedAt'
  >
>;
export type ProfileChanges = Partial<
  Omit<typeof profiles.$inferInsert, 'userId' | 'portrait' | 'portraitType'>
>;

// SQL of the own profile, portrait and account settings (spec §3 "Profile", §7 person/*).

/** The account and profile columns the profile answer needs; the portrait only as "has one". */
export async function loadProfile(db: Db, userId: string) {
  const rows = await db
    .select({
      user: users,
      profile: {
        realname: profiles.realname,
        alias: profiles.alias,
        gender: profiles.gender,
        height: profiles.height,
        weight: profiles.weight,
        diabetesType: profiles.diabetesType,
        address: profiles.address,
        zipcode: profiles.zipcode,
        telephone: profiles.telephone,
        serveFor: profiles.serveFor,
        major: profiles.major,
        organisation: profiles.organisation,
        bio: profiles.bio,
        birthday: profiles.birthday,
        diabetesDiagnosisDate: profiles.diabetesDiagnosisDate,
        hasPortrait: sql<boolean>`${profiles.portrait} is not null`,
      },
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export type LoadedProfile = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;

export async function updateAccount(db: Db, userId: string, changes: UserChanges, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function updateProfileRow(
  db: Db,
  userId: string,
  changes: ProfileChanges,
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.userId, userId));
}

export async function loadPortrait(
  db: Db,
  userId: string,
): Promise<{ data: Uint8Array; type: string } | null> {
  const rows = await db
    .select({ data: profiles.portrait, type: profiles.portraitType })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const row = rows[0];
  return row?.data && row.type ? { data: row.data, type: row.type } : null;
}

export async function savePortrait(
  db: Db,
  userId: string,
  data: Uint8Array,
  type: string,
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ portrait: data, portraitType: type, updatedAt: now })
    .where(eq(profiles.userId, userId));
}
