import { ErrorCode, MESSAGES } from '@cgm/domain';
import type { HcpHistoryQuery, HcpHistoryResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { mayAccessPatient } from '../../access/patient-data';
import { isGroupManager } from '../../access/hcp-group';
import { groupMembers, realnameOf } from '../../access/care-team-group';
import { createHistoryRepository } from './history.repository';
import { HEALTH_DETAIL_KEYS } from '../../access/operation-history';

type Row = Awaited<ReturnType<ReturnType<typeof createHistoryRepository>['page']>>[number];

/**
 * The HCP operation history (spec §2 /HcpOperationHistory): an HCP reads their own rows; a group
 * manager also those of the group's members (docs/PERMISSIONS.md "Care teams"). Read-only: the table
 * refuses UPDATE and DELETE, and no route writes to it except through recordOperation.
 */
export function createHistoryService(ctx: AppContext) {
  const repo = createHistoryRepository(ctx.db);

  /** The caller first, then the group's members when the caller manages a group. */
  async function visibleActors(actor: Actor): Promise<Array<{ uid: string; name: string }>> {
    const self = { uid: actor.userId, name: await realnameOf(ctx.db, actor.userId) };
    return isGroupManager(actor) ? [self, ...(await groupMembers(ctx.db, actor.userId))] : [self];
  }

  /**
   * A row's detail as this reader may see it. The values an event or record held are the patient's
   * data: a manager reading a member's row sees them only if that patient accepted the manager too
   * (consent is per account, docs/PERMISSIONS.md); otherwise the ids and the route remain.
   */
  async function visibleDetails(actor: Actor, rows: readonly Row[]) {
    const mayRead = new Map<string, Promise<boolean>>();
    const readable = (patientId: string) => {
      if (!mayRead.has(patientId)) mayRead.set(patientId, mayAccessPatient(ctx.db, actor, patientId, 'read'));
      return mayRead.get(patientId)!;
    };
    return Promise.all(
      rows.map(async (r) => {
        const detail = (r.detail as Record<string, unknown> | null) ?? null;
        if (!detail || r.actorId === actor.userId) return detail;
        if (!HEALTH_DETAIL_KEYS.some((k) => k in detail)) return detail;
        if (r.subjectId && (await readable(r.subjectId))) return detail;
        return Object.fromEntries(
          Object.entries(detail).filter(([k]) => !(HEALTH_DETAIL_KEYS as readonly string[]).includes(k)),
        );
      }),
    );
  }

  return {
    async list(actor: Actor, q: HcpHistoryQuery): Promise<HcpHistoryResponse> {
      if (q.from !== undefined && q.to !== undefined && q.to <= q.from) {
        fail(ErrorCode.INVALID_INPUT, {
          message: MESSAGES.endBeforeStart,
          details: [{ path: 'to', message: MESSAGES.endBeforeStart }],
        });
      }
      const members = await visibleActors(actor);
      const ids = members.map((m) => m.uid);
      const [total, rows, subjects] = await Promise.all([
        repo.count(ids, q),
        repo.page(ids, q, (q.page - 1) * q.size, q.size),
        repo.subjects(ids),
      ]);
      const pages = Math.ceil(total / q.size);
      const details = await visibleDetails(actor, rows);
      return {
        error: 0,
        history: {
          items: rows.map((r, i) => ({
            id: r.id,
            at: r.at.getTime(),
            actor_id: r.actorId,
            actor_name: r.actorName,
            subject_id: r.subjectId,
            subject_name: r.subjectName,
            action: r.action,
            detail: details[i] ?? null,
          })),
          page: q.page,
          size: q.size,
          total,
          pages,
          has_next: q.page < pages,
          has_prev: q.page > 1,
        },
        members,
        subjects,
      };
    },
  };
}
