import { ErrorCode } from '@cgm/domain';
import type { AdminAction, MemberDetail, MemberItem, MembersQuery } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail, invalidInput } from '../../platform/http/api-error';
import { renderMail } from '../../platform/mail/templates';
import { adminScopeOf } from '../../access/admin-scope';
import { accountInScope, assertNotOneself } from '../../access/admin-targets';
import { keepsDataAfterDeletion } from '../../accounts/retention';
import { recordAdminOperation } from '../../access/operation-history';
import { revokeAllCredentials } from '../../accounts/credentials';
import { changeAccountType, deleteAccount } from './account-changes';
import { createMembersRepository, memberStatusOf, type MemberRow } from './members.repository';
import { pageOf } from './scope';

type Row = Pick<
  MemberRow,
  | 'id'
  | 'username'
  | 'realname'
  | 'userType'
  | 'createdBy'
  | 'country'
  | 'status'
  | 'deletedAt'
  | 'lockedUntil'
  | 'createdAt'
>;

const toItem = (r: Row, now: Date): MemberItem => ({
  uid: r.id,
  username: r.username,
  realname: r.realname,
  user_type: r.userType,
  created_by: r.createdBy,
  country: r.country,
  status: memberStatusOf(r, now),
  created_at: r.createdAt.getTime(),
});

/**
 * Members (spec §2 /Member, /UserAdmin): any account of type P, M or D within the admin's scope.
 * Every action checks the scope first (403 and nothing changed outside it), refuses deleted accounts
 * (409), and is written to the admin history.
 */
export function createMembersService(ctx: AppContext) {
  const repo = createMembersRepository(ctx.db);
  const record = (
    actor: Actor,
    action: AdminAction,
    subjectId: string,
    ip: string,
    detail?: Record<string, unknown>,
  ) => recordAdminOperation(ctx, { actorId: actor.userId, subjectId, action, detail, ip });

  /** The member, if within the caller's scope; a member outside it is refused like a stranger's. */
  async function inScopeMember(actor: Actor, id: string): Promise<MemberRow> {
    const scope = await adminScopeOf(ctx.db, actor);
    return accountInScope(scope, await repo.member(id));
  }

  async function liveMember(actor: Actor, id: string): Promise<MemberRow> {
    const member = await inScopeMember(actor, id);
    if (member.deletedAt) fail(ErrorCode.CONFLICT, { message: 'members.deleted' });
    return member;
  }

  return {
    async search(actor: Actor, q: MembersQuery) {
      const now = ctx.clock.now();
      const scope = await adminScopeOf(ctx.db, actor);
      const { items, total } = await repo.search(scope, q, now);
      return { items: items.map((r) => toItem(r, now)), ...pageOf(total, q.page, q.size) };
    },

    async view(actor: Actor, id: string): Promise<MemberDetail> {
      const m = await inScopeMember(actor, id);
      const [application, connections] = await Promise.all([
        repo.latestApplication(id),
        repo.connections(id),
      ]);
      return {
        ...toItem(m, ctx.clock.now()),
        email: m.email,
        mobile: m.mobile,
        language: m.language,
        organisation: m.organisation,
        mfa: m.mfaEnabled,
        admin_login: m.adminLogin,
        clinic_login: m.clinicLogin,
        failed_attempts: m.failedAttempts,
        locked_until: m.lockedUntil?.getTime() ?? null,
        deleted_at: m.deletedAt?.getTime() ?? null,
        group_id: m.groupId,
        clinic_id: m.clinicId,
        application: application
          ? { id: application.id, status: application.status, created_at: application.createdAt.getTime() }
          : null,
        connections,
        retention: keepsDataAfterDeletion(m.country) ? 'two_years' : 'immediate',
      };
    },

    /**
     * Locks sign-in for a while (the sign-in answers 62 with the minutes left) and ends every
     * credential: sessions, Nightscout secrets and tokens, OAuth grants, device tokens.
     */
    async lock(actor: Actor, id: string, minutes: number, ip: string): Promise<void> {
      await liveMember(actor, id);
      const now = ctx.clock.now();
      await repo.update(
        id,
        { lockedUntil: new Date(now.getTime() + minutes * 60_000), failedAttempts: 0 },
        now,
      );
      await revokeAllCredentials(ctx.db, id, now);
      await record(actor, 'member.lock', id, ip, { minutes });
    },

    async unlock(actor: Actor, id: string, ip: string): Promise<void> {
      await liveMember(actor, id);
      await repo.update(id, { lockedUntil: null, failedAttempts: 0 }, ctx.clock.now());
      await record(actor, 'member.unlock', id, ip);
    },

    /** Multi-factor sign-in off, for someone who lost access to their second factor. */
    async resetMfa(actor: Actor, id: string, ip: string): Promise<void> {
      await liveMember(actor, id);
      await repo.update(id, { mfaEnabled: false }, ctx.clock.now());
      await record(actor, 'member.mfaReset', id, ip);
    },

    /**
     * Accounts have no pending e-mail verification of their own (registration verifies the code
     * before the account exists), so what can be resent is the HCP application's status mail: the
     * applicant learns again where their application stands. Accounts without one: 409.
     */
    async resend(actor: Actor, id: string, ip: string): Promise<'application_status'> {
      const m = await liveMember(actor, id);
      const application = await repo.latestApplication(id);
      const to = m.email ?? (m.username.includes('@') ? m.username : null);
      if (!application || !to) return fail(ErrorCode.CONFLICT, { message: 'members.nothingToResend' });
      const key = { submitted: 'hcp.submitted', approved: 'hcp.approved', rejected: 'hcp.rejected' }[
        application.status
      ];
      const vars = {
        name: m.realname,
        organisation: m.organisation ?? '',
        url: `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/hcpLogin`,
        note: application.note ?? '',
      };
      await ctx.mailer.send({
        channel: 'email',
        to,
        ...renderMail(m.language, `${key}Subject`, [`${key}Body`], vars),
      });
      await record(actor, 'member.resend', id, ip, { mail: key });
      return 'application_status';
    },

    async changeType(
      actor: Actor,
      id: string,
      to: 'P' | 'M' | 'D',
      organisation: string | undefined,
      ip: string,
    ) {
      const m = await liveMember(actor, id);
      // HCP accounts are not turned back into patients: their patients' consent was given to a clinician.
      if (m.userType !== 'P' && m.userType !== 'M')
        return fail(ErrorCode.CONFLICT, { message: 'members.typeUnchangeable' });
      if (m.userType === to) return invalidInput('type', 'members.sameType');
      if (to === 'D' && !organisation) return invalidInput('organisation', 'messages.fillRequired');
      await changeAccountType(ctx, {
        actorId: actor.userId,
        userId: id,
        ip,
        from: m.userType,
        to,
        organisation,
      });
      if (to === 'D' && m.email) {
        const url = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/hcpLogin`;
        const mail = renderMail(m.language, 'account.convertedSubject', ['admin.convertedBody'], {
          name: m.realname,
          url,
        });
        await ctx.mailer.send({ channel: 'email', to: m.email, ...mail });
      }
    },

    async remove(actor: Actor, id: string, ip: string): Promise<boolean> {
      const m = await liveMember(actor, id);
      assertNotOneself(actor, id);
      return deleteAccount(ctx, { actorId: actor.userId, userId: id, ip, country: m.country });
    },
  };
}
