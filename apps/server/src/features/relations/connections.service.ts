import { connectionStatus, maskRealname } from '@cgm/domain';
import type { ConnectionItem, ConnectionRequest, ConnectionsResponse, MonitorStatus } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { followedPatients } from '../../access/following';
import { recordHcpReads, type CallSite } from '../../access/operation-history';
import { patientGlucoseUnits } from '../../accounts/patient-units';
import { createRelationsRepository } from './relations.repository';

/**
 * The sensor and pump state of a followed patient exactly as the live monitor reports them,
 * consent asked again. The monitor answers it; the composition root (register-features.ts) wires
 * it in, since a feature does not import another.
 */
export type DeviceStatesOf = (
  actor: Actor,
  patientId: string,
) => Promise<Pick<MonitorStatus, 'sensor_status' | 'pump_status'>>;

/**
 * The follower's side (spec §3 "Connection item" and "Connection request", §7 monitor/connections):
 * each patient who accepted, with sensor and pump state exactly as the live monitor reports them,
 * and the follower's own requests with the status they see.
 */
export function createConnectionsService(ctx: AppContext, deviceStatesOf: DeviceStatesOf) {
  const repo = createRelationsRepository(ctx.db);

  return {
    async list(actor: Actor, site: CallSite): Promise<ConnectionsResponse> {
      const rows = await repo.forFollower(actor.userId);
      const followed = await followedPatients(ctx.db, actor, rows);
      const units = await patientGlucoseUnits(
        ctx.db,
        followed.map((r) => r.uid),
      );
      const connections = await Promise.all(
        followed.map(async (r): Promise<ConnectionItem> => {
          const status = await deviceStatesOf(actor, r.uid);
          return {
            uid: r.uid,
            username: r.username,
            alias: r.alias ?? null,
            real_name: r.realname ?? '',
            sensor_status: status.sensor_status,
            pump_status: status.pump_status,
            unit: units.get(r.uid)!,
          };
        }),
      );
      // An HCP read each followed patient's sensor and pump state: one history row per patient.
      await recordHcpReads(ctx, actor, site, {
        patientIds: connections.map((c) => c.uid),
        action: 'connections.status',
      });
      const requests = rows
        .filter((r) => r.relation.state !== 'accepted')
        .map((r): ConnectionRequest => ({
          uid: r.uid,
          username: r.username,
          // Not (or no longer) agreed: the follower sees only the masked names.
          alias: r.alias ? maskRealname(r.alias) : null,
          real_name: maskRealname(r.realname ?? ''),
          remark: r.relation.remark,
          status: connectionStatus(r.relation.state, 'follower', r.invited ? 'invitation' : 'request'),
          since: (r.relation.decidedAt ?? r.relation.createdAt).getTime(),
        }));
      return { error: 0, server_time: ctx.clock.now().getTime(), connections, requests };
    },
  };
}
