import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { messages, profiles, relations, users } from '../../platform/db/schema';
import { consentGiven } from '../../access/consent';

/** The newest messages a screen lists; older ones stay stored. */
const LIST_LIMIT = 200;

export function createMessagesRepository(db: Db) {
  return {
    /** Newest first, with the sender's names and whether the reader follows the sender now. */
    async list(recipientId: string) {
      return db
        .select({
          id: messages.id,
          type: messages.messageType,
          senderId: messages.senderId,
          createdAt: messages.createdAt,
          readAt: messages.readAt,
          username: users.username,
          realname: profiles.realname,
          alias: profiles.alias,
          hasPortrait: sql<boolean>`${profiles.portrait} is not null`,
          consented: sql<boolean>`coalesce(${consentGiven}, false)`,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .leftJoin(profiles, eq(profiles.userId, messages.senderId))
        .leftJoin(
          relations,
          and(eq(relations.patientId, messages.senderId), eq(relations.followerId, messages.recipientId)),
        )
        .where(eq(messages.recipientId, recipientId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(LIST_LIMIT);
    },

    /** Marks the given messages (or all) of this recipient read; returns how many changed. */
    async markRead(recipientId: string, ids: string[] | undefined, now: Date): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readAt: now })
        .where(
          and(
            eq(messages.recipientId, recipientId),
            isNull(messages.readAt),
            ids ? inArray(messages.id, ids) : undefined,
          ),
        )
        .returning({ id: messages.id });
      return rows.length;
    },
  };
}
