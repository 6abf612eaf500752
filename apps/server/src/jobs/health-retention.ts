import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { dataKind } from '@cgm/contract';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db/client';
import { events, users } from '../platform/db/schema';
import { changePatientData, type DataWriter } from '../patient-data';
import { deleteKind, tombstoneNightscoutDocuments } from '../features/data-delete/data-delete.repository';
import { retentionCutoff } from '../accounts/retention';

/**
 * Spec §1 "Data stored on the European server is kept 2 years" and §9 "EU data retention 2 years",
 * for the accounts still in use (deleted accounts: accounts/retention.ts): every night, on a server of
 * the EU or French site, a patient's health data older than two years goes — sensor and meter
 * readings, insulin, alarms, device status, sessions, events (those people entered included) and
 * PDM settings, with the Nightscout documents they came from. Each patient is one transaction
 * through `changePatientData`, so an open monitor redraws without what went.
 */
export const HEALTH_RETENTION_BATCH = 100;
const EPOCH = new Date(0);

/** Whether this server deletes old health data: configured, or by default on the EU and French sites. */
export function healthRetentionEnabled(config: Pick<Config, 'REGION' | 'HEALTH_DATA_RETENTION'>): boolean {
  if (config.HEALTH_DATA_RETENTION) return config.HEALTH_DATA_RETENTION === 'on';
  return config.REGION === 'eu' || config.REGION === 'france';
}

async function deleteOldOf(tx: Db, patientId: string, cutoff: Date, now: Date): Promise<number> {
  let rows = 0;
  for (const kind of dataKind.options) rows += await deleteKind(tx, kind, patientId, 'all', EPOCH, cutoff);
  // deleteKind leaves the events people entered by hand (data/delete is about device data); they
  // are health data too.
  const typed = await tx
    .delete(events)
    .where(and(eq(events.patientId, patientId), lt(events.time, cutoff)))
    .returning({ id: events.id });
  rows += typed.length;
  await tombstoneNightscoutDocuments(tx, dataKind.options, patientId, EPOCH, cutoff, now);
  return rows;
}

/** Deletes every patient's health data older than the retention period; returns the counts. */
export async function purgeOldHealthData(
  ctx: DataWriter,
  now: Date,
): Promise<{ patients: number; rows: number }> {
  const cutoff = retentionCutoff(now);
  let after = '';
  let patients = 0;
  let rows = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'P'), isNull(users.deletedAt), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(HEALTH_RETENTION_BATCH);
    for (const { id } of batch) {
      const { value } = await changePatientData(ctx, id, async (tx) => {
        const n = await deleteOldOf(tx, id, cutoff, now);
        return { value: n, changed: n > 0 };
      });
      if (value > 0) patients += 1;
      rows += value;
    }
    if (batch.length < HEALTH_RETENTION_BATCH) return { patients, rows };
    after = batch[batch.length - 1]!.id;
  }
}

/** Milliseconds from `now` to the next `hour`:00 UTC (today's if still ahead, else tomorrow's). */
export function msUntilHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setUTCHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs the purge every night at HEALTH_DATA_RETENTION_HOUR (UTC) when this site keeps data 2
 * years. Several server processes may each run it: the deletes are idempotent, and a transaction
 * that finds nothing old changes nothing. Returns the stop function.
 */
export function startHealthRetentionJob(deps: {
  ctx: DataWriter & { config: Config };
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
}): () => void {
  const { ctx, log } = deps;
  if (!healthRetentionEnabled(ctx.config)) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => void run(), msUntilHour(ctx.clock.now(), ctx.config.HEALTH_DATA_RETENTION_HOUR));
    timer.unref();
  };
  const run = async () => {
    try {
      const out = await purgeOldHealthData(ctx, ctx.clock.now());
      log.info(out, 'retention: health data older than 2 years deleted');
    } catch (err) {
      log.error({ err }, 'health data retention failed');
    } finally {
      schedule();
    }
  };
  schedule();
  return () => clearTimeout(timer);
}
