import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@cgm/domain';
import { API, errorBody, invitationCreateBody, invitationCreated, invitationsResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import type { RouteAccess } from '../../access/route-access';
import { createInvitationsService } from './invitations.service';

/** A carer's or HCP's invitation codes (spec §3 status 'invited', §5 invitation code). */
export function registerInvitationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const invitations = createInvitationsService(ctx);
  const access: RouteAccess = {
    kind: 'signedIn',
    userTypes: ['M', 'D'],
    unauthorizedCode: ErrorCode.TOKEN_INVALID,
  };
  const base = { tags: ['connections'], security: [{ bearer: [] }] };
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    API.invitations,
    {
      config: { access },
      schema: {
        ...base,
        summary: 'My invitation codes, newest first',
        response: { 200: invitationsResponse, ...refusals },
      },
    },
    async (req) => invitations.list(requireActor(req)),
  );

  r.post(
    API.invitations,
    {
      config: { access },
      schema: {
        ...base,
        summary:
          'A new invitation code naming me, valid 30 days: a patient who registers with it finds my request',
        body: invitationCreateBody,
        response: { 200: invitationCreated, ...refusals, 429: errorBody },
      },
    },
    async (req) => invitations.create(requireActor(req)),
  );
}
