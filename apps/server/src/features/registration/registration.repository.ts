import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hcpApplications, invitationCodes, profiles, users } from '../../platform/db/schema';

export type NewUserRow = typeof users.$inferInsert;
export type InvitationRow = typeof invitationCodes.$inferSelect;

// SQL of registration and HCP applications. Every function takes the database or a transaction
// (a drizzle transaction is a database), so the services decide what runs atomically.

export async function findInvitation(db: Db, code: string): Promise<InvitationRow | undefined> {
  return (await db.select().from(invitationCodes).where(eq(invitationCodes.code, code)).limit(1))[0];
}

/** An invitation works once and until it expires (spec §5 "Invitation code correct"). */
export function invitationUsable(row: InvitationRow | undefined, now: Date): boolean {
  return Boolean(row && !row.usedAt && !row.usedBy && (!row.expiresAt || row.expiresAt > now));
}

/** Marks the invitation used; false when another registration took it first. */
export async function useInvitation(db: Db, code: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitationCodes)
    .set({ usedBy: userId, usedAt: now })
    .where(and(eq(invitationCodes.code, code), isNull(invitationCodes.usedAt)))
    .returning({ code: invitationCodes.code });
  return rows.length === 1;
}

export async function insertApplication(
  db: Db,
  values: { id: string; userId: string; organisation: string; convertedFrom: string | null; now: Date },
): Promise<void> {
  await db.insert(hcpApplications).values({
    id: values.id,
    userId: values.userId,
    organisation: values.organisation,
    status: 'submitted',
    convertedFrom: values.convertedFrom,
    createdAt: values.now,
  });
}

/**
 * The account becomes an HCP account awaiting approval. Guarded by its old type, so two
 * conversions racing each other cannot both succeed; false when the guard did not match.
 */
export async function becomeHcp(
  db: Db,
  userId: string,
  fromType: 'P' | 'M',
  values: Pick<NewUserRow, 'passwordHash' | 'country' | 'language' | 'mobile' | 'termsVersion'> & {
    now: Date;
  },
): Promise<boolean> {
  const { now, ...rest } = values;
  const rows = await db
    .update(users)
    .set({
      ...rest,
      userType: 'D',
      status: 'pending',
      termsAcceptedAt: now,
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.userType, fromType)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function setHcpProfile(
  db: Db,
  userId: string,
  values: { realname: string; organisation: string; major: string; now: Date },
): Promise<void> {
  await db
    .update(profiles)
    .set({
      realname: values.realname,
      organisation: values.organisation,
      major: values.major,
      updatedAt: values.now,
    })
    .where(eq(profiles.userId, userId));
}
