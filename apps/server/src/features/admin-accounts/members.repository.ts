import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { MembersQuery, MemberStatus } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { hcpApplications, profiles, users } from '../../platform/db/schema';
import { countryCondition, type AdminScope } from '../../access/admin-scope';
import { consentedConnectionCount } from '../../access/consented-patients';
import { likePattern } from './scope';

export type MemberRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createMembersRepository>['member']>>
>;

/** The state an admin sees: deleted and locked come before the stored status. */
export function memberStatusOf(
  row: { status: string; deletedAt: Date | null; lockedUntil: Date | null },
  now: Date,
): MemberStatus {
  if (row.deletedAt) return 'deleted';
  if (row.lockedUntil && row.lockedUntil > now) return 'locked';
  return row.status as MemberStatus;
}

function statusFilter(status: MemberStatus | undefined, now: Date): SQL | undefined {
  const notLocked = or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
  switch (status) {
    case undefined:
      return isNull(users.deletedAt);
    case 'deleted':
      return isNotNull(users.deletedAt);
    case 'locked':
      return and(isNull(users.deletedAt), gt(users.lockedUntil, now));
    default:
      return and(isNull(users.deletedAt), eq(users.status, status), notLocked);
  }
}

const listColumns = {
  id: users.id,
  username: users.username,
  realname: profiles.realname,
  userType: users.userType,
  createdBy: users.createdBy,
  country: users.country,
  status: users.status,
  deletedAt: users.deletedAt,
  lockedUntil: users.lockedUntil,
  createdAt: users.createdAt,
};

/** SQL of the member search and of one member (accounts of types P, M and D; admins are not members). */
export function createMembersRepository(db: Db) {
  return {
    async search(scope: AdminScope, q: MembersQuery, now: Date) {
      const where: (SQL | undefined)[] = [
        ne(users.userType, 'A'),
        countryCondition(scope, users.country),
        statusFilter(q.status, now),
      ];
      if (q.type) where.push(eq(users.userType, q.type));
      if (q.country) where.push(eq(users.country, q.country));
      if (q.q) {
        const p = likePattern(q.q);
        where.push(
          or(
            ilike(users.username, p),
            ilike(profiles.realname, p),
            ilike(users.email, p),
            ilike(users.mobile, p),
          ),
        );
      }
      const cond = and(...where);
      const items = await db
        .select(listColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(cond)
        .orderBy(desc(users.createdAt), users.id)
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const total = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(cond);
      return { items, total: total[0]?.n ?? 0 };
    },

    async member(id: string) {
      const rows = await db
        .select({
          ...listColumns,
          email: users.email,
          mobile: users.mobile,
          language: users.language,
          organisation: profiles.organisation,
          mfaEnabled: users.mfaEnabled,
          adminLogin: users.adminLogin,
          clinicLogin: users.clinicLogin,
          failedAttempts: users.failedAttempts,
          groupId: users.groupId,
          clinicId: users.clinicId,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.id, id), ne(users.userType, 'A')))
        .limit(1);
      return rows[0];
    },

    async latestApplication(userId: string) {
      const rows = await db
        .select({
          id: hcpApplications.id,
          status: hcpApplications.status,
          createdAt: hcpApplications.createdAt,
          note: hcpApplications.note,
        })
        .from(hcpApplications)
        .where(eq(hcpApplications.userId, userId))
        .orderBy(desc(hcpApplications.createdAt))
        .limit(1);
      return rows[0];
    },

    connections: (userId: string): Promise<number> => consentedConnectionCount(db, userId),

    async update(id: string, values: Partial<typeof users.$inferInsert>, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
    },
  };
}
