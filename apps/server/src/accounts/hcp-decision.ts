import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db/client';
import { hcpApplications, users } from '../platform/db/schema';
import { fail } from '../platform/http/api-error';
import { renderMail } from '../platform/mail/templates';
import { createUsersRepository } from './users.repository';

type ApplicationRow = typeof hcpApplications.$inferSelect;

// The decision on an HCP application, which makes the pending account an HCP's or leaves it
// refused: taken by the admin area's desk and by the operators' command line.

async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return (await db.select().from(hcpApplications).where(eq(hcpApplications.id, id)).limit(1))[0];
}

/** Records the decision on a submitted application; false when it was already decided. */
async function decideApplicationRow(
  db: Db,
  id: string,
  decision: 'approved' | 'rejected',
  decidedBy: string,
  note: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(hcpApplications)
    .set({ status: decision, decidedBy, decidedAt: now, note })
    .where(and(eq(hcpApplications.id, id), eq(hcpApplications.status, 'submitted')))
    .returning({ id: hcpApplications.id });
  return rows.length === 1;
}

async function setUserStatus(
  db: Db,
  userId: string,
  status: 'active' | 'rejected',
  now: Date,
): Promise<void> {
  await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Approves or rejects a submitted application and mails the applicant (spec §4: "the applicant is
 * emailed when status changes"). Called by the operators' CLI and the admin area. Approved: the
 * account becomes active and can sign in at /hcpLogin; rejected: sign-in keeps answering 52.
 */
export async function decideApplication(
  ctx: AppContext,
  applicationId: string,
  decision: 'approved' | 'rejected',
  decidedBy: string,
  note?: string,
): Promise<{ userId: string; status: 'approved' | 'rejected' }> {
  const now = ctx.clock.now();
  const application = await findApplication(ctx.db, applicationId);
  if (!application) return fail(ErrorCode.NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    if (!(await decideApplicationRow(tx, applicationId, decision, decidedBy, note ?? null, now))) {
      fail(ErrorCode.CONFLICT);
    }
    await setUserStatus(tx, application.userId, decision === 'approved' ? 'active' : 'rejected', now);
  });

  const users = createUsersRepository(ctx.db);
  const user = await users.byId(application.userId);
  if (user) {
    const vars = {
      name: await users.realname(user.id),
      url: `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/hcpLogin`,
      note: note ?? '',
    };
    const keys = decision === 'approved' ? 'hcp.approved' : 'hcp.rejected';
    const mail = renderMail(user.language, `${keys}Subject`, [`${keys}Body`], vars);
    await ctx.mailer.send({ channel: 'email', to: user.email ?? user.username, ...mail });
  }
  return { userId: application.userId, status: decision };
}
