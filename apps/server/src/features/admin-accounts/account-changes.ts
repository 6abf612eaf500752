import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { hcpApplications, profiles, relations, sessions, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { revokeAllCredentials } from '../../accounts/credentials';
import { keepsDataAfterDeletion, purgeAccount } from '../../accounts/retention';
import { recordAdminOperation } from '../../access/operation-history';
import { convertToHcp } from '../../accounts/convert-to-hcp';

// The two account changes that take something away: a change of account type and deletion. Each
// runs in one transaction with its history row, so the record and the change stand or fall together.

interface Change {
  actorId: string;
  userId: string;
  ip: string;
}

async function endSessions(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends the connections the account has in one role; returns the patients to wake. */
async function endRelations(
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

/**
 * Changes an account's type after the admin confirmed (spec §2 "An existing patient or caregiver
 * account may be converted to an HCP account after confirmation. This loses the account data").
 * To D: the conversion of the HCP application (convert-to-hcp), approved at once by the admin. P↔M:
 * the person's own data stays, but every connection made in the old role ends, since the consent was
 * given to (or by) someone in that role; the old role's sessions end too.
 */
export async function changeAccountType(
  ctx: AppContext,
  c: Change & { from: 'P' | 'M'; to: 'P' | 'M' | 'D'; organisation?: string },
): Promise<void> {
  const now = ctx.clock.now();
  let wake: string[] = [];
  await ctx.db.transaction(async (tx) => {
    wake = await endRelations(tx, c.userId, c.from === 'P' ? 'patient' : 'follower', now);
    if (c.to === 'D') {
      await convertToHcp(tx, c.userId, now);
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
    } else {
      await endSessions(tx, c.userId, now);
    }
    await tx
      .update(users)
      .set({ userType: c.to, status: 'active', failedAttempts: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, c.userId));
    await recordAdminOperation(
      { db: tx, clock: ctx.clock },
      {
        actorId: c.actorId,
        subjectId: c.userId,
        action: 'member.type',
        detail: { from: c.from, to: c.to },
        ip: c.ip,
      },
    );
  });
  for (const patientId of wake) ctx.bus.publish(patientId, 0, 'access');
}

/**
 * Deletes an account (spec §1 retention): it can no longer sign in (every credential ends: sessions,
 * Nightscout secrets and tokens, OAuth grants, device tokens;
 * the username is freed), its connections end, and its data follows the retention rule: kept two
 * years on the EU server (the retention job removes it then), removed at once elsewhere. Returns
 * whether the account was purged now.
 */
export async function deleteAccount(ctx: AppContext, c: Change & { country: string }): Promise<boolean> {
  const now = ctx.clock.now();
  const purge = !keepsDataAfterDeletion(c.country);
  let wake: string[] = [];
  await ctx.db.transaction(async (tx) => {
    // Written first, while the account still has its name (the history copies names in).
    await recordAdminOperation(
      { db: tx, clock: ctx.clock },
      {
        actorId: c.actorId,
        subjectId: c.userId,
        action: 'member.delete',
        detail: { purged: purge },
        ip: c.ip,
      },
    );
    const ended = await tx
      .delete(relations)
      .where(or(eq(relations.patientId, c.userId), eq(relations.followerId, c.userId)))
      .returning({ patientId: relations.patientId });
    wake = ended.map((r) => r.patientId);
    await revokeAllCredentials(tx, c.userId, now);
    if (purge) {
      await purgeAccount(tx, c.userId);
      return;
    }
    await tx
      .update(users)
      .set({
        deletedAt: now,
        status: 'disabled',
        username: `deleted:${c.userId}`,
        mfaEnabled: false,
        updatedAt: now,
      })
      .where(eq(users.id, c.userId));
  });
  for (const patientId of new Set([...wake, c.userId])) ctx.bus.publish(patientId, 0, 'access');
  return purge;
}
