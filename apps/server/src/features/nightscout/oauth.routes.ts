import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  NS_API,
  oauthAuthorizeRequest,
  oauthAuthorizeResponse,
  oauthClientInfo,
  oauthTokenRequest,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createOauthService, OauthError } from './oauth.service';

const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_token: z.string(),
  scope: z.string(),
});
const oauthErrorBody = z.object({ error: z.string(), error_description: z.string() });

/**
 * OAuth 2.0 for third-party read access. The consent steps are the signed-in patient's own; the
 * token and revocation endpoints are public (the code, verifier or token is the credential) and
 * accept form-encoded bodies as RFC 6749 requires.
 */
export async function registerOauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oauth = createOauthService(ctx);
  const tags = ['oauth'];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    NS_API.oauthClient,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'What an app asks for (the consent screen): its name, redirect and scopes',
        querystring: oauthAuthorizeRequest,
        response: { 200: oauthClientInfo, ...refusals },
      },
    },
    async (req) => oauth.describe(req.query),
  );

  r.post(
    NS_API.oauthAuthorize,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The patient agrees: answers the redirect (with the one-time code) back to the app',
        body: oauthAuthorizeRequest,
        response: { 200: oauthAuthorizeResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      redirect: await oauth.authorize(requireActor(req).userId, req.body),
    }),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const fail = (reply: FastifyReply, e: unknown) => {
      if (!(e instanceof OauthError)) throw e;
      return reply.code(e.status).send({ error: e.error, error_description: e.description });
    };
    scope.post(
      NS_API.oauthToken,
      {
        config: { access: { kind: 'public' } },
        // The body is described for the OpenAPI document; the service checks it and answers in
        // OAuth's own error shape (RFC 6749 §5.2), not the portal's.
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Token endpoint: grant_type=authorization_code (code, redirect_uri, client_id, code_verifier) or refresh_token (refresh_token, client_id)',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: oauthTokenRequest,
          // A body the server cannot read at all (empty, not JSON, a NUL byte) is refused before the
          // service by the portal's error handler, in the portal's shape (issue 15, finding 7).
          response: { 200: tokenResponse, 400: z.union([oauthErrorBody, errorBody]) },
        },
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        try {
          return await oauth.token((req.body ?? {}) as Record<string, unknown>);
        } catch (e) {
          return fail(reply, e);
        }
      },
    );
    scope.post(
      NS_API.oauthRevoke,
      {
        config: { access: { kind: 'public' } },
        schema: { tags, summary: 'RFC 7009 revocation: any token of a grant ends the app’s access' },
      },
      async (req) => {
        const token = (req.body as { token?: unknown } | undefined)?.token;
        if (typeof token === 'string') await oauth.revoke(token);
        return {};
      },
    );
  });
}
