import type { AppContext } from '../../platform/context';
import { appendRecords, type AppendOutcome } from '../../patient-data';
import type { DeviceIdentity } from '../../access/device-token';
import { decodeRawValues } from './raw-values';

export type IngestOutcome = Omit<AppendOutcome, 'uploadId' | 'eventNo'>;

/**
 * The realtime ingest of the portal's own device apps: the patient-data write path (each record
 * checked alone, stored once, one upload-history row naming the device (its last-seen time: no
 * second write per upload), followers told after the commit). A resend after a lost reply counts
 * its records as duplicates. The device's raw fields are decoded first (spec §9, raw-values.ts).
 */
export function createIngestService(ctx: AppContext) {
  return {
    async ingest(
      device: Pick<DeviceIdentity, 'deviceId' | 'patientId'>,
      records: readonly unknown[],
    ): Promise<IngestOutcome> {
      const out = await appendRecords(ctx, {
        patientId: device.patientId,
        source: 'realtime',
        records: records.map(decodeRawValues),
        deviceId: device.deviceId,
        checkDevice: true,
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
