import { connectionStatus, ErrorCode, nextRelationState, type ConnectionStatus } from '@cgm/domain';
import type { RelationAction, RelationSide, RelationState } from '@cgm/domain';
import type { HcpOperation } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { recordHcpChange, type CallSite } from '../../access/operation-history';
import {
  createRelationsRepository,
  insertRelationMessage,
  type RelationMessageType,
  type RelationsRepository,
} from './relations.repository';
import { tellPatientFollowerStopped } from './stop-notice';

// A relation's moves through its state machine (spec §4): who asked, what the other side is told,
// and what is written to an HCP's operation history.

/**
 * What the follower is told of each patient decision (spec §3 "Message", §4). A patient reaches
 * 'cancelled' only by cancelling the follower's pending invitation: the follower is told that too,
 * or their invitation would look pending to them for ever.
 */
const MESSAGE_OF: Partial<Record<RelationState, RelationMessageType>> = {
  accepted: 'RELATION_AUTH_PERMIT',
  rejected: 'RELATION_AUTH_REJECT',
  removed: 'RELATION_AUTH_CANCEL',
  cancelled: 'RELATION_AUTH_INVITATION_CANCEL',
};

export const originOf = (invited: boolean) => (invited ? 'invitation' : 'request');

/** The operation-history key of a follower's own move (written for HCPs: spec §2 /HcpOperationHistory). */
const FOLLOWER_OPS: Partial<Record<RelationAction, HcpOperation>> = {
  request: 'relation.request',
  cancel: 'relation.cancel',
  stop: 'relation.stop',
};

/** An HCP's request, withdrawal or stop, written in the transaction of the change itself. */
export async function recordFollowerMove(
  db: Db,
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  action: RelationAction,
  site: CallSite | undefined,
): Promise<void> {
  const op = FOLLOWER_OPS[action];
  if (!op) return;
  await recordHcpChange({ db, clock: ctx.clock }, actor, site ?? { route: '', ip: null }, {
    patientId,
    action: op,
    detail: {},
  });
}

/** The one way a patient's decision or a follower's withdrawal or stop changes a relation. */
export function createRelationChange(ctx: AppContext, repo: RelationsRepository) {
  /**
   * Applies `action` by `side` to the pair's relation; the message of a patient's decision is
   * written in the same transaction. 103 without a relation, 110 when the state machine says no.
   */
  return async function change(
    actor: Actor,
    side: RelationSide,
    otherId: string,
    action: RelationAction,
    site?: CallSite,
  ): Promise<{ error: 0; status: ConnectionStatus }> {
    const [patientId, followerId] = side === 'patient' ? [actor.userId, otherId] : [otherId, actor.userId];
    const found = await repo.find(patientId, followerId);
    if (!found) return fail(ErrorCode.NOT_FOUND);
    const { relation, invited } = found;
    const to = nextRelationState(relation.state, action, side, originOf(invited));
    if (!to) return fail(ErrorCode.CONFLICT);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const txRepo = createRelationsRepository(tx);
      if (!(await txRepo.move(relation.id, [relation.state], to, now))) fail(ErrorCode.CONFLICT);
      if (side === 'follower') await recordFollowerMove(tx, ctx, actor, patientId, action, site);
      const type = side === 'patient' ? MESSAGE_OF[to] : undefined;
      if (type) {
        await insertRelationMessage(tx, {
          recipientId: followerId,
          senderId: patientId,
          relationId: relation.id,
          type,
          now,
        });
      }
    });
    ctx.bus.publish(patientId, 0, 'access');
    if (side === 'follower' && action === 'stop')
      await tellPatientFollowerStopped(ctx, patientId, followerId);
    return { error: 0, status: connectionStatus(to, side, originOf(invited)) };
  };
}
