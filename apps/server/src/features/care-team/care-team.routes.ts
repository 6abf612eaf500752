import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  groupUserDeleteRequest,
  groupUserDeleteResponse,
  groupUserInfoResponse,
  groupUserNewRequest,
  groupUserNewResponse,
  groupUsersResponse,
  groupUserStatusRequest,
  groupUserStatusResponse,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createCareTeamService } from './care-team.service';
import { registerExportRoutes } from './export.routes';

/**
 * An HCP group's users, and the clinic's patient export (spec §2 /HcpUserManagement, /HcpGroupUserInfo, /HcpAddUser). The `:id`
 * here is a user, not a patient: the routes are `hcpWork`, and the service checks that the id is a
 * member of the caller's own group.
 */
export function registerCareTeamRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerExportRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const team = createCareTeamService(ctx);
  const security = [{ bearer: [] }];
  const tags = ['care team'];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  r.get(
    API.hcpGroupUsers,
    {
      config: { access: { kind: 'hcpWork', groupManager: true } },
      schema: {
        tags,
        security,
        summary: "A group manager's members with status, creation date and patient count (members: 403)",
        response: { 200: groupUsersResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, users: await team.list(requireActor(req)) }),
  );

  r.post(
    API.hcpGroupUsersNew,
    {
      config: { access: { kind: 'hcpWork', groupManager: true } },
      schema: {
        tags,
        security,
        summary: "Add an HCP to the manager's group (created_by hcp_group, active)",
        body: groupUserNewRequest,
        response: { 200: groupUserNewResponse, ...refusals, 409: errorBody },
      },
    },
    async (req) => ({ error: 0 as const, ...(await team.add(requireActor(req), req.body, req.ip)) }),
  );

  r.get(
    routeOf(API.hcpGroupUser),
    {
      config: { access: { kind: 'hcpWork', groupManager: true } },
      schema: {
        tags,
        security,
        summary: "One member of the caller's group and that member's patients (names only)",
        params,
        response: { 200: groupUserInfoResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, ...(await team.info(requireActor(req), req.params.id)) }),
  );

  r.post(
    `${routeOf(API.hcpGroupUser)}/delete`,
    {
      config: { access: { kind: 'hcpWork', groupManager: true } },
      schema: {
        tags,
        security,
        summary:
          "Delete a member of the caller's group after confirmation: the member's connections end, every patient keeps their account and data",
        params,
        body: groupUserDeleteRequest,
        response: { 200: groupUserDeleteResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      ...(await team.deleteMember(requireActor(req), req.params.id, req.ip)),
    }),
  );

  r.post(
    `${routeOf(API.hcpGroupUser)}/status`,
    {
      config: { access: { kind: 'hcpWork', groupManager: true } },
      schema: {
        tags,
        security,
        summary: "Disable or enable a member of the caller's group (a disabled account cannot sign in)",
        params,
        body: groupUserStatusRequest,
        response: { 200: groupUserStatusResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      user: await team.setStatus(requireActor(req), req.params.id, req.body.status, req.ip),
    }),
  );
}
