import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, type ConnectionStatus } from '@cgm/domain';
import {
  API,
  connectionsResponse,
  countResponse,
  errorBody,
  relationChangeResponse,
  relationRequestBody,
  relationSearchQuery,
  relationSearchResponse,
  relationsResponse,
  relationUidBody,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor, type Actor } from '../../platform/http/auth';
import type { RouteAccess } from '../../access/route-access';
import { callSite, type CallSite } from '../../access/operation-history';
import { createConnectionsService, type DeviceStatesOf } from './connections.service';
import { createRelationsService } from './relations.service';

// Error 14 on a bad token sends the user to /login (spec §8 "Connection lists error 14").
const TOKEN_INVALID = ErrorCode.TOKEN_INVALID;
const FOLLOWERS: RouteAccess = { kind: 'signedIn', userTypes: ['M', 'D'], unauthorizedCode: TOKEN_INVALID };
/** Only patients make relation decisions (spec §6). */
const PATIENTS: RouteAccess = { kind: 'signedIn', userTypes: ['P'], unauthorizedCode: TOKEN_INVALID };
const EITHER_SIDE: RouteAccess = {
  kind: 'signedIn',
  userTypes: ['P', 'M', 'D'],
  unauthorizedCode: TOKEN_INVALID,
};

/**
 * Connections and consent (spec §1, §4, §7 relations/auth…, monitor/connections). The follower's
 * connections show each patient's device states as the monitor reports them: `deviceStatesOf`.
 */
export function registerRelationsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deviceStatesOf: DeviceStatesOf,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const relations = createRelationsService(ctx);
  const connections = createConnectionsService(ctx, deviceStatesOf);
  const base = { tags: ['connections'], security: [{ bearer: [] }] };
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  r.get(
    API.relationsSearch,
    {
      config: { access: FOLLOWERS },
      schema: {
        ...base,
        summary: 'Find a patient by exact user name (error 2 otherwise); the real name is masked',
        querystring: relationSearchQuery,
        response: { 200: relationSearchResponse, ...refusals },
      },
    },
    async (req) => relations.search(requireActor(req), req.query.username),
  );

  r.post(
    API.relationsRequest,
    {
      config: { access: FOLLOWERS },
      schema: {
        ...base,
        summary: 'Ask a patient to share their data (110 when pending or accepted already)',
        body: relationRequestBody,
        response: { 200: relationChangeResponse, ...refusals },
      },
    },
    async (req) => relations.request(requireActor(req), req.body, callSite(req)),
  );

  const change = (
    path: string,
    access: RouteAccess,
    summary: string,
    run: (actor: Actor, uid: string, site: CallSite) => Promise<{ error: 0; status: ConnectionStatus }>,
  ) =>
    r.post(
      path,
      {
        config: { access },
        schema: {
          ...base,
          summary,
          body: relationUidBody,
          response: { 200: relationChangeResponse, ...refusals },
        },
      },
      async (req) => run(requireActor(req), req.body.uid, callSite(req)),
    );

  change(
    API.relationsCancel,
    EITHER_SIDE,
    'Follower: withdraw a pending request. Patient: remove an accepted follower or cancel an invitation',
    relations.cancel,
  );
  change(API.relationsStop, FOLLOWERS, 'Follower: stop following an accepted patient', relations.stop);
  change(
    API.relationsPermit,
    PATIENTS,
    'Patient: agree to a pending request (data becomes visible)',
    relations.permit,
  );
  change(API.relationsReject, PATIENTS, 'Patient: deny a pending request', relations.reject);

  r.get(
    API.relations,
    {
      config: { access: PATIENTS },
      schema: {
        ...base,
        summary: "The patient's HCPs, carers, apps and pending requests",
        response: { 200: relationsResponse, ...refusals },
      },
    },
    async (req) => relations.list(requireActor(req)),
  );

  r.get(
    API.relationsTodo,
    {
      config: { access: PATIENTS },
      schema: {
        ...base,
        summary: 'How many requests wait for my decision',
        response: { 200: countResponse, ...refusals },
      },
    },
    async (req) => relations.todo(requireActor(req)),
  );

  r.get(
    API.connections,
    {
      config: { access: FOLLOWERS },
      schema: {
        ...base,
        summary: 'The patients I follow with their sensor and pump state, and my own requests',
        response: { 200: connectionsResponse, ...refusals },
      },
    },
    async (req) => connections.list(requireActor(req), callSite(req)),
  );
}
