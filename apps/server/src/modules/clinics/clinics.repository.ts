import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, profiles, users } from '../../db/schema';

export type ClinicRow = typeof clinics.$inferSelect;
export interface PersonRow {
  uid: string;
  username: string;
  realname: string;
  clinicId: string | null;
  clinicLogin: boolean;
}

/** SQL of the clinics tools: clinics, their HCPs and clinic logins, and how many patients they have. */
export function createClinicsRepository(db: Db) {
  return {
    async list(where: SQL, q?: string): Promise<ClinicRow[]> {
      const cond = q ? and(where, ilike(clinics.name, `%${q.replace(/[\\%_]/g, '\\$&')}%`)) : where;
      return db.select().from(clinics).where(cond).orderBy(asc(clinics.name), asc(clinics.id)).limit(500);
    },

    async find(id: string): Promise<ClinicRow | undefined> {
      return (await db.select().from(clinics).where(eq(clinics.id, id)).limit(1))[0];
    },

    /** HCP accounts (and clinic logins) assigned to these clinics, not deleted. */
    async people(clinicIds: readonly string[]): Promise<PersonRow[]> {
      if (clinicIds.length === 0) return [];
      return db
        .select({
          uid: users.id,
          username: users.username,
          realname: sql<string>`coalesce(${profiles.realname}, '')`,
          clinicId: users.clinicId,
          clinicLogin: users.clinicLogin,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(inArray(users.clinicId, [...clinicIds]), eq(users.userType, 'D'), isNull(users.deletedAt)))
        .orderBy(asc(users.username));
    },

    /**
     * Patients per clinic: assigned to the clinic, or followed (accepted) by one of its HCPs. A
     * union rather than an OR join, so each half uses its own index (users_clinic_idx, relations).
     */
    async patientCounts(clinicIds: readonly string[]): Promise<Map<string, number>> {
      if (clinicIds.length === 0) return new Map();
      const ids = sql.join(
        clinicIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select clinic_id, count(distinct patient_id)::int as n from (
          select p.clinic_id, p.id as patient_id from users p
           where p.user_type = 'P' and p.deleted_at is null and p.clinic_id in (${ids})
          union
          select h.clinic_id, r.patient_id from users h
            join relations r on r.follower_id = h.id and r.state = 'accepted'
            join users p on p.id = r.patient_id and p.deleted_at is null
           where h.user_type = 'D' and h.clinic_id in (${ids})
        ) x group by clinic_id`);
      const rows = (result as { rows?: Array<{ clinic_id: string; n: number }> }).rows ?? [];
      return new Map(rows.map((r) => [r.clinic_id, Number(r.n)]));
    },

    async insert(row: typeof clinics.$inferInsert): Promise<void> {
      await db.insert(clinics).values(row);
    },

    async update(id: string, fields: Partial<typeof clinics.$inferInsert>): Promise<void> {
      await db.update(clinics).set(fields).where(eq(clinics.id, id));
    },

    async findAccount(username: string) {
      return (
        await db
          .select({
            id: users.id,
            userType: users.userType,
            country: users.country,
            clinicId: users.clinicId,
            clinicLogin: users.clinicLogin,
            deletedAt: users.deletedAt,
          })
          .from(users)
          .where(eq(users.username, username))
          .limit(1)
      )[0];
    },

    async usernameTaken(username: string): Promise<boolean> {
      return (
        (await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1)).length >
        0
      );
    },

    async setClinic(userId: string, clinicId: string | null, at: Date): Promise<void> {
      await db.update(users).set({ clinicId, updatedAt: at }).where(eq(users.id, userId));
    },
  };
}
