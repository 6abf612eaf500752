import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { oauthGrants, oauthTokens } from '../../platform/db/schema';
import { accountStillActive } from '../../accounts/credentials';

// SQL of OAuth grants (what a patient let an app read) and their tokens (one-time codes, access
// and refresh tokens), stored by their SHA-256 only.

export type GrantRow = typeof oauthGrants.$inferInsert;
export type TokenRow = typeof oauthTokens.$inferInsert;

/** A new grant and its one-time code, together. */
export async function insertGrantWithCode(db: Db, grant: GrantRow, code: TokenRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(oauthGrants).values(grant);
    await tx.insert(oauthTokens).values(code);
  });
}

export async function insertTokens(db: Db, tokens: TokenRow[]): Promise<void> {
  await db.insert(oauthTokens).values(tokens);
}

/**
 * A code or refresh token that can still be spent, with its grant: unused, unexpired, of a live
 * grant whose patient's account is still active.
 */
export async function spendableToken(db: Db, tokenHash: string, kind: 'code' | 'refresh', now: Date) {
  const rows = await db
    .select({ token: oauthTokens, grant: oauthGrants })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, kind),
        isNull(oauthTokens.usedAt),
        gt(oauthTokens.expiresAt, now),
        isNull(oauthGrants.revokedAt),
        accountStillActive(oauthGrants.patientId),
      ),
    );
  return rows[0];
}

/** Marks the token used; false when it already was (two spends at once: one wins). */
export async function spendToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(oauthTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthTokens.tokenHash, tokenHash), isNull(oauthTokens.usedAt)))
    .returning({ h: oauthTokens.tokenHash });
  return spent.length > 0;
}

/** Ends the grant that a token (of any kind) belongs to; nothing when the token is unknown. */
export async function revokeGrantOfToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  const rows = await db.select().from(oauthTokens).where(eq(oauthTokens.tokenHash, tokenHash));
  const row = rows[0];
  if (!row) return;
  await db.update(oauthGrants).set({ revokedAt: now }).where(eq(oauthGrants.id, row.grantId));
}
