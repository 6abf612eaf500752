import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { invitationCodes } from '../../platform/db/schema';

export type InvitationRow = typeof invitationCodes.$inferSelect;

// SQL of the invitation codes a carer or HCP makes.

export function createInvitationsRepository(db: Db) {
  return {
    /** The creator's latest 100 codes, newest first. */
    async latestOf(creatorId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitationCodes)
        .where(eq(invitationCodes.createdBy, creatorId))
        .orderBy(desc(invitationCodes.createdAt))
        .limit(100);
    },

    /** How many of the creator's codes are neither used nor expired. */
    async openCount(creatorId: string, now: Date): Promise<number> {
      const [open] = await db
        .select({ n: count() })
        .from(invitationCodes)
        .where(
          and(
            eq(invitationCodes.createdBy, creatorId),
            isNull(invitationCodes.usedAt),
            gt(invitationCodes.expiresAt, now),
          ),
        );
      return open?.n ?? 0;
    },

    /** Stores the code; undefined when that code exists already. */
    async insertUnlessTaken(code: {
      code: string;
      createdBy: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<InvitationRow | undefined> {
      const [row] = await db.insert(invitationCodes).values(code).onConflictDoNothing().returning();
      return row;
    },
  };
}
