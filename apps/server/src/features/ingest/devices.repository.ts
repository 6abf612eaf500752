import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { devices } from '../../platform/db/schema';

// SQL of a patient's registered device apps.

export function createDevicesRepository(db: Db) {
  return {
    async insert(device: typeof devices.$inferInsert): Promise<void> {
      await db.insert(devices).values(device);
    },

    /** The patient's devices that are not revoked, each with the time of its newest upload. */
    async activeWithLastUpload(patientId: string) {
      // Every batch writes one upload-history row naming its device.
      const lastUpload = sql<Date | string | null>`(select u.received_at from uploads u
        where u.patient_id = ${devices.patientId} and u.device_id = ${devices.id}
        order by u.received_at desc limit 1)`;
      return db
        .select({ d: devices, lastUpload })
        .from(devices)
        .where(and(eq(devices.patientId, patientId), isNull(devices.revokedAt)));
    },

    /** Revokes the patient's device; false when there is no such device not yet revoked. */
    async revoke(patientId: string, deviceId: string, at: Date): Promise<boolean> {
      const res = await db
        .update(devices)
        .set({ revokedAt: at })
        .where(and(eq(devices.id, deviceId), eq(devices.patientId, patientId), isNull(devices.revokedAt)))
        .returning({ id: devices.id });
      return res.length > 0;
    },
  };
}
