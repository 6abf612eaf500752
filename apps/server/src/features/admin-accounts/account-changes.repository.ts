import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hcpApplications, profiles, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

// SQL of the admin's account changes (account-changes.ts). Each function takes the transaction the
// change and its history row are written in.

/** Ends the open connections the account has in one role; returns the patients to wake. */
export async function endOpenRelations(
  tx: Db,
  userId: string,
  as: 'patient' | 'follower',
  now: Date,
): Promise<string[]> {
  const who = as === 'patient' ? eq(relations.patientId, userId) : eq(relations.followerId, userId);
  const open = inArray(relations.state, ['pending', 'accepted']);
  const rows = await tx
    .update(relations)
    .set({ state: 'removed', decidedAt: now })
    .where(and(who, open))
    .returning({ patientId: relations.patientId });
  return [...new Set(rows.map((r) => r.patientId))];
}

/** Removes every relation the account is in, on either side; returns each row's patient. */
export async function deleteAllRelations(tx: Db, userId: string): Promise<string[]> {
  const ended = await tx
    .delete(relations)
    .where(or(eq(relations.patientId, userId), eq(relations.followerId, userId)))
    .returning({ patientId: relations.patientId });
  return ended.map((r) => r.patientId);
}

/** The organisation of an account made an HCP by the admin, and its application, approved at once. */
export async function recordAdminHcpConversion(
  tx: Db,
  c: { userId: string; actorId: string; from: 'P' | 'M'; organisation?: string },
  now: Date,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ organisation: c.organisation ?? null, updatedAt: now })
    .where(eq(profiles.userId, c.userId));
  await tx.insert(hcpApplications).values({
    id: newId(),
    userId: c.userId,
    organisation: c.organisation ?? '',
    status: 'approved',
    convertedFrom: c.from,
    decidedBy: c.actorId,
    decidedAt: now,
    note: null,
    createdAt: now,
  });
}

/** The new type; the account is active and unlocked in it. */
export async function setAccountType(
  tx: Db,
  userId: string,
  userType: 'P' | 'M' | 'D',
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ userType, status: 'active', failedAttempts: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A deleted account whose data is kept: disabled, its username freed, its second factor off. */
export async function markAccountDeleted(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      deletedAt: now,
      status: 'disabled',
      username: `deleted:${userId}`,
      mfaEnabled: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
