import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../context';
import { devices } from '../../db/schema';
import { newId, newToken, sha256 } from '../../lib/crypto';
import type { Actor } from '../../http/auth';
import { ApiError } from '../../http/api-error';
import { assertMayAccessPatient } from '../../access/patient-data';
import { accountStillActive } from '../../accounts/credentials';

export interface DeviceIdentity {
  deviceId: string;
  patientId: string;
}

/** How long a resolved device token is kept in this process (its write re-checks it, device-check.ts). */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_SIZE = 20_000;

/** Device apps act for one patient with a token of their own (not the patient's session). */
export function createDevicesService(ctx: AppContext) {
  const { db, clock } = ctx;
  const known = new Map<string, { device: DeviceIdentity; until: number }>();
  const service = {
    async register(
      actor: Actor,
      input: { kind: 'sensor_app' | 'patch_app' | 'pdm'; serial: string; name?: string },
    ) {
      await assertMayAccessPatient(db, actor, actor.userId, 'own');
      const token = newToken();
      const id = newId();
      await db.insert(devices).values({
        id,
        patientId: actor.userId,
        kind: input.kind,
        serial: input.serial,
        name: input.name ?? null,
        tokenHash: sha256(token),
        createdAt: clock.now(),
      });
      return { error: 0 as const, device_id: id, device_token: token };
    },

    async list(actor: Actor) {
      await assertMayAccessPatient(db, actor, actor.userId, 'own');
      // Last seen: the device's newest upload-history row (every batch writes one), or the time
      // kept on the device row before uploads named their device.
      const lastUpload = sql<Date | string | null>`(select u.received_at from uploads u
        where u.patient_id = ${devices.patientId} and u.device_id = ${devices.id}
        order by u.received_at desc limit 1)`;
      const rows = await db
        .select({ d: devices, lastUpload })
        .from(devices)
        .where(and(eq(devices.patientId, actor.userId), isNull(devices.revokedAt)));
      return rows.map(({ d, lastUpload: upload }) => ({
        device_id: d.id,
        kind: d.kind,
        serial: d.serial,
        name: d.name,
        created_at: d.createdAt.toISOString(),
        last_seen_at: latest(d.lastSeenAt, upload)?.toISOString() ?? null,
      }));
    },

    async revoke(actor: Actor, deviceId: string) {
      await assertMayAccessPatient(db, actor, actor.userId, 'own');
      const res = await db
        .update(devices)
        .set({ revokedAt: clock.now() })
        .where(and(eq(devices.id, deviceId), eq(devices.patientId, actor.userId), isNull(devices.revokedAt)))
        .returning({ id: devices.id });
      if (res.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
    },

    /** The device behind a token, or null (revoked, unknown). */
    async resolve(token: string): Promise<DeviceIdentity | null> {
      const rows = await db
        .select({ id: devices.id, patientId: devices.patientId })
        .from(devices)
        .where(
          and(
            eq(devices.tokenHash, sha256(token)),
            isNull(devices.revokedAt),
            accountStillActive(devices.patientId),
          ),
        )
        .limit(1);
      const row = rows[0];
      return row ? { deviceId: row.id, patientId: row.patientId } : null;
    },

    /**
     * As resolve, from a cache of recent tokens: for a write that confirms the device itself
     * (appendRecords' checkDevice), so a live upload costs no extra round trip. `forget` drops a
     * token the write found no longer active.
     */
    async identify(token: string): Promise<DeviceIdentity | null> {
      const hash = sha256(token);
      const now = Date.now();
      const hit = known.get(hash);
      if (hit && hit.until > now) return hit.device;
      const device = await service.resolve(token);
      if (known.size >= TOKEN_CACHE_SIZE) known.clear();
      if (device) known.set(hash, { device, until: now + TOKEN_CACHE_MS });
      else known.delete(hash);
      return device;
    },
    forget(token: string): void {
      known.delete(sha256(token));
    },
  };
  return service;
}

function latest(...times: Array<Date | string | null>): Date | null {
  const ms = times.filter((t) => t !== null).map((t) => new Date(t).getTime());
  return ms.length ? new Date(Math.max(...ms)) : null;
}
