import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { clinics, hcpApplications, profiles, users } from '../../platform/db/schema';
import { countryCondition, type AdminScope } from '../../access/admin-scope';

/** SQL of the HCP desk: applications with their applicant, group managers, clinics. */
export function createDeskRepository(db: Db) {
  const columns = {
    id: hcpApplications.id,
    uid: users.id,
    username: users.username,
    realname: profiles.realname,
    organisation: hcpApplications.organisation,
    country: users.country,
    status: hcpApplications.status,
    convertedFrom: hcpApplications.convertedFrom,
    createdAt: hcpApplications.createdAt,
    decidedAt: hcpApplications.decidedAt,
    decidedBy: hcpApplications.decidedBy,
    note: hcpApplications.note,
  };
  const base = () =>
    db
      .select(columns)
      .from(hcpApplications)
      .innerJoin(users, eq(users.id, hcpApplications.userId))
      .innerJoin(profiles, eq(profiles.userId, users.id));

  return {
    async applications(scope: AdminScope, status: string | undefined, limit: number, offset: number) {
      const where: SQL[] = [isNull(users.deletedAt), countryCondition(scope, users.country)];
      if (status) where.push(eq(hcpApplications.status, status as 'submitted'));
      const cond = and(...where);
      const items = await base()
        .where(cond)
        .orderBy(desc(hcpApplications.createdAt), hcpApplications.id)
        .limit(limit)
        .offset(offset);
      const total = await db
        .select({ n: count() })
        .from(hcpApplications)
        .innerJoin(users, eq(users.id, hcpApplications.userId))
        .where(cond);
      return { items, total: total[0]?.n ?? 0 };
    },

    async application(id: string) {
      const rows = await base()
        .where(and(eq(hcpApplications.id, id), isNull(users.deletedAt)))
        .limit(1);
      return rows[0];
    },

    /** An ordinary HCP account that can manage a group (not a member, not a shared login). */
    async manager(username: string) {
      const rows = await db
        .select({ id: users.id, country: users.country, createdBy: users.createdBy })
        .from(users)
        .where(
          and(
            eq(users.username, username),
            eq(users.userType, 'D'),
            eq(users.status, 'active'),
            isNull(users.deletedAt),
            eq(users.adminLogin, false),
            eq(users.clinicLogin, false),
          ),
        )
        .limit(1);
      const row = rows[0];
      return row && row.createdBy !== 'hcp_group' ? row : undefined;
    },

    async clinic(id: string) {
      const rows = await db
        .select({ id: clinics.id, country: clinics.country })
        .from(clinics)
        .where(eq(clinics.id, id));
      return rows[0];
    },
  };
}
