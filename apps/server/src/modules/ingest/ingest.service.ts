import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { devices, uploads } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { DeviceIdentity } from './devices.service';
import { checkRecords } from './ingest.validate';
import { storeRecords } from './ingest.repository';

export interface IngestOutcome {
  error: 0;
  stored: number;
  duplicates: number;
  rejected: number;
  problems: Array<{ index: number; status: 'rejected'; reason: string }>;
}

/** Listeners told after a batch is durable, with its commit time (the live bus's eventNo). */
export type IngestListener = (patientId: string, eventNo: number) => void;

/**
 * The realtime ingest: validate each record, store the good ones exactly once in one transaction,
 * write the upload history, and only then answer (an acknowledged record is never lost). A resend
 * after a lost reply counts its records as duplicates.
 */
export function createIngestService(ctx: AppContext, listeners: IngestListener[] = []) {
  return {
    async ingest(device: DeviceIdentity, records: readonly unknown[]): Promise<IngestOutcome> {
      const now = ctx.clock.now();
      const { valid, problems } = checkRecords(records, now.getTime());
      const good = valid.map((v) => v.record);
      const stored = await ctx.db.transaction(async (tx) => {
        const n = good.length ? await storeRecords(tx, device.patientId, 'realtime', good) : 0;
        const times = good.map((r) => r.time);
        await tx.insert(uploads).values({
          id: newId(),
          patientId: device.patientId,
          deviceId: device.deviceId,
          source: 'realtime',
          receivedAt: now,
          stored: n,
          duplicates: good.length - n,
          rejected: problems.length,
          firstTime: times.length ? new Date(times.reduce((a, b) => Math.min(a, b))) : null,
          lastTime: times.length ? new Date(times.reduce((a, b) => Math.max(a, b))) : null,
        });
        await tx.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, device.deviceId));
        return n;
      });
      if (stored > 0) {
        for (const listener of listeners) listener(device.patientId, now.getTime());
      }
      return { error: 0, stored, duplicates: good.length - stored, rejected: problems.length, problems };
    },
  };
}
