import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { medicalRecords, profiles, users } from '../../platform/db/schema';

export type RecordRow = typeof medicalRecords.$inferSelect;
export type NewRecordRow = typeof medicalRecords.$inferInsert;

/**
 * SQL of a patient's medical record (spec §3 "Records"); every statement names the patient. A
 * deleted record keeps its row (deleted_at set, like events) so the operation history can account
 * for it; no read here ever returns it.
 */
export function createRecordsRepository(db: Db) {
  return {
    /** Oldest first, as a record grows; the screen shows the newest on top where it helps. */
    async list(patientId: string) {
      return db
        .select({ record: medicalRecords, authorName: profiles.realname, authorUsername: users.username })
        .from(medicalRecords)
        .leftJoin(users, eq(users.id, medicalRecords.authorId))
        .leftJoin(profiles, eq(profiles.userId, medicalRecords.authorId))
        .where(and(eq(medicalRecords.patientId, patientId), isNull(medicalRecords.deletedAt)))
        .orderBy(asc(medicalRecords.recordedAt), asc(medicalRecords.createdAt), asc(medicalRecords.id));
    },

    async find(patientId: string, rids: readonly string[]) {
      return db
        .select({
          id: medicalRecords.id,
          kind: medicalRecords.kind,
          data: medicalRecords.data,
          recordedAt: medicalRecords.recordedAt,
        })
        .from(medicalRecords)
        .where(
          and(
            eq(medicalRecords.patientId, patientId),
            inArray(medicalRecords.id, [...rids]),
            isNull(medicalRecords.deletedAt),
          ),
        );
    },

    /** The patient's complication or concomitant rows (one per disease and kind). */
    async diseases(patientId: string) {
      return db
        .select({ id: medicalRecords.id, kind: medicalRecords.kind, data: medicalRecords.data })
        .from(medicalRecords)
        .where(
          and(
            eq(medicalRecords.patientId, patientId),
            inArray(medicalRecords.kind, ['complication', 'concomitant']),
            isNull(medicalRecords.deletedAt),
          ),
        );
    },

    async insert(rows: NewRecordRow[]): Promise<void> {
      await db.insert(medicalRecords).values(rows);
    },

    /** Soft delete: the row stays for the audit trail, invisible to every reader. */
    async remove(patientId: string, rids: readonly string[], by: string, at: Date): Promise<number> {
      const done = await db
        .update(medicalRecords)
        .set({ deletedAt: at, updatedAt: at, updatedBy: by })
        .where(
          and(
            eq(medicalRecords.patientId, patientId),
            inArray(medicalRecords.id, [...rids]),
            isNull(medicalRecords.deletedAt),
          ),
        )
        .returning({ id: medicalRecords.id });
      return done.length;
    },

    async update(
      patientId: string,
      rid: string,
      changes: Pick<RecordRow, 'data' | 'recordedAt'>,
      by: string,
      at: Date,
    ): Promise<number> {
      const done = await db
        .update(medicalRecords)
        .set({ ...changes, updatedAt: at, updatedBy: by })
        .where(
          and(
            eq(medicalRecords.patientId, patientId),
            eq(medicalRecords.id, rid),
            isNull(medicalRecords.deletedAt),
          ),
        )
        .returning({ id: medicalRecords.id });
      return done.length;
    },
  };
}
