import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@cgm/domain';
import { API, countResponse, errorBody, messagesReadBody, messagesResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import type { RouteAccess } from '../../access/route-access';
import { createMessagesService } from './messages.service';

/** Messages of carers and HCPs (spec §6 "HCPs and carers see messages", §7 messages calls). */
export function registerMessagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const messages = createMessagesService(ctx);
  // Error 14 on a bad token sends the user to /login (spec §8 "Connection lists").
  const access: RouteAccess = {
    kind: 'signedIn',
    userTypes: ['M', 'D'],
    unauthorizedCode: ErrorCode.TOKEN_INVALID,
  };
  const base = { tags: ['messages'], security: [{ bearer: [] }] };
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    API.messages,
    {
      config: { access },
      schema: {
        ...base,
        summary: 'The patients’ decisions on my requests, newest first',
        response: { 200: messagesResponse, ...refusals },
      },
    },
    async (req) => messages.list(requireActor(req)),
  );

  r.get(
    API.messagesUnread,
    {
      config: { access },
      schema: {
        ...base,
        summary: 'How many messages are unread',
        response: { 200: countResponse, ...refusals },
      },
    },
    async (req) => messages.unread(requireActor(req)),
  );

  r.post(
    API.messagesRead,
    {
      config: { access },
      schema: {
        ...base,
        summary: 'Mark messages read (all of mine when no ids are given); answers the unread count left',
        body: messagesReadBody,
        response: { 200: countResponse, ...refusals },
      },
    },
    async (req) => messages.markRead(requireActor(req), req.body.ids),
  );
}
