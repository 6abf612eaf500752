import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, relations, uploads, users } from '../../db/schema';

export type PatientProfileChanges = Partial<
  Pick<
    typeof profiles.$inferInsert,
    | 'realname'
    | 'alias'
    | 'gender'
    | 'height'
    | 'weight'
    | 'diabetesType'
    | 'address'
    | 'zipcode'
    | 'telephone'
    | 'birthday'
    | 'diabetesDiagnosisDate'
    | 'inpatient'
    | 'patientNo'
    | 'bedNo'
  >
>;

/** SQL of a patient's profile as the care team sees it (spec §3 "Patient labels"). */
export function createPatientProfileRepository(db: Db) {
  return {
    async load(patientId: string) {
      const rows = await db
        .select({
          user: {
            id: users.id,
            username: users.username,
            userType: users.userType,
            email: users.email,
            mobile: users.mobile,
            country: users.country,
            createdBy: users.createdBy,
          },
          profile: {
            realname: profiles.realname,
            alias: profiles.alias,
            gender: profiles.gender,
            height: profiles.height,
            weight: profiles.weight,
            diabetesType: profiles.diabetesType,
            address: profiles.address,
            zipcode: profiles.zipcode,
            telephone: profiles.telephone,
            birthday: profiles.birthday,
            diabetesDiagnosisDate: profiles.diabetesDiagnosisDate,
            inpatient: profiles.inpatient,
            patientNo: profiles.patientNo,
            bedNo: profiles.bedNo,
            hasPortrait: sql<boolean>`${profiles.portrait} is not null`,
          },
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, patientId))
        .limit(1);
      return rows[0];
    },

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

    async update(patientId: string, changes: PatientProfileChanges, at: Date): Promise<void> {
      await db
        .update(profiles)
        .set({ ...changes, updatedAt: at })
        .where(eq(profiles.userId, patientId));
    },
  };
}
