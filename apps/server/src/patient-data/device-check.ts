import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { accountStillActive } from '../accounts/credentials';

// A device app's token is resolved from a short-lived cache before its body is read (the ingest
// route), so a token revoked a moment ago may still pass that check. The write itself then asks
// the database whether the device is still active for this patient, inside the write's own first
// read: a revoked token, a closed or deleted account never stores a record.

/** Thrown by appendRecords when the device that sent the records is no longer active. */
export class DeviceNotActiveError extends Error {
  constructor(readonly deviceId: string) {
    super('device not active');
  }
}

/** True when the device is not revoked and its patient's account is active (a boolean expression). */
export function deviceActiveSql(deviceId: string, patientId: string): SQL {
  return sql`exists (select 1 from devices d where d.id = ${deviceId} and d.patient_id = ${patientId}
    and d.revoked_at is null and ${accountStillActive(sql`d.patient_id`)})`;
}

export async function assertDeviceActive(db: Db, deviceId: string, patientId: string): Promise<void> {
  const res = await db.execute(sql`select ${deviceActiveSql(deviceId, patientId)} as ok`);
  const ok = (res as { rows?: Array<{ ok: boolean }> }).rows?.[0]?.ok;
  if (!ok) throw new DeviceNotActiveError(deviceId);
}
