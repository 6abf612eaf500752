import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { devices } from '../../platform/db/schema';
import { newId, newToken, sha256 } from '../../platform/lib/crypto';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import { assertMayAccessPatient } from '../../access/patient-data';

/**
 * A patient's device apps: registering one hands out its token, which the app then uses instead of
 * the patient's session (checked by the route rule, access/device-token.ts).
 */
export function createDevicesService(ctx: AppContext) {
  const { db, clock } = ctx;
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
  };
  return service;
}

function latest(...times: Array<Date | string | null>): Date | null {
  const ms = times.filter((t) => t !== null).map((t) => new Date(t).getTime());
  return ms.length ? new Date(Math.max(...ms)) : null;
}
