import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { clinics, profiles, users } from '../../platform/db/schema';
import { clinicHcp, clinicPatientsSql } from '../../access/clinic-access';
import { consentedFollowers } from '../../access/consented-patients';

export type ClinicRow = typeof clinics.$inferSelect;
export interface PersonRow {
  uid: string;
  username: string;
  realname: string;
  clinicId: string | null;
  clinicLogin: boolean;
}

export interface ClinicPatientRow {
  uid: string;
  username: string;
  realname: string;
  country: string;
  hcps: string[];
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
     * Patients per clinic: those who accepted one of its HCPs, each once (the rule of
     * access/clinic-access.ts, which is also what the clinic login reads).
     */
    async patientCounts(clinicIds: readonly string[]): Promise<Map<string, number>> {
      if (clinicIds.length === 0) return new Map();
      const result = await db.execute(sql`
        select clinic_id, count(*)::int as n from (${clinicPatientsSql(clinicIds)}) x group by clinic_id`);
      const rows = (result as { rows?: Array<{ clinic_id: string; n: number }> }).rows ?? [];
      return new Map(rows.map((r) => [r.clinic_id, Number(r.n)]));
    },

    /**
     * One clinic's patients with the clinic's HCPs they accepted, by name; only patients whose
     * country `inScope` allows (an admin sees no account outside their scope).
     */
    async patients(clinicId: string, inScope: SQL, limit: number): Promise<ClinicPatientRow[]> {
      const result = await db.execute(sql`
        select p.id as uid, p.username, coalesce(pr.realname, '') as realname, p.country,
               array_agg(coalesce(nullif(hp.realname, ''), h.username) order by h.username) as hcps
          from (${clinicPatientsSql([clinicId])}) x
          join users p on p.id = x.patient_id
          left join profiles pr on pr.user_id = p.id
          join users h on h.id in (${consentedFollowers(sql`p.id`)})
                      and h.clinic_id = ${clinicId} and ${clinicHcp('h')}
          left join profiles hp on hp.user_id = h.id
         where ${inScope}
         group by p.id, p.username, pr.realname, p.country
         order by lower(coalesce(nullif(pr.realname, ''), p.username)), p.id
         limit ${limit}`);
      return (result as { rows?: ClinicPatientRow[] }).rows ?? [];
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
            adminLogin: users.adminLogin,
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
