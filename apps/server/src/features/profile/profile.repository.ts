import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { profiles, users } from '../../platform/db/schema';

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'mobile' | 'country' | 'language' | 'mfaEnabled' | 'showGlucose' | 'termsVersion' | 'termsAcceptedAt'
  >
>;

// SQL of the own account settings and portrait (spec §3 "Profile", §7 person/*); the profile itself is
// read and written by accounts/profile-mapping.ts.

export async function updateAccount(db: Db, userId: string, changes: UserChanges, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
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
