import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { newId, newToken, sha256 } from '../../platform/lib/crypto';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import { assertMayAccessPatient } from '../../access/patient-data';
import { createDevicesRepository } from './devices.repository';

/**
 * A patient's device apps: registering one hands out its token, which the app then uses instead of
 * the patient's session (checked by the route rule, access/device-token.ts).
 */
export function createDevicesService(ctx: AppContext) {
  const { db, clock } = ctx;
  const repo = createDevicesRepository(db);
  const service = {
    async register(
      actor: Actor,
      input: { kind: 'sensor_app' | 'patch_app' | 'pdm'; serial: string; name?: string },
    ) {
      await assertMayAccessPatient(db, actor, actor.userId, 'own');
      const token = newToken();
      const id = newId();
      await repo.insert({
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
      const rows = await repo.activeWithLastUpload(actor.userId);
      // Last seen: the device's newest upload, or the time kept on the device row before uploads
      // named their device.
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
      if (!(await repo.revoke(actor.userId, deviceId, clock.now()))) throw new ApiError(ErrorCode.NOT_FOUND);
    },
  };
  return service;
}

function latest(...times: Array<Date | string | null>): Date | null {
  const ms = times.filter((t) => t !== null).map((t) => new Date(t).getTime());
  return ms.length ? new Date(Math.max(...ms)) : null;
}
