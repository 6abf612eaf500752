import type { AppContext } from '../../platform/context';
import { revokeAllCredentials } from '../../accounts/credentials';
import { revokeSessions } from '../../accounts/password.repository';
import { keepsDataAfterDeletion, purgeAccount } from '../../accounts/retention';
import { recordAdminOperation } from '../../access/operation-history';
import { convertToHcp } from '../../accounts/convert-to-hcp';
import {
  deleteAllRelations,
  endOpenRelations,
  markAccountDeleted,
  recordAdminHcpConversion,
  setAccountType,
} from './account-changes.repository';

// The two account changes that take something away: a change of account type and deletion. Each
// runs in one transaction with its history row, so the record and the change stand or fall together.

interface Change {
  actorId: string;
  userId: string;
  ip: string;
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
    wake = await endOpenRelations(tx, c.userId, c.from === 'P' ? 'patient' : 'follower', now);
    if (c.to === 'D') {
      await convertToHcp(tx, c.userId, now);
      await recordAdminHcpConversion(tx, c, now);
    } else {
      await revokeSessions(tx, c.userId, now);
    }
    await setAccountType(tx, c.userId, c.to, now);
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
    wake = await deleteAllRelations(tx, c.userId);
    await revokeAllCredentials(tx, c.userId, now);
    if (purge) {
      await purgeAccount(tx, c.userId);
      return;
    }
    await markAccountDeleted(tx, c.userId, now);
  });
  for (const patientId of new Set([...wake, c.userId])) ctx.bus.publish(patientId, 0, 'access');
  return purge;
}
