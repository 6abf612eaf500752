import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createVirtualPatient, randomProfile, type VirtualPatient } from '@cgm/simulator';
import type { DeviceRecord } from '@cgm/contract';
import type { AppContext } from '../platform/context';
import { devices } from '../platform/db/schema';
import { newId, newToken, sha256 } from '../platform/lib/crypto';
import { latestGlucose } from '../patient-data';
import { createIngestService } from '../features/ingest/ingest.service';
import { LIVE_SIGNAL_LOSS_MAX_MIN, type DemoState } from './seed-demo';

/**
 * The demo patient's devices stream live while the server runs: the same virtual patient as the
 * history (same seed and start, so the stream continues it exactly), advanced every minute to the
 * present and sent through the ingest service like a device app's batches, so followers' monitors
 * update through the live bus.
 */
export async function startDemoStream(
  ctx: AppContext,
  state: DemoState,
  log: FastifyBaseLogger,
): Promise<() => void> {
  const { patientId, seed } = state.live;
  const device = await demoDevice(ctx, patientId);
  const ingest = createIngestService(ctx);
  const patient = createVirtualPatient(randomProfile(seed), {
    from: state.from,
    maxSignalLossMin: LIVE_SIGNAL_LOSS_MAX_MIN,
  });
  const lastStored = await latestGlucose(ctx.db, patientId);
  // Catch up from the last stored reading (a device app backfills after being offline).
  const resumeFrom = (lastStored?.time ?? state.from) - 3600_000;
  let backlog = await catchUp(patient, ctx.clock.now().getTime(), resumeFrom);
  let stopped = false;
  let running: Promise<void> | null = null;
  const send = async () => {
    backlog = backlog.concat(patient.advanceTo(ctx.clock.now().getTime()));
    while (backlog.length && !stopped) {
      const part = backlog.slice(0, 5000);
      await ingest.ingest(device, part);
      backlog = backlog.slice(part.length);
    }
  };
  // One batch at a time: a minute's batch that is still being stored (the demo's other patients
  // fill the embedded database meanwhile) is not joined by the next, which would send the same
  // records twice and then cut the backlog twice, dropping records never sent.
  const tick = async () => {
    if (stopped || running) return;
    running = send().finally(() => {
      running = null;
    });
    await running;
  };
  await tick().catch((err: unknown) => log.error({ err }, 'demo stream'));
  const timer = setInterval(
    () => void tick().catch((err: unknown) => log.error({ err }, 'demo stream')),
    60_000,
  );
  log.info({ patient: patientId }, 'demo patient streams live (a batch every minute)');
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * The virtual patient run from the history's start to now (90 days: a second or more of CPU),
 * a day at a time with a turn of the event loop between days, so requests are answered meanwhile.
 * Keeps only the records from `keepFrom`.
 */
async function catchUp(patient: VirtualPatient, now: number, keepFrom: number): Promise<DeviceRecord[]> {
  const kept: DeviceRecord[] = [];
  while (patient.time < now) {
    const day = patient.advanceTo(Math.min(now, patient.time + 86_400_000));
    for (const r of day) if (r.time >= keepFrom) kept.push(r);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return kept;
}

/** The demo patient's patch app, registered once. */
async function demoDevice(ctx: AppContext, patientId: string) {
  const rows = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(eq(devices.patientId, patientId), eq(devices.name, 'Demo patch app'), isNull(devices.revokedAt)),
    )
    .limit(1);
  if (rows[0]) return { deviceId: rows[0].id, patientId };
  const id = newId();
  await ctx.db.insert(devices).values({
    id,
    patientId,
    kind: 'patch_app',
    serial: 'DEMO-PB',
    name: 'Demo patch app',
    tokenHash: sha256(newToken()),
    createdAt: ctx.clock.now(),
  });
  return { deviceId: id, patientId };
}
