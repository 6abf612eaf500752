import {
  ErrorCode,
  isCountryCode,
  isValidEmail,
  isValidRealName,
  normalizeUsername,
  REAL_NAME_PROBLEM,
} from '@cgm/domain';
import type {
  AccountAdminItem,
  AdminAction,
  AdminHistoryItem,
  AdminHistoryQuery,
  AdminHome,
  AdminScopeBody,
  NewAccountAdmin,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { adminScopeOf } from '../../access/admin-scope';
import { assertAdministeredAdmin, assertNotOneself } from '../../access/admin-targets';
import { createAdminAreaAccount } from './new-account';
import { recordAdminOperation } from '../../access/operation-history';
import { revokeAllCredentials } from '../../accounts/credentials';
import { createAdminsRepository } from './admins.repository';
import { pageOf, scopeView } from './scope';

type HistoryRow = Awaited<ReturnType<ReturnType<typeof createAdminsRepository>['history']>>['items'][number];

export const toHistoryItem = (r: HistoryRow): AdminHistoryItem => ({
  id: r.id,
  at: r.at.getTime(),
  actor_id: r.actorId,
  actor_name: r.actorName,
  actor_type: r.actorType,
  subject_id: r.subjectId,
  subject_name: r.subjectName,
  action: r.action,
  detail: (r.detail as Record<string, unknown> | null) ?? null,
});

/** A scope must name something, and only countries and regions that exist (packages/domain). */
function checkScope(problems: InputProblems, scope: AdminScopeBody): void {
  problems.check(scope.countries.length + scope.regions.length > 0, 'scope', 'admin.scopeRequired');
  scope.countries.forEach((c, i) =>
    problems.check(isCountryCode(c), `scope.countries.${i}`, 'validation.country'),
  );
}

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/**
 * Account admins (spec §1 "an account-administration area with a super admin", §6): only the super
 * admin creates, lists, disables and re-scopes them (the routes are superOnly); each admin sees
 * their own home and their own history, the super admin everyone's.
 */
export function createAdminsService(ctx: AppContext) {
  const repo = createAdminsRepository(ctx.db);
  const record = (
    actor: Actor,
    action: AdminAction,
    subjectId: string | null,
    detail?: Record<string, unknown>,
    ip?: string,
  ) => recordAdminOperation(ctx, { actorId: actor.userId, subjectId, action, detail, ip });

  return {
    async list(): Promise<AccountAdminItem[]> {
      return (await repo.admins()).map((a) => ({
        uid: a.id,
        username: a.username,
        realname: a.realname,
        role: a.role ?? 'AccountAdmin',
        status: a.status,
        scope:
          a.role === 'AccountAdminSuper'
            ? null
            : { countries: a.scope?.countries ?? [], regions: a.scope?.regions ?? [] },
        created_at: a.createdAt.getTime(),
      }));
    },

    async create(
      actor: Actor,
      input: NewAccountAdmin,
      ip: string,
    ): Promise<{ uid: string; username: string }> {
      const username = normalizeUsername(input.username);
      const problems = new InputProblems();
      problems.check(isValidEmail(username), 'username', 'validation.email');
      problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
      problems.password('password', input.password, username, 'register');
      checkScope(problems, input.scope);
      problems.throwIfAny();
      // The admin signs in on this server: their own country is the super admin's, so the region
      // check of the sign-in (code 71) lets them in; their scope is what they administer.
      const country = await repo.countryOf(actor.userId);
      const scope = { countries: uniq(input.scope.countries), regions: uniq(input.scope.regions) };
      const id = await createAdminAreaAccount(ctx, {
        username,
        password: input.password,
        userType: 'A',
        realname: input.realname,
        role: 'AccountAdmin',
        createdBy: 'admin',
        status: 'active',
        country,
        language: input.language,
        adminScope: scope,
      });
      await record(actor, 'admin.create', id, { scope }, ip);
      return { uid: id, username };
    },

    async setStatus(actor: Actor, id: string, status: 'active' | 'disabled', ip: string): Promise<void> {
      const target = (await repo.admin(id)) ?? fail(ErrorCode.NOT_FOUND);
      // The super admin's own account is not switched off from here (that would lock everyone out).
      assertAdministeredAdmin(target);
      assertNotOneself(actor, id);
      await repo.setStatus(id, status, ctx.clock.now());
      if (status === 'disabled') await revokeAllCredentials(ctx.db, id, ctx.clock.now());
      await record(actor, status === 'disabled' ? 'admin.disable' : 'admin.enable', id, undefined, ip);
    },

    async setScope(actor: Actor, id: string, scope: AdminScopeBody, ip: string): Promise<void> {
      const problems = new InputProblems();
      checkScope(problems, scope);
      problems.throwIfAny();
      const target = (await repo.admin(id)) ?? fail(ErrorCode.NOT_FOUND);
      assertAdministeredAdmin(target);
      const next = { countries: uniq(scope.countries), regions: uniq(scope.regions) };
      await repo.setScope(id, next, ctx.clock.now());
      await record(actor, 'admin.scope', id, { scope: next }, ip);
    },

    async home(actor: Actor): Promise<Omit<AdminHome, 'error'>> {
      const scope = await adminScopeOf(ctx.db, actor);
      const own = actor.role === 'AccountAdminSuper' ? null : actor.userId;
      const [pending, accounts, recent, who] = await Promise.all([
        repo.pendingApplications(scope),
        repo.accountsInScope(scope),
        repo.history({ actorId: own, limit: 10, offset: 0 }),
        repo.identity(actor.userId),
      ]);
      return {
        username: who.username,
        realname: who.realname,
        role: actor.role ?? 'AccountAdmin',
        scope: scopeView(scope),
        pending_applications: pending,
        accounts_in_scope: accounts,
        recent: recent.items.map(toHistoryItem),
      };
    },

    /** The admin history (spec §2 /History): the super admin sees all, other admins their own. */
    async history(actor: Actor, q: AdminHistoryQuery) {
      const own = actor.role === 'AccountAdminSuper' ? null : actor.userId;
      const { items, total } = await repo.history({
        actorId: own,
        q: q.q,
        action: q.action,
        from: q.from,
        to: q.to,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { items: items.map(toHistoryItem), ...pageOf(total, q.page, q.size) };
    },
  };
}
