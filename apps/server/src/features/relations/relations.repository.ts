import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias as aliasTable } from 'drizzle-orm/pg-core';
import type { RelationState } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { profiles, relations, users } from '../../platform/db/schema';

export type RelationRow = typeof relations.$inferSelect;

/**
 * A relation is 'invited' (spec §3) when the follower's invitation code brought the patient in: the
 * code's creator is the follower, its user the patient, and the row was made at the moment the
 * code was used (a later request by the same follower re-dates the row, so it reads as a request).
 */
// Written out qualified: drizzle leaves column names unqualified in a one-table select, and inside
// the subquery "created_at" would then mean the invitation's own column.
const invited = sql<boolean>`exists (
  select 1 from invitation_codes ic
  where ic.created_by = "relations"."follower_id"
    and ic.used_by = "relations"."patient_id"
    and ic.used_at = "relations"."created_at")`;

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

    async countPending(patientId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(relations)
        .where(and(eq(relations.patientId, patientId), eq(relations.state, 'pending')));
      return Number(rows[0]?.n ?? 0);
    },
  };
}
