import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { dataDeletions, devices, uploads } from '../../platform/db/schema';

/** SQL of the upload history: every ingest batch, import and deletion of a patient. */
export function createUploadsRepository(db: Db) {
  const visible = (patientId: string) => and(eq(uploads.patientId, patientId), eq(uploads.hidden, false));
  return {
    async count(patientId: string): Promise<number> {
      const rows = await db.select({ n: count() }).from(uploads).where(visible(patientId));
      return rows[0]?.n ?? 0;
    },

    /** One page, newest first (ties by id, so pages never repeat or skip a row). */
    async page(patientId: string, offset: number, limit: number) {
      return (
        db
          .select({ upload: uploads, device: devices, deletion: dataDeletions })
          .from(uploads)
          // Joined on the patient too: each table is keyed by patient first (migration 0017), so the
          // join stays within one patient's rows, also on a cluster sharded by patient.
          .leftJoin(devices, and(eq(devices.patientId, uploads.patientId), eq(devices.id, uploads.deviceId)))
          .leftJoin(
            dataDeletions,
            and(eq(dataDeletions.patientId, uploads.patientId), eq(dataDeletions.uploadId, uploads.id)),
          )
          .where(visible(patientId))
          .orderBy(desc(uploads.receivedAt), desc(uploads.id))
          .offset(offset)
          .limit(limit)
      );
    },
  };
}
