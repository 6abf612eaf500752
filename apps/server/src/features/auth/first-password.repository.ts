import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { verificationCodes } from '../../platform/db/schema';

// The first-password challenges: verification codes of purpose 'first_password', keyed by the
// token's hash.

export type FirstPasswordChallenge = typeof verificationCodes.$inferSelect;

export async function insertFirstPasswordChallenge(
  db: Db,
  challenge: { tokenHash: string; codeHash: string; username: string; userId: string; remember: boolean },
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db.insert(verificationCodes).values({
    id: challenge.tokenHash,
    purpose: 'first_password',
    target: challenge.username,
    userId: challenge.userId,
    codeHash: challenge.codeHash,
    createdAt,
    expiresAt,
    extra: { remember: challenge.remember },
  });
}

/** The challenge with this token hash, while it is neither used nor expired. */
export async function findOpenFirstPasswordChallenge(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<FirstPasswordChallenge | undefined> {
  const [challenge] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.id, tokenHash),
        eq(verificationCodes.purpose, 'first_password'),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return challenge;
}

/** Marks the challenge used; false when another request used it first. */
export async function consumeFirstPasswordChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
