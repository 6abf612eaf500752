import { sql } from 'drizzle-orm';
import type { AdminAction, HcpOperation } from '@cgm/contract';
import type { AppContext } from '../platform/context';
import type { Actor } from '../platform/http/auth';

/**
 * A stable operation key (`events.add`, `member.lock`…), which the web app labels: the HCP area
 * takes only HCP_OPERATIONS (the list the HCP history's filter offers), the admin area only
 * ADMIN_ACTIONS.
 */
export type HistoryOperation = { area: 'hcp'; action: HcpOperation } | { area: 'admin'; action: AdminAction };

export type OperationEntry = HistoryOperation & {
  actorId: string;
  /** The patient or account acted on. */
  subjectId: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * An action of the account-administration area (account admins and the admin login): the only way
 * the server writes to the admin history, so every row it writes is one of ADMIN_ACTIONS, which
 * the web app labels (admin.action.*).
 */
export function recordAdminOperation(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  e: Omit<OperationEntry, 'area' | 'action'> & { action: AdminAction },
): Promise<void> {
  return recordOperation(ctx, { ...e, area: 'admin' });
}

/**
 * Appends one row to the operation history (append-only: see migration 0002). Names are copied in,
 * so the history still reads after an account is deleted or renamed.
 */
export async function recordOperation(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  e: OperationEntry,
): Promise<void> {
  const at = ctx.clock.now();
  await ctx.db.execute(sql`
    insert into operation_history
      (area, actor_id, actor_name, actor_type, subject_id, subject_name, action, detail, ip, at)
    select ${e.area}, a.id, a.username, a.user_type, ${e.subjectId},
           (select coalesce(nullif(p.realname, ''), s.username)
              from users s left join profiles p on p.user_id = s.id where s.id = ${e.subjectId}),
           ${e.action}, ${e.detail ? JSON.stringify(e.detail) : null}::jsonb, ${e.ip ?? null}, ${at.toISOString()}::timestamptz
      from users a where a.id = ${e.actorId}`);
}

/**
 * Detail keys that hold a patient's health values (what an event or record says, before and after
 * an edit). The history shows them only to a reader who may read that patient's data: a group
 * manager reads the members' rows, but not the data of patients who did not accept the manager.
 */
export const HEALTH_DETAIL_KEYS = ['values', 'changes'] as const;

/** Where a change came from, as the route knows it: the history row names the route and address. */
export interface CallSite {
  route: string;
  ip: string | null;
}

/** The call site of a request (a route handler passes it to the service that records the change). */
export const callSite = (req: { routeOptions: { url?: string | undefined }; ip: string }): CallSite => ({
  route: req.routeOptions.url ?? '',
  ip: req.ip,
});

/**
 * An HCP's change to a patient's data, written by the service inside the change's own transaction
 * (routes with `recordedBy: 'service'`, access/route-access.ts): the record and the change stand or
 * fall together. Changes by the patient or a carer are not HCP operations and are not written.
 */
export async function recordHcpChange(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  site: CallSite,
  e: { patientId: string; action: HcpOperation; detail: Record<string, unknown> },
): Promise<void> {
  if (actor.userType !== 'D') return;
  await recordOperation(ctx, {
    area: 'hcp',
    actorId: actor.userId,
    subjectId: e.patientId,
    action: e.action,
    detail: { method: 'POST', route: site.route, ...e.detail },
    ip: site.ip,
  });
}

/**
 * An HCP's reads of several patients' data on one screen: one row per patient, all written in one
 * transaction before the answer leaves (an error here withholds the answer). Reads by anyone else
 * are not HCP operations and are not written.
 */
export async function recordHcpReads(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  site: CallSite,
  e: { patientIds: readonly string[]; action: HcpOperation },
): Promise<void> {
  if (actor.userType !== 'D' || e.patientIds.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const patientId of e.patientIds) {
      await recordOperation(
        { db: tx, clock: ctx.clock },
        {
          area: 'hcp',
          actorId: actor.userId,
          subjectId: patientId,
          action: e.action,
          detail: { method: 'GET', route: site.route },
          ip: site.ip,
        },
      );
    }
  });
}
