import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { AdminAction, HcpOperation, UserType } from '@cgm/contract';
import type { AppContext } from '../platform/context';
import { ApiError } from '../platform/http/api-error';
import { assertMayAccessPatient, type PatientAction } from './patient-data';
import { isGroupManager } from './hcp-group';
import { deviceGuard, type DeviceKind } from './device-token';
import { seesPatients, treatsPatients } from './clinician';
import { recordOperation } from './operation-history';
import { nightscoutGuard } from './nightscout-principal';

/**
 * Who may call a route (docs/PERMISSIONS.md). Every `/api/` route declares one in
 * `config.access`; the server refuses to start with a route that does not, and the permission-table
 * test calls every route as every role in every relation state.
 *
 * - public:    no sign-in (login, registration, password reset, public config).
 * - device:    a device app's own token (access/device-token.ts); `only` one kind of device app.
 * - signedIn:  any signed-in account, or only the listed user types; the service acts on the
 *              caller's own data, or checks the patients named in the body through the policy.
 * - patient:   the route's `:id` is a patient; the policy decides `action` for the caller.
 *              `op` names the operation in the HCP operation history. With `recordedBy: 'service'`
 *              the service writes that row itself, in the transaction of the change it records
 *              (with the ids and values changed), so a change and its record stand or fall together.
 * - hcpWork:   clinician tools (patient list, new patient…): HCP accounts only; with
 *              `groupManager`, only HCPs who manage an HCP group (access/hcp-group.ts); with
 *              `patients` 'list', HCPs who have a patient list, 'change', HCPs who add and delete
 *              patients (access/clinician.ts). `op` is written to the HCP operation history on success.
 * - accountAdmin: the account-administration area: account admins (user type A) signed in through
 *              /managementtools; `superOnly` for the super admin's tools. Scope (countries,
 *              regions) is checked by the service through access/admin-scope.ts. `op` is written to
 *              the admin operation history on success.
 * - adminDesk: the HCP-application desk (/CreateHCP, /createHcp, /CreateHCP_list): account admins
 *              (as accountAdmin) and the admin login (an HCP account with the admin_login flag).
 *              The service checks the country scope and writes the admin history itself.
 * - nightscout: the Nightscout-compatible API (/api/v1, /api/v3): no portal session passes, only
 *              the patient's Nightscout credential or an OAuth token the patient granted, which
 *              names the patient; `need` 'write' refuses read-only ones, `reads` the OAuth apps whose
 *              scopes do not name those collections. Refusals: Nightscout's 401 and 403.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'device'; only?: DeviceKind; recheckedOnWrite?: boolean }
  | {
      kind: 'signedIn';
      userTypes?: readonly UserType[];
      unauthorizedCode?: number;
      /** Answers a user whose agreement to the terms is outdated (the session, agreeing, signing out). */
      beforeTerms?: boolean;
    }
  | { kind: 'patient'; action: PatientAction; op: HcpOperation; recordedBy?: 'service' }
  | {
      kind: 'hcpWork';
      op?: HcpOperation;
      unauthorizedCode?: number;
      groupManager?: boolean;
      patients?: 'list' | 'change';
    }
  | { kind: 'accountAdmin'; superOnly?: boolean; op?: AdminAction }
  | { kind: 'adminDesk' }
  | { kind: 'nightscout'; need: 'read' | 'write'; reads?: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** What the handler adds to the operation-history row of this call (e.g. which patients a page showed). */
    auditDetail?: Record<string, unknown>;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's own body limit; undefined: the server's default (http/body-limits.ts). */
  bodyLimit?: number;
}

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type AuditHook = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

const EXEMPT = /^\/api\/docs(\/|$)/;

/**
 * Installs the access rule of every route registered after it; returns the list of routes with
 * their rules (the permission-table test walks it). Must be called before the modules register.
 */
export function installRouteAccess(app: FastifyInstance, ctx: AppContext): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    // Outside /api/ only a route that declares a rule has one (Nightscout's `/pebble`).
    if ((!route.url.startsWith('/api/') && !access) || EXEMPT.test(route.url)) return;
    const methods = ([] as string[]).concat(route.method);
    if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access rule`);
    for (const method of methods) {
      if (method !== 'HEAD') registered.push({ method, url: route.url, access, bodyLimit: route.bodyLimit });
    }
    // Checked as the request arrives, before its body is read: a caller who may not use a route
    // learns nothing about it, and an unauthenticated upload costs no memory (nothing is parsed).
    route.onRequest = [...toArray(route.onRequest), ...guardsFor(access, ctx)];
    const audit = auditFor(access, ctx);
    // Written before the answer leaves: an access the caller saw is an access on record.
    if (audit) route.onSend = [...toArray(route.onSend), audit];
  });
  return registered;
}

const toArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function signIn(ctx: AppContext, unauthorizedCode?: number, beforeTerms = false): Guard {
  return async (req, reply) => {
    if (!req.actor) {
      try {
        await ctx.authenticate(req, reply);
      } catch (e) {
        if (unauthorizedCode && e instanceof ApiError) throw new ApiError(unauthorizedCode);
        throw e;
      }
    }
    // Spec §5: after a terms update nothing answers until the user agrees again (error 108).
    if (req.actor?.termsOutdated && !beforeTerms) throw new ApiError(ErrorCode.TERMS_REQUIRED);
  };
}

function guardsFor(access: RouteAccess, ctx: AppContext): Guard[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'device':
      return [deviceGuard(ctx, access)];
    case 'signedIn': {
      const types = access.userTypes;
      return [
        signIn(ctx, access.unauthorizedCode, access.beforeTerms),
        async (req) => {
          if (types && !types.includes(req.actor!.userType)) throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    }
    case 'hcpWork':
      return [
        signIn(ctx, access.unauthorizedCode),
        async (req) => {
          if (req.actor!.userType !== 'D') throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.groupManager && !isGroupManager(req.actor!)) throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.patients === 'list' && !seesPatients(req.actor!))
            throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.patients === 'change' && !treatsPatients(req.actor!))
            throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'accountAdmin':
      return [
        signIn(ctx),
        async (req) => {
          const actor = req.actor!;
          if (actor.userType !== 'A' || actor.sessionKind !== 'admin')
            throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.superOnly && actor.role !== 'AccountAdminSuper') throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'adminDesk':
      return [
        signIn(ctx),
        async (req) => {
          const actor = req.actor!;
          const accountAdmin = actor.userType === 'A' && actor.sessionKind === 'admin';
          const adminLogin = actor.userType === 'D' && actor.flags.adminLogin;
          if (!accountAdmin && !adminLogin) throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'nightscout':
      return [nightscoutGuard(ctx, access.need, access.reads)];
    case 'patient':
      return [
        signIn(ctx),
        async (req) => {
          const id = (req.params as { id?: unknown }).id;
          if (typeof id !== 'string' || id === '') throw new ApiError(ErrorCode.FORBIDDEN);
          await assertMayAccessPatient(ctx.db, req.actor!, id, access.action);
        },
      ];
  }
}

/**
 * Every successful access of an HCP to a patient's data goes to the operation history, and so does
 * every successful account-admin action that names an operation. The record fails closed: when the
 * row cannot be written, the caller gets an error (500) instead of the answer, so nobody sees data
 * that the history does not show they saw.
 */
function auditFor(access: RouteAccess, ctx: AppContext): AuditHook | null {
  const op =
    access.kind === 'patient' || access.kind === 'hcpWork' || access.kind === 'accountAdmin'
      ? access.op
      : undefined;
  if (!op || (access.kind === 'patient' && access.recordedBy === 'service')) return null;
  const area = access.kind === 'accountAdmin' ? 'admin' : 'hcp';
  return async (req, reply, payload) => {
    const actor = req.actor;
    if (!actor || actor.userType !== (area === 'admin' ? 'A' : 'D') || reply.statusCode >= 400)
      return payload;
    const id = (req.params as { id?: string }).id ?? null;
    try {
      await recordOperation(ctx, {
        area,
        actorId: actor.userId,
        subjectId: access.kind === 'hcpWork' ? null : id,
        action: op,
        detail: { method: req.method, route: req.routeOptions.url, ...req.auditDetail },
        ip: req.ip,
      });
    } catch (e) {
      req.log.error({ err: e, op }, 'operation history write failed: the answer is withheld');
      // Thrown from onSend, the error replaces the answer (Fastify sends it through the error handler).
      throw new ApiError(ErrorCode.INTERNAL);
    }
    return payload;
  };
}
