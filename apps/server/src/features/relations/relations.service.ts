import {
  connectionStatus,
  ErrorCode,
  maskRealname,
  nextRelationState,
  normalizeUsername,
  type ConnectionStatus,
  type RelationAction,
  type RelationSide,
  type RelationState,
} from '@cgm/domain';
import type {
  HcpOperation,
  RelationItem,
  RelationRequestBody,
  RelationSearchResponse,
  RelationsResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { newId } from '../../platform/lib/crypto';
import { recordHcpChange, type CallSite } from '../../access/operation-history';
import { countPendingRequests } from '../../accounts/waiting-counts';
import { listAppsWithAccess } from '../../access/nightscout-apps';
import { followable, followerTypeOf } from '../../access/following';
import {
  createRelationsRepository,
  insertRelationMessage,
  type RelationMessageType,
} from './relations.repository';
import { tellPatientFollowerStopped } from './stop-notice';

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

const originOf = (invited: boolean) => (invited ? 'invitation' : 'request');

/** The operation-history key of a follower's own move (written for HCPs: spec §2 /HcpOperationHistory). */
const FOLLOWER_OPS: Partial<Record<RelationAction, HcpOperation>> = {
  request: 'relation.request',
  cancel: 'relation.cancel',
  stop: 'relation.stop',
};

/** An HCP's request, withdrawal or stop, written in the transaction of the change itself. */
async function recordFollowerMove(
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

/**
 * Connections and consent (spec §1, §4, §6): followers (carers M, HCPs D) ask, only the patient
 * decides. Each change is one conditional update, so two racing decisions cannot both win, and is
 * published as an 'access' event so waiting live monitors re-check consent at once.
 */
export function createRelationsService(ctx: AppContext) {
  const repo = createRelationsRepository(ctx.db);

  /** Only an active patient account can be followed; anything else is "user does not exist". */
  async function patientByUsername(username: string) {
    const account = await repo.accountByUsername(normalizeUsername(username));
    if (!account || !followable(account)) {
      return fail(ErrorCode.USER_NOT_EXIST);
    }
    return account;
  }

  /**
   * Applies `action` by `side` to the pair's relation; the message of a patient's decision is
   * written in the same transaction. 103 without a relation, 110 when the state machine says no.
   */
  async function change(
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
  }

  function item(r: Awaited<ReturnType<typeof repo.forPatient>>[number]): RelationItem {
    const { relation } = r;
    return {
      uid: r.uid,
      username: r.username,
      alias: r.alias ?? null,
      real_name: r.realname ?? '',
      follower_type: relation.followerType,
      state: relation.state === 'accepted' ? 'ACCEPT' : 'pending',
      status: connectionStatus(relation.state, 'patient', originOf(r.invited)),
      remark: relation.remark,
      since: (relation.state === 'accepted'
        ? (relation.decidedAt ?? relation.createdAt)
        : relation.createdAt
      ).getTime(),
    };
  }

  return {
    /** Exact user name of a patient only: a search never lists or suggests (spec §2, §5). */
    async search(actor: Actor, username: string): Promise<RelationSearchResponse> {
      const patient = await patientByUsername(username);
      const found = await repo.find(patient.id, actor.userId);
      const state = found?.relation.state;
      // Before consent the names are masked alike: an alias names a person as surely as a real name.
      const agreed = state === 'accepted';
      return {
        error: 0,
        user: {
          uid: patient.id,
          username: patient.username,
          alias: patient.alias ? (agreed ? patient.alias : maskRealname(patient.alias)) : null,
          realname: agreed ? (patient.realname ?? '') : maskRealname(patient.realname ?? ''),
          status: state ? connectionStatus(state, 'follower', originOf(found.invited)) : null,
        },
      };
    },

    /** A follower asks to see a patient's data: a new pending row, or the old row reopened. */
    async request(
      actor: Actor,
      input: RelationRequestBody,
      site?: CallSite,
    ): Promise<{ error: 0; status: ConnectionStatus }> {
      const patient = await patientByUsername(input.username);
      const remark = input.remark ? input.remark : null;
      const now = ctx.clock.now();
      const found = await repo.find(patient.id, actor.userId);
      if (found && !nextRelationState(found.relation.state, 'request', 'follower')) fail(ErrorCode.CONFLICT);
      await ctx.db.transaction(async (tx) => {
        const txRepo = createRelationsRepository(tx);
        const done = found
          ? await txRepo.move(found.relation.id, [found.relation.state], 'pending', now, {
              requestedBy: actor.userId,
              remark,
            })
          : await txRepo.insertPending({
              id: newId(),
              patientId: patient.id,
              followerId: actor.userId,
              followerType: followerTypeOf(actor),
              requestedBy: actor.userId,
              remark,
              createdAt: now,
            });
        if (!done) fail(ErrorCode.CONFLICT);
        await recordFollowerMove(tx, ctx, actor, patient.id, 'request', site);
      });
      ctx.bus.publish(patient.id, 0, 'access');
      return { error: 0, status: 'request sent' };
    },

    /** cancel: a follower withdraws a pending request; the patient removes a follower or an invitation. */
    cancel: (actor: Actor, uid: string, site?: CallSite) =>
      actor.userType === 'P'
        ? change(actor, 'patient', uid, 'cancel')
        : change(actor, 'follower', uid, 'cancel', site),
    stop: (actor: Actor, patientId: string, site?: CallSite) =>
      change(actor, 'follower', patientId, 'stop', site),
    permit: (actor: Actor, followerId: string) => change(actor, 'patient', followerId, 'permit'),
    reject: (actor: Actor, followerId: string) => change(actor, 'patient', followerId, 'reject'),

    /** The patient's connections screen (spec §3 "Relations"). */
    async list(actor: Actor): Promise<RelationsResponse> {
      const rows = (await repo.forPatient(actor.userId)).map(item);
      return {
        error: 0,
        hcp: rows.filter((r) => r.follower_type === 'D'),
        carer: rows.filter((r) => r.follower_type === 'M'),
        oauth2: (await listAppsWithAccess(ctx.db, actor.userId)).map((a) => ({
          id: a.id,
          name: a.name,
          kind: a.kind,
          scopes: a.scopes,
          since: a.created_at,
          last_used_at: a.last_used_at,
        })),
        pending: rows.filter((r) => r.state === 'pending').sort((a, b) => b.since - a.since),
      };
    },

    async todo(actor: Actor): Promise<{ error: 0; count: number }> {
      return { error: 0, count: await countPendingRequests(ctx.db, actor.userId) };
    },
  };
}
