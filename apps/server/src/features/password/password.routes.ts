import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  errorBody,
  ok,
  passwordModifyRequest,
  passwordResetRequest,
  resetTokenQuery,
  resetTokenResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createPasswordService } from './password.service';

/** Password calls of spec §7: modify (signed in), reset/token and reset (the public wizard, spec §4). */
export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const passwords = createPasswordService(ctx);
  const tags = ['accounts'];

  r.post(
    API.passwordModify,
    {
      config: { access: { kind: 'signedIn' } },
      schema: {
        tags,
        summary: 'Change the own password (old one required); other sessions end',
        security: [{ bearer: [] }],
        body: passwordModifyRequest,
        response: { 200: ok, 400: errorBody, 401: errorBody },
      },
    },
    async (req) => passwords.modify(requireActor(req), req.body.old_password, req.body.new_password),
  );

  r.get(
    API.passwordResetToken,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Reset wizard step B: send a code to the account’s e-mail or mobile (60 s apart)',
        querystring: resetTokenQuery,
        response: {
          200: resetTokenResponse,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: resetTokenResponse,
        },
      },
    },
    async (req) => passwords.resetToken(req.query.username, req.query.language),
  );

  r.post(
    API.passwordReset,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Reset wizard steps C–D: the code sets a new password; every session ends',
        body: passwordResetRequest,
        response: { 200: ok, 400: errorBody },
      },
    },
    async (req) => passwords.reset(req.body.token, req.body.code, req.body.password),
  );
}
