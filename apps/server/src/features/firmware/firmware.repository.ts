import { and, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { firmwareReleases, operationHistory } from '../../platform/db/schema';

export type ReleaseRow = typeof firmwareReleases.$inferSelect;
type State = ReleaseRow['state'];

/** SQL of the firmware releases and their history rows in the operation history. */
export function createFirmwareRepository(db: Db) {
  return {
    async list(filter: { deviceType?: string; state?: State }): Promise<ReleaseRow[]> {
      const conds: SQL[] = [];
      if (filter.deviceType) conds.push(eq(firmwareReleases.deviceType, filter.deviceType));
      if (filter.state) conds.push(eq(firmwareReleases.state, filter.state));
      return db
        .select()
        .from(firmwareReleases)
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(firmwareReleases.createdAt), desc(firmwareReleases.id))
        .limit(1000);
    },

    async find(id: string): Promise<ReleaseRow | undefined> {
      return (await db.select().from(firmwareReleases).where(eq(firmwareReleases.id, id)).limit(1))[0];
    },

    async exists(deviceType: string, version: string): Promise<boolean> {
      const rows = await db
        .select({ id: firmwareReleases.id })
        .from(firmwareReleases)
        .where(and(eq(firmwareReleases.deviceType, deviceType), eq(firmwareReleases.version, version)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(row: typeof firmwareReleases.$inferInsert): Promise<void> {
      await db.insert(firmwareReleases).values(row);
    },

    async update(id: string, fields: Partial<typeof firmwareReleases.$inferInsert>): Promise<void> {
      await db.update(firmwareReleases).set(fields).where(eq(firmwareReleases.id, id));
    },

    /** Moves the state only if nobody moved it meanwhile; false when the row changed under us. */
    async moveState(id: string, from: State, to: State, at: Date): Promise<boolean> {
      const rows = await db
        .update(firmwareReleases)
        .set({ state: to, updatedAt: at })
        .where(and(eq(firmwareReleases.id, id), eq(firmwareReleases.state, from)))
        .returning({ id: firmwareReleases.id });
      return rows.length > 0;
    },

    /** Firmware changes in the admin history, newest first; `subjects` null means every release. */
    async history(subjects: readonly string[] | null, offset: number, limit: number) {
      const where = and(
        eq(operationHistory.area, 'admin'),
        like(operationHistory.action, 'firmware.%'),
        subjects === null
          ? undefined
          : subjects.length === 0
            ? sql`false`
            : inArray(operationHistory.subjectId, [...subjects]),
      );
      const [total, rows] = await Promise.all([
        db.select({ n: count() }).from(operationHistory).where(where),
        db
          .select()
          .from(operationHistory)
          .where(where)
          .orderBy(desc(operationHistory.at), desc(operationHistory.id))
          .offset(offset)
          .limit(limit),
      ]);
      return { total: total[0]?.n ?? 0, rows };
    },
  };
}
