import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  API,
  adminConfirmBody,
  adminEmptyBody,
  changeTypeBody,
  deleteResult,
  errorBody,
  lockBody,
  memberDetailResponse,
  memberList,
  membersQuery,
  ok,
  resendResult,
  routeOf,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createMembersService } from './members.service';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Members (spec §2 /Member, /UserAdmin): account admins, within their scope. */
export function registerMembersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const members = createMembersService(ctx);
  const tags = ['account administration'];
  const security = [{ bearer: [] }];
  const config = { access: { kind: 'accountAdmin' } } as const;
  const id = (params: unknown) => (params as { id: string }).id;
  const done = { error: 0 as const };

  r.get(
    API.adminMembers,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Find accounts in scope by name, username, type, country and state, with paging',
        querystring: membersQuery,
        response: { 200: memberList, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await members.search(requireActor(req), req.query)) }),
  );

  r.get(
    routeOf(API.adminMember),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One account in scope',
        response: { 200: memberDetailResponse, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, member: await members.view(requireActor(req), id(req.params)) }),
  );

  const action = <B>(
    path: (id: string) => string,
    summary: string,
    body: ZodType<B>,
    run: (actorReq: {
      actor: ReturnType<typeof requireActor>;
      id: string;
      body: B;
      ip: string;
    }) => Promise<unknown>,
  ) =>
    r.post(
      routeOf(path),
      {
        config,
        schema: { tags, security, summary, body, response: { 200: ok, ...failures } },
      },
      async (req) => {
        await run({ actor: requireActor(req), id: id(req.params), body: req.body as B, ip: req.ip });
        return done;
      },
    );

  action(
    API.adminMemberLock,
    'Lock sign-in for some minutes and end sessions (confirm: true)',
    lockBody,
    (a) => members.lock(a.actor, a.id, a.body.minutes, a.ip),
  );
  action(API.adminMemberUnlock, 'Unlock sign-in and clear failed attempts', adminEmptyBody, (a) =>
    members.unlock(a.actor, a.id, a.ip),
  );
  action(API.adminMemberMfaReset, 'Turn multi-factor sign-in off (confirm: true)', adminConfirmBody, (a) =>
    members.resetMfa(a.actor, a.id, a.ip),
  );
  action(
    API.adminMemberType,
    'Change the account type P↔M, or to HCP (data removed as in spec §2 "Account type changed"; confirm: true)',
    changeTypeBody,
    (a) => members.changeType(a.actor, a.id, a.body.type, a.body.organisation, a.ip),
  );

  r.post(
    routeOf(API.adminMemberResend),
    {
      config,
      schema: {
        tags,
        security,
        summary: "Send the HCP application's status mail again (409 when the account has none)",
        body: adminEmptyBody,
        response: { 200: resendResult, ...failures },
      },
    },
    async (req) => ({
      error: 0 as const,
      sent: await members.resend(requireActor(req), id(req.params), req.ip),
    }),
  );

  r.post(
    routeOf(API.adminMemberDelete),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete an account (confirm: true): EU-server data kept 2 years, elsewhere removed at once',
        body: adminConfirmBody,
        response: { 200: deleteResult, ...failures },
      },
    },
    async (req) => ({
      error: 0 as const,
      purged: await members.remove(requireActor(req), id(req.params), req.ip),
    }),
  );
}
