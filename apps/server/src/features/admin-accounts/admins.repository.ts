import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hcpApplications, operationHistory, profiles, users } from '../../platform/db/schema';
import { countryCondition, type AdminScope } from '../../access/admin-scope';
import { likePattern } from './scope';

export type AdminRow = Awaited<ReturnType<ReturnType<typeof createAdminsRepository>['admins']>>[number];

/** SQL of the account admins, the admin homes and the admin operation history. */
export function createAdminsRepository(db: Db) {
  return {
    async admins() {
      return db
        .select({
          id: users.id,
          username: users.username,
          realname: profiles.realname,
          role: users.role,
          status: users.status,
          scope: users.adminScope,
          createdAt: users.createdAt,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.userType, 'A'), isNull(users.deletedAt)))
        .orderBy(desc(users.createdAt), users.id);
    },

    async admin(id: string) {
      const rows = await db
        .select({ id: users.id, role: users.role, status: users.status })
        .from(users)
        .where(and(eq(users.id, id), eq(users.userType, 'A'), isNull(users.deletedAt)))
        .limit(1);
      return rows[0];
    },

    async setStatus(id: string, status: 'active' | 'disabled', now: Date): Promise<void> {
      await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
    },

    async setScope(id: string, scope: { countries: string[]; regions: string[] }, now: Date): Promise<void> {
      await db.update(users).set({ adminScope: scope, updatedAt: now }).where(eq(users.id, id));
    },

    async countryOf(id: string): Promise<string> {
      const rows = await db.select({ c: users.country }).from(users).where(eq(users.id, id));
      return rows[0]?.c ?? 'GB';
    },

    async identity(id: string): Promise<{ username: string; realname: string }> {
      const rows = await db
        .select({ username: users.username, realname: profiles.realname })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, id));
      return rows[0] ?? { username: '', realname: '' };
    },

    async pendingApplications(scope: AdminScope): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(hcpApplications)
        .innerJoin(users, eq(users.id, hcpApplications.userId))
        .where(
          and(
            eq(hcpApplications.status, 'submitted'),
            isNull(users.deletedAt),
            countryCondition(scope, users.country),
          ),
        );
      return rows[0]?.n ?? 0;
    },

    async accountsInScope(scope: AdminScope): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            countryCondition(scope, users.country),
            or(eq(users.userType, 'P'), eq(users.userType, 'M'), eq(users.userType, 'D')),
          ),
        );
      return rows[0]?.n ?? 0;
    },

    /** The admin area's history; `actorId` limits it to one admin's own actions. */
    async history(f: {
      actorId: string | null;
      q?: string;
      action?: string;
      from?: number;
      to?: number;
      limit: number;
      offset: number;
    }) {
      const where: SQL[] = [eq(operationHistory.area, 'admin')];
      if (f.actorId) where.push(eq(operationHistory.actorId, f.actorId));
      if (f.action) where.push(eq(operationHistory.action, f.action));
      if (f.from !== undefined) where.push(gte(operationHistory.at, new Date(f.from)));
      if (f.to !== undefined) where.push(lt(operationHistory.at, new Date(f.to)));
      if (f.q) {
        const p = likePattern(f.q);
        where.push(or(ilike(operationHistory.actorName, p), ilike(operationHistory.subjectName, p))!);
      }
      const cond = and(...where);
      const [items, total] = await Promise.all([
        db
          .select()
          .from(operationHistory)
          .where(cond)
          .orderBy(desc(operationHistory.at), desc(operationHistory.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(operationHistory).where(cond),
      ]);
      return { items, total: total[0]?.n ?? 0 };
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
