import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { sessions, users } from '../platform/db/schema';

// SQL of password changes (the user's own change, a reset, the first sign-in with a password someone
// else chose). Functions take the database or a transaction, so a new password and the end of the
// old sessions are written together.

/**
 * The new hash; a successful change or reset also ends any lock (spec §4 "Account"). A password the
 * user set themself is no longer one someone else chose, so the first-sign-in change is done too.
 */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedAttempts: 0, lockedUntil: null, mustChangePassword: false, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Ends the user's sessions, all of them or all but `keepSessionId` (the one making the change). */
export async function revokeSessions(
  db: Db,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId ? and(open, ne(sessions.id, keepSessionId)) : open);
}
