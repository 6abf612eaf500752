import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { devices } from '../../db/schema';
import { appendRecords, type AppendOutcome } from '../../patient-data';
import type { DeviceIdentity } from './devices.service';

export type IngestOutcome = Omit<AppendOutcome, 'uploadId' | 'eventNo'>;

/**
 * The realtime ingest of the portal's own device apps: the patient-data write path (each record
 * checked alone, stored once, one upload-history row, followers told after the commit), and the
 * device's last-seen time in the same transaction. A resend after a lost reply counts its records
 * as duplicates.
 */
export function createIngestService(ctx: AppContext) {
  return {
    async ingest(device: DeviceIdentity, records: readonly unknown[]): Promise<IngestOutcome> {
      const out = await appendRecords(ctx, {
        patientId: device.patientId,
        source: 'realtime',
        records,
        deviceId: device.deviceId,
        alsoInTransaction: (tx) =>
          tx.update(devices).set({ lastSeenAt: ctx.clock.now() }).where(eq(devices.id, device.deviceId)),
      });
      return {
        error: 0,
        stored: out.stored,
        duplicates: out.duplicates,
        rejected: out.rejected,
        problems: out.problems,
      };
    },
  };
}
