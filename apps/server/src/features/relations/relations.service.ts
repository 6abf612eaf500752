import {
  connectionStatus,
  ErrorCode,
  maskRealname,
  nextRelationState,
  normalizeUsername,
  type ConnectionStatus,
} from '@cgm/domain';
import type {
  RelationItem,
  RelationRequestBody,
  RelationSearchResponse,
  RelationsResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { newId } from '../../platform/lib/crypto';
import type { CallSite } from '../../access/operation-history';
import { countPendingRequests } from '../../accounts/waiting-counts';
import { listAppsWithAccess } from '../../access/nightscout-apps';
import { followable, followerTypeOf } from '../../access/following';
import { createRelationsRepository } from './relations.repository';
import { createRelationChange, originOf, recordFollowerMove } from './relation-change';

/**
 * Connections and consent (spec §1, §4, §6): followers (carers M, HCPs D) ask, only the patient
 * decides. Each change is one conditional update, so two racing decisions cannot both win, and is
 * published as an 'access' event so waiting live monitors re-check consent at once.
 */
export function createRelationsService(ctx: AppContext) {
  const repo = createRelationsRepository(ctx.db);
  const change = createRelationChange(ctx, repo);

  /** Only an active patient account can be followed; anything else is "user does not exist". */
  async function patientByUsername(username: string) {
    const account = await repo.accountByUsername(normalizeUsername(username));
    if (!account || !followable(account)) {
      return fail(ErrorCode.USER_NOT_EXIST);
    }
    return account;
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
