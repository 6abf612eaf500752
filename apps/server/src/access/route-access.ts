import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AdminAction, HcpOperation, UserType } from '@cgm/contract';
import type { AppContext } from '../platform/context';
import type { FollowerAction } from './patient-data';
import type { DeviceKind } from './device-token';
import type { NightscoutRule } from './nightscout-guard';
import { guardsFor } from './route-guards';
import { auditFor } from './route-audit';

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
 *              An 'own' route names no `op`: only the patient passes it, so no HCP's call of it is
 *              ever recorded (and the history's filter cannot offer an operation nobody can find).
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
 *              names the patient; `need` 'write' refuses read-only ones, `reads` and
 *              `collectionParam` the OAuth apps whose scopes do not name those collections
 *              (access/nightscout-guard.ts). Refusals: Nightscout's 401 and 403.
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
  | { kind: 'patient'; action: FollowerAction; op: HcpOperation; recordedBy?: 'service' }
  | { kind: 'patient'; action: 'own' }
  | {
      kind: 'hcpWork';
      op?: HcpOperation;
      unauthorizedCode?: number;
      groupManager?: boolean;
      patients?: 'list' | 'change';
    }
  | { kind: 'accountAdmin'; superOnly?: boolean; op?: AdminAction }
  | { kind: 'adminDesk' }
  | ({ kind: 'nightscout' } & NightscoutRule);

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
