import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { messages, relations } from '../platform/db/schema';

// What waits for an account (spec §3 login response `unread_message`, `connection_request`; the
// header's counts): read by the sign-in, and by the messages and relations screens' own counts.

/** Unread messages of a follower. */
export async function countUnreadMessages(db: Db, recipientId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, recipientId), isNull(messages.readAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Connection requests (and invitations) waiting for the patient's decision. */
export async function countPendingRequests(db: Db, patientId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(relations)
    .where(and(eq(relations.patientId, patientId), eq(relations.state, 'pending')));
  return Number(rows[0]?.n ?? 0);
}
