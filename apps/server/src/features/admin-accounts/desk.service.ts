import {
  COUNTRIES,
  ErrorCode,
  isCountryCode,
  isValidEmail,
  isValidMobile,
  isValidRealName,
  REAL_NAME_PROBLEM,
  normalizeUsername,
} from '@cgm/domain';
import type { AdminAction, HcpApplicationItem, NewHcpAccount } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { renderMail } from '../../platform/mail/templates';
import { assertInScope, deskScopeOf, scopeCountries } from '../../access/admin-scope';
import { recordAdminOperation } from '../../access/operation-history';
import { decideApplication } from '../../accounts/hcp-decision';
import { createAdminAreaAccount } from './new-account';
import { createDeskRepository } from './desk.repository';
import { pageOf } from './scope';

type ApplicationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createDeskRepository>['application']>>
>;

const toItem = (a: ApplicationRow): HcpApplicationItem => ({
  id: a.id,
  uid: a.uid,
  username: a.username,
  realname: a.realname,
  organisation: a.organisation,
  country: a.country,
  status: a.status,
  converted_from: a.convertedFrom,
  created_at: a.createdAt.getTime(),
  decided_at: a.decidedAt?.getTime() ?? null,
  decided_by: a.decidedBy,
  note: a.note,
});

/**
 * The HCP desk (spec §2 /CreateHCP, /createHcp, /CreateHCP_list; §4 "HCP application: submitted; the
 * applicant is emailed when status changes"). Account admins and the admin login list applications
 * of their scope, approve or reject them (the applicant is mailed each time, by decideApplication),
 * and create HCP accounts directly. Every action is written to the admin history.
 */
export function createDeskService(ctx: AppContext) {
  const repo = createDeskRepository(ctx.db);
  const record = (
    actor: Actor,
    action: AdminAction,
    subjectId: string,
    detail: Record<string, unknown>,
    ip: string,
  ) => recordAdminOperation(ctx, { actorId: actor.userId, subjectId, action, detail, ip });

  async function submitted(actor: Actor, id: string): Promise<ApplicationRow> {
    const scope = await deskScopeOf(ctx.db, actor);
    const application = (await repo.application(id)) ?? fail(ErrorCode.NOT_FOUND);
    assertInScope(scope, application.country);
    if (application.status !== 'submitted') fail(ErrorCode.CONFLICT);
    return application;
  }

  return {
    async list(
      actor: Actor,
      q: { status?: 'submitted' | 'approved' | 'rejected'; page: number; size: number },
    ) {
      const scope = await deskScopeOf(ctx.db, actor);
      const { items, total } = await repo.applications(scope, q.status, q.size, (q.page - 1) * q.size);
      return {
        items: items.map(toItem),
        ...pageOf(total, q.page, q.size),
        countries: scopeCountries(
          scope,
          COUNTRIES.map((c) => c.code),
        ),
      };
    },

    async approve(actor: Actor, id: string, ip: string) {
      const application = await submitted(actor, id);
      await decideApplication(ctx, id, 'approved', actor.userId);
      await record(actor, 'hcp.approve', application.uid, { application: id }, ip);
      return { status: 'approved' as const };
    },

    async reject(actor: Actor, id: string, reason: string, ip: string) {
      const application = await submitted(actor, id);
      await decideApplication(ctx, id, 'rejected', actor.userId, reason);
      await record(actor, 'hcp.reject', application.uid, { application: id, reason }, ip);
      return { status: 'rejected' as const };
    },

    /**
     * An HCP account made by the desk, active at once (the desk is the approval). `hcp`: an HCP of
     * its own, created_by 'admin', who may manage a group; `member`: a member of an existing
     * manager's group (created_by 'hcp_group', as the group's own "add user" makes them).
     */
    async create(actor: Actor, input: NewHcpAccount, ip: string): Promise<{ uid: string; username: string }> {
      const scope = await deskScopeOf(ctx.db, actor);
      const username = normalizeUsername(input.username);
      const problems = new InputProblems();
      problems.check(
        isValidEmail(username) || isValidMobile(username),
        'username',
        'validation.emailOrMobile',
      );
      problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
      problems.password('password', input.password, username, 'register');
      problems.check(isCountryCode(input.country), 'country', 'validation.country');
      if (input.kind === 'member') problems.check(Boolean(input.manager), 'manager', 'messages.fillRequired');
      problems.throwIfAny();
      assertInScope(scope, input.country);

      let groupId: string | null = null;
      if (input.kind === 'member') {
        const manager =
          (await repo.manager(normalizeUsername(input.manager ?? ''))) ??
          fail(ErrorCode.INVALID_INPUT, { details: [{ path: 'manager', message: 'hcpDesk.noSuchManager' }] });
        assertInScope(scope, manager.country);
        groupId = manager.id;
      }
      let clinicId: string | null = null;
      if (input.clinic_id) {
        const clinic =
          (await repo.clinic(input.clinic_id)) ??
          fail(ErrorCode.INVALID_INPUT, {
            details: [{ path: 'clinic_id', message: 'hcpDesk.noSuchClinic' }],
          });
        assertInScope(scope, clinic.country);
        clinicId = clinic.id;
      }

      const id = await createAdminAreaAccount(ctx, {
        username,
        password: input.password,
        userType: 'D',
        realname: input.realname,
        createdBy: input.kind === 'member' ? 'hcp_group' : 'admin',
        status: 'active',
        country: input.country,
        language: input.language,
        groupId,
        clinicId,
        organisation: input.organisation,
        profile: { major: input.major ?? 'unspecified' },
      });
      await record(
        actor,
        input.kind === 'member' ? 'hcp.createMember' : 'hcp.create',
        id,
        { group: groupId, clinic: clinicId },
        ip,
      );
      if (isValidEmail(username)) {
        const url = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/hcpLogin`;
        const mail = renderMail(input.language, 'admin.createdSubject', ['admin.createdBody'], {
          name: input.realname,
          url,
        });
        await ctx.mailer.send({ channel: 'email', to: username, ...mail });
      }
      return { uid: id, username };
    },
  };
}
