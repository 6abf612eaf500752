import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

export interface OperationEntry {
  area: 'hcp' | 'admin';
  actorId: string;
  /** The patient or account acted on. */
  subjectId: string | null;
  /** A stable operation key (`events.add`, `patient.view`…), translated by the web app. */
  action: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
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
