import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { messages, profiles, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { consentGiven } from '../../access/consent';

/**
 * The message types of spec §3 "Message" (anything other than PERMIT and CANCEL reads as a
 * rejection), and ours for a patient cancelling a follower's invitation.
 */
export type RelationMessageType =
  | 'RELATION_AUTH_PERMIT'
  | 'RELATION_AUTH_REJECT'
  | 'RELATION_AUTH_CANCEL'
  | 'RELATION_AUTH_INVITATION_CANCEL';

/** The newest messages a screen lists; older ones stay stored. */
const LIST_LIMIT = 200;

/** Writes the message telling a follower of the patient's decision (spec §4). */
export async function insertRelationMessage(
  db: Db,
  m: { recipientId: string; senderId: string; relationId: string; type: RelationMessageType; now: Date },
): Promise<void> {
  await db.insert(messages).values({
    id: newId(),
    recipientId: m.recipientId,
    senderId: m.senderId,
    relationId: m.relationId,
    messageType: m.type,
    createdAt: m.now,
  });
}

/** Unread messages of a follower: the header's count and the login response's unread_message. */
export async function countUnreadMessages(db: Db, recipientId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, recipientId), isNull(messages.readAt)));
  return Number(rows[0]?.n ?? 0);
}

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
