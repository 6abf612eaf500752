import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias as aliasTable } from 'drizzle-orm/pg-core';
import type { RelationState } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { messages, profiles, relations, users } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { invited } from '../../access/invited-relation';

export type RelationRow = typeof relations.$inferSelect;

/**
 * The message types of spec §3 "Message" (anything other than PERMIT and CANCEL reads as a
 * rejection), and ours for a patient cancelling a follower's invitation.
 */
export type RelationMessageType =
  | 'RELATION_AUTH_PERMIT'
  | 'RELATION_AUTH_REJECT'
  | 'RELATION_AUTH_CANCEL'
  | 'RELATION_AUTH_INVITATION_CANCEL';

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

const other = aliasTable(users, 'other_user');
const otherProfile = aliasTable(profiles, 'other_profile');

/** SQL of relations (spec §4): every state change is one conditional update. */
export function createRelationsRepository(db: Db) {
  /** Relations of one side joined with the other party's account and profile. */
  function listWith(side: 'patient' | 'follower', id: string, states?: RelationState[]) {
    const otherId = side === 'patient' ? relations.followerId : relations.patientId;
    const mine = side === 'patient' ? relations.patientId : relations.followerId;
    return db
      .select({
        relation: relations,
        invited,
        uid: other.id,
        username: other.username,
        userType: other.userType,
        realname: otherProfile.realname,
        alias: otherProfile.alias,
      })
      .from(relations)
      .innerJoin(other, eq(other.id, otherId))
      .leftJoin(otherProfile, eq(otherProfile.userId, other.id))
      .where(and(eq(mine, id), states ? inArray(relations.state, states) : undefined))
      .orderBy(desc(sql`coalesce(${relations.decidedAt}, ${relations.createdAt})`));
  }

  return {
    /** An active account by its (normalised) user name, with what a search may show. */
    async accountByUsername(username: string) {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          userType: users.userType,
          status: users.status,
          realname: profiles.realname,
          alias: profiles.alias,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.username, username))
        .limit(1);
      return rows[0];
    },

    /** How to reach the account and what to call it, for a notice to or about them. */
    async contactOf(userId: string) {
      const rows = await db
        .select({
          email: users.email,
          mobile: users.mobile,
          language: users.language,
          username: users.username,
          realname: profiles.realname,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },

    async accountType(userId: string) {
      const rows = await db
        .select({ userType: users.userType, status: users.status })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0];
    },

    async find(patientId: string, followerId: string) {
      const rows = await db
        .select({ relation: relations, invited })
        .from(relations)
        .where(and(eq(relations.patientId, patientId), eq(relations.followerId, followerId)))
        .limit(1);
      return rows[0];
    },

    /** A new pending request; false when the pair already has a row (a concurrent request). */
    async insertPending(row: Omit<RelationRow, 'state' | 'decidedAt'>): Promise<boolean> {
      const done = await db
        .insert(relations)
        .values({ ...row, state: 'pending', decidedAt: null })
        .onConflictDoNothing()
        .returning({ id: relations.id });
      return done.length === 1;
    },

    /** Moves the row from `from` to `to`; false when it was no longer in `from` (someone else moved it). */
    async move(
      id: string,
      from: readonly RelationState[],
      to: RelationState,
      now: Date,
      request?: { requestedBy: string; remark: string | null },
    ): Promise<boolean> {
      const set = request
        ? {
            state: to,
            requestedBy: request.requestedBy,
            remark: request.remark,
            createdAt: now,
            decidedAt: null,
          }
        : { state: to, decidedAt: now };
      const done = await db
        .update(relations)
        .set(set)
        .where(and(eq(relations.id, id), inArray(relations.state, [...from])))
        .returning({ id: relations.id });
      return done.length === 1;
    },

    /** The patient's followers and requests (accepted and pending), newest first. */
    forPatient: (patientId: string) => listWith('patient', patientId, ['accepted', 'pending']),

    /** Everything a follower asked for or follows, newest first. */
    forFollower: (followerId: string) => listWith('follower', followerId),
  };
}

export type RelationsRepository = ReturnType<typeof createRelationsRepository>;
