import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  accountAdminList,
  adminHistoryList,
  adminHistoryQuery,
  adminHome,
  adminScopeUpdate,
  adminStatusBody,
  createdAccount,
  errorBody,
  newAccountAdmin,
  ok,
  routeOf,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createAdminsService } from './admins.service';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Account admins, the admin homes and the admin history (spec §2 /accountsadmin_*, /History). */
export function registerAdminsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = createAdminsService(ctx);
  const tags = ['account administration'];
  const security = [{ bearer: [] }];

  r.get(
    API.adminHome,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: "An account admin's home: scope, pending HCP applications in scope, recent history",
        response: { 200: adminHome, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await admins.home(requireActor(req))) }),
  );

  r.get(
    API.adminHistory,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: 'The admin operation history (immutable): the super admin sees all, other admins their own',
        querystring: adminHistoryQuery,
        response: { 200: adminHistoryList, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await admins.history(requireActor(req), req.query)) }),
  );

  r.get(
    API.adminAdmins,
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags,
        security,
        summary: 'Account admins with status, scope and creation date (super admin only)',
        response: { 200: accountAdminList, ...failures },
      },
    },
    async () => ({ error: 0 as const, items: await admins.list() }),
  );

  r.post(
    API.adminAdminsNew,
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags,
        security,
        summary: 'Create an account admin with a scope of countries and regions (super admin only)',
        body: newAccountAdmin,
        response: { 200: createdAccount, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await admins.create(requireActor(req), req.body, req.ip)) }),
  );

  r.post(
    routeOf(API.adminAdminStatus),
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags,
        security,
        summary: 'Disable or enable an account admin (confirm: true; super admin only)',
        body: adminStatusBody,
        response: { 200: ok, ...failures },
      },
    },
    async (req) => {
      await admins.setStatus(requireActor(req), (req.params as { id: string }).id, req.body.status, req.ip);
      return { error: 0 as const };
    },
  );

  r.post(
    routeOf(API.adminAdminScope),
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags,
        security,
        summary: "Change an account admin's scope (super admin only)",
        body: adminScopeUpdate,
        response: { 200: ok, ...failures },
      },
    },
    async (req) => {
      await admins.setScope(requireActor(req), (req.params as { id: string }).id, req.body, req.ip);
      return { error: 0 as const };
    },
  );
}
