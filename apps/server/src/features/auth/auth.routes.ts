import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  API,
  configResponse,
  errorBody,
  firstPasswordRequest,
  loginFailure,
  loginRequest,
  loginResponse,
  mfaResendRequest,
  mfaResendResponse,
  mfaVerifyRequest,
  ok,
  sessionResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { SERVER_VERSION } from '../../platform/version';
import { bearerToken, requireActor } from '../../platform/http/auth';
import type { SessionStore } from '../../accounts/session.store';
import { createAuthService } from './auth.service';

/** The cookie the web app compares with its session uid on Account routes (spec §2 guard). */
export const UID_COOKIE = 'cgm_uid';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, sessions: SessionStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(ctx, sessions);
  const tags = ['accounts'];
  // Every refusal keeps the fields its code needs (attempts_left, minutes_left, mfa_token…).
  const failures = {
    400: loginFailure,
    401: loginFailure,
    403: loginFailure,
    404: loginFailure,
    423: loginFailure,
    429: loginFailure,
  };

  const signedIn = (reply: FastifyReply, body: z.infer<typeof loginResponse>) => {
    if (body.uid) {
      reply.setCookie(UID_COOKIE, body.uid, { path: '/', sameSite: 'strict', httpOnly: false });
    }
    return body;
  };

  r.get(
    API.config,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Public configuration: site, policy versions',
        response: { 200: configResponse },
      },
    },
    async () => ({
      error: 0 as const,
      site: ctx.config.REGION,
      sites: {
        china: ctx.config.SITE_URL_CHINA,
        france: ctx.config.SITE_URL_FRANCE,
        eu: ctx.config.SITE_URL_EU,
      },
      privacy_version: ctx.config.PRIVACY_VERSION,
      terms_version: ctx.config.TERMS_VERSION,
      version: SERVER_VERSION,
      icp_filing: ctx.config.ICP_FILING ?? null,
      contact_email: ctx.config.CONTACT_EMAIL,
    }),
  );

  r.post(
    API.login,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Sign in (spec §7); failures answer with the codes of spec §8',
        body: loginRequest,
        response: { 200: loginResponse, ...failures },
      },
    },
    async (req, reply) => signedIn(reply, await auth.login(req.body)),
  );

  r.post(
    API.loginMfa,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Second factor: the mailed 6-digit code',
        body: mfaVerifyRequest,
        response: { 200: loginResponse, ...failures },
      },
    },
    async (req, reply) => signedIn(reply, await auth.verifyMfa(req.body.mfa_token, req.body.code)),
  );

  r.post(
    API.loginPassword,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary:
          'First sign-in of an account whose password an HCP chose (login answered 112): the user’s own password, then the sign-in goes on (63 or a session); 104 for an unknown, used or expired token',
        body: firstPasswordRequest,
        response: { 200: loginResponse, ...failures },
      },
    },
    async (req, reply) =>
      signedIn(reply, await auth.firstPassword(req.body.password_token, req.body.password)),
  );

  r.post(
    API.loginMfaResend,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Send another second-factor code (60 s apart)',
        body: mfaResendRequest,
        response: { 200: mfaResendResponse, ...failures },
      },
    },
    async (req) => auth.resendMfa(req.body.mfa_token),
  );

  r.get(
    API.session,
    {
      config: { access: { kind: 'signedIn', beforeTerms: true } },
      schema: {
        tags,
        summary: 'The current session',
        security: [{ bearer: [] }],
        response: { 200: sessionResponse, 401: errorBody },
      },
    },
    async (req) => auth.currentSession(requireActor(req).userId, bearerToken(req) ?? ''),
  );

  for (const path of [API.logout, API.adminLogout]) {
    r.post(
      path,
      {
        config: { access: { kind: 'signedIn', beforeTerms: true } },
        schema: {
          tags,
          summary: 'Sign out (v2.0 users, v2.1 account admins)',
          security: [{ bearer: [] }],
          response: { 200: ok, 401: errorBody },
        },
      },
      async (req, reply) => {
        await sessions.revoke(requireActor(req).sessionId);
        reply.clearCookie(UID_COOKIE, { path: '/' });
        return { error: 0 as const };
      },
    );
  }
}
