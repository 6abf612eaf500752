import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { HcpHistoryQuery } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { operationHistory, profiles } from '../../platform/db/schema';

const h = operationHistory;

/** Subjects offered by the patient filter, at most this many (a clinic's whole list fits). */
const SUBJECTS_MAX = 2_000;

/** SQL of the HCP operation history; every query is limited to the actors the service allows. */
export function createHistoryRepository(db: Db) {
  function where(actorIds: readonly string[], q: HcpHistoryQuery): SQL | undefined {
    return and(
      eq(h.area, 'hcp'),
      inArray(h.actorId, [...actorIds]),
      q.member ? eq(h.actorId, q.member) : undefined,
      q.patient ? eq(h.subjectId, q.patient) : undefined,
      q.from !== undefined ? gte(h.at, new Date(q.from)) : undefined,
      q.to !== undefined ? lt(h.at, new Date(q.to)) : undefined,
      q.action ? eq(h.action, q.action) : undefined,
    );
  }

  return {
    async count(actorIds: readonly string[], q: HcpHistoryQuery): Promise<number> {
      const rows = await db.select({ n: count() }).from(h).where(where(actorIds, q));
      return rows[0]?.n ?? 0;
    },

    /** One page, newest first (ties by id, so pages never repeat or skip a row). */
    async page(actorIds: readonly string[], q: HcpHistoryQuery, offset: number, limit: number) {
      return db
        .select({
          id: h.id,
          at: h.at,
          actorId: h.actorId,
          // The name the HCP has today; the copied user name once the account is gone.
          actorName: sql<string>`coalesce(nullif(${profiles.realname}, ''), ${h.actorName})`,
          subjectId: h.subjectId,
          subjectName: h.subjectName,
          action: h.action,
          detail: h.detail,
        })
        .from(h)
        .leftJoin(profiles, eq(profiles.userId, h.actorId))
        .where(where(actorIds, q))
        .orderBy(desc(h.at), desc(h.id))
        .offset(offset)
        .limit(limit);
    },

    /** Every subject of the visible history, with the name recorded last. */
    async subjects(actorIds: readonly string[]): Promise<Array<{ uid: string; name: string }>> {
      const rows = await db
        .selectDistinctOn([h.subjectId], { uid: h.subjectId, name: h.subjectName })
        .from(h)
        .where(and(eq(h.area, 'hcp'), inArray(h.actorId, [...actorIds]), isNotNull(h.subjectId)))
        .orderBy(asc(h.subjectId), desc(h.at))
        .limit(SUBJECTS_MAX);
      return rows
        .map((r) => ({ uid: r.uid!, name: r.name ?? r.uid! }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
