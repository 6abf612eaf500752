import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { profiles, relations, users } from '../../platform/db/schema';
import { consentGiven } from '../../access/consent';
import { consentedPatients } from '../../access/consented-patients';
import { memberOf } from '../../access/care-team-group';

/** A patient who accepted a member: who, and since when; no health data. */
export interface MemberPatientRow {
  uid: string;
  realname: string;
  alias: string | null;
  since: Date;
}

const memberColumns = {
  uid: users.id,
  username: users.username,
  email: users.email,
  mobile: users.mobile,
  status: users.status,
  createdAt: users.createdAt,
  realname: profiles.realname,
  major: profiles.major,
  organisation: profiles.organisation,
  patientCount: sql<number>`(select count(*) from (${consentedPatients({ followerId: sql`${users.id}` })}) c)::int`,
};

/**
 * SQL of an HCP group: its members, their patients (names only), their status. A deleted member
 * is no longer listed or managed (their history rows stay readable: history/history.service.ts).
 */
export function createCareTeamRepository(db: Db) {
  return {
    async members(managerId: string) {
      return db
        .select(memberColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(memberOf(managerId), isNull(users.deletedAt)))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    /** The member, only if they belong to this manager's group. */
    async member(managerId: string, memberId: string) {
      const rows = await db
        .select(memberColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(memberOf(managerId), eq(users.id, memberId), isNull(users.deletedAt)))
        .limit(1);
      return rows[0];
    },

    /** The member's patients: who accepted them, and since when; no health data. */
    async patientsOf(memberId: string): Promise<MemberPatientRow[]> {
      const result = await db.execute(sql`
        select c.patient_id as uid, p.realname, p.alias, c.since
          from (${consentedPatients({ followerId: memberId })}) c
          join profiles p on p.user_id = c.patient_id
         order by p.realname asc, c.patient_id asc`);
      const rows = (result as { rows?: Array<Omit<MemberPatientRow, 'since'> & { since: string | Date }> })
        .rows;
      return (rows ?? []).map((r) => ({ ...r, since: new Date(r.since) }));
    },

    async manager(managerId: string) {
      const rows = await db
        .select({ country: users.country, language: users.language, organisation: profiles.organisation })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, managerId))
        .limit(1);
      return rows[0];
    },

    async usernameTaken(username: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      return rows.length > 0;
    },

    /** Makes a new HCP account a member of the manager's group, with their profession. */
    async joinGroup(memberId: string, managerId: string, major: string): Promise<void> {
      await db.update(users).set({ groupId: managerId }).where(eq(users.id, memberId));
      await db.update(profiles).set({ major }).where(eq(profiles.userId, memberId));
    },

    async setStatus(memberId: string, status: 'active' | 'disabled', at: Date): Promise<void> {
      await db.update(users).set({ status, updatedAt: at }).where(eq(users.id, memberId));
    },

    /**
     * Ends every open connection of a member: accepted ones are removed, pending requests and
     * invitations cancelled, as if the member had stopped following or withdrawn. Returns the
     * patients whose connection ended.
     */
    async endConnections(memberId: string, at: Date): Promise<string[]> {
      const removed = await db
        .update(relations)
        .set({ state: 'removed', decidedAt: at })
        .where(and(eq(relations.followerId, memberId), consentGiven))
        .returning({ patientId: relations.patientId });
      const cancelled = await db
        .update(relations)
        .set({ state: 'cancelled', decidedAt: at })
        .where(and(eq(relations.followerId, memberId), eq(relations.state, 'pending')))
        .returning({ patientId: relations.patientId });
      return [...new Set([...removed, ...cancelled].map((r) => r.patientId))];
    },

    /**
     * The member's account is closed like an admin's deletion (admin-accounts/account-changes.ts):
     * it cannot sign in, its user name is free again, its sessions end. The row stays, so the
     * history and the accounts it created still name their creator.
     */
    async closeAccount(memberId: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({
          deletedAt: at,
          status: 'disabled',
          username: `deleted:${memberId}`,
          mfaEnabled: false,
          updatedAt: at,
        })
        .where(and(eq(users.id, memberId), inArray(users.createdBy, ['hcp_group'])));
    },
  };
}

export type MemberRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createCareTeamRepository>['member']>>
>;
