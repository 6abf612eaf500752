import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { profiles, relations, uploads, users } from '../../platform/db/schema';

/**
 * SQL of what the care team's view of a patient adds to the profile (spec §3 "Patient labels"); the
 * profile itself is read and written by accounts/profile-mapping.ts.
 */
export function createPatientProfileRepository(db: Db) {
  return {
    /** The newest upload that stored data: deletions and batches that stored nothing do not count. */
    async lastUpload(patientId: string): Promise<Date | null> {
      const rows = await db
        .select({ at: max(uploads.receivedAt) })
        .from(uploads)
        .where(and(eq(uploads.patientId, patientId), gt(uploads.stored, 0)));
      return rows[0]?.at ?? null;
    },

    /**
     * The clinician who opened a patient account: the account's creator (users.creator_id), or for
     * an account older than that column, the first HCP who asked for the connection themself
     * (creating a patient connects them).
     */
    async firstRequestingHcp(patientId: string): Promise<string | null> {
      const creator = await db
        .select({ name: profiles.realname, username: users.username })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(sql`${users.id} = (select u.creator_id from users u where u.id = ${patientId})`)
        .limit(1);
      if (creator[0]) return creator[0].name || creator[0].username;
      const rows = await db
        .select({ name: profiles.realname, username: users.username })
        .from(relations)
        .innerJoin(users, eq(users.id, relations.followerId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            eq(relations.patientId, patientId),
            eq(relations.followerType, 'D'),
            eq(relations.requestedBy, relations.followerId),
          ),
        )
        .orderBy(asc(relations.createdAt))
        .limit(1);
      const row = rows[0];
      return row ? row.name || row.username : null;
    },
  };
}
