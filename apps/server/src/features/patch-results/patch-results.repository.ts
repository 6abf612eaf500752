import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { patchResults, users } from '../../platform/db/schema';

export type PatchResultRow = typeof patchResults.$inferSelect;
export type NewPatchResult = Omit<PatchResultRow, 'receivedAt'>;

/** SQL of the patch-app results: stored once per (serial, kind, reported time), searched by admins. */
export function createPatchResultsRepository(db: Db) {
  return {
    async countryOf(userId: string): Promise<string | null> {
      const rows = await db.select({ c: users.country }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.c ?? null;
    },

    /**
     * Inserts the results not stored yet: an app that resends a batch after a lost answer does not
     * store a result twice. The unique index (serial, kind, reported_at) decides, so two batches
     * at once cannot both store one either. Returns how many were new.
     */
    async insertNew(rows: readonly NewPatchResult[], receivedAt: Date): Promise<number> {
      if (rows.length === 0) return 0;
      const values = sql.join(
        rows.map(
          (r) => sql`(${r.id}::text, ${r.serial}::text, ${r.kind}::text, ${r.result}::text, ${r.code}::text,
            ${r.details === null ? null : JSON.stringify(r.details)}::jsonb, ${r.country}::text,
            ${r.reportedBy}::text, ${r.reportedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
        insert into patch_results (id, serial, kind, result, code, details, country, reported_by, reported_at, received_at)
        select v.id, v.serial, v.kind, v.result, v.code, v.details, v.country, v.reported_by, v.reported_at,
               ${receivedAt.toISOString()}::timestamptz
          from (values ${values}) as v(id, serial, kind, result, code, details, country, reported_by, reported_at)
        on conflict (serial, kind, reported_at) do nothing
        returning id`);
      return ((result as { rows?: unknown[] }).rows ?? []).length;
    },

    async search(where: SQL, offset: number, limit: number) {
      const [total, rows] = await Promise.all([
        db.select({ n: count() }).from(patchResults).where(where),
        db
          .select()
          .from(patchResults)
          .where(where)
          .orderBy(desc(patchResults.reportedAt), desc(patchResults.id))
          .offset(offset)
          .limit(limit),
      ]);
      return { total: total[0]?.n ?? 0, rows };
    },
  };
}

/** The search's filters as one condition (serial by prefix, case-insensitive). */
export function searchCondition(f: {
  scope: SQL;
  serial?: string;
  kind?: PatchResultRow['kind'];
  result?: PatchResultRow['result'];
  from?: Date;
  to?: Date;
}): SQL {
  const conds: SQL[] = [f.scope];
  if (f.serial) conds.push(ilike(patchResults.serial, `${f.serial.replace(/[\\%_]/g, '\\$&')}%`));
  if (f.kind) conds.push(eq(patchResults.kind, f.kind));
  if (f.result) conds.push(eq(patchResults.result, f.result));
  if (f.from) conds.push(gte(patchResults.reportedAt, f.from));
  if (f.to) conds.push(lt(patchResults.reportedAt, f.to));
  return and(...conds)!;
}
