import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@cgm/domain';
import {
  appRevokeRequest,
  appsWithAccessResponse,
  errorBody,
  NS_API,
  nsCredentialCreated,
  nsCredentialCreateRequest,
  nsCredentialsResponse,
  nsOkResponse,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/http/api-error';
import { listAppsWithAccess, listCredentials } from '../../access/nightscout-apps';
import { createCredential, revokeCredential, revokeGrant } from './ns-credentials.repository';

/**
 * The patient's Nightscout credentials and the apps holding access (spec §2, §3): the patient's
 * own (access `patient`, action `own`); nobody else creates, sees or revokes them.
 */
export function registerNightscoutCredentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['nightscout'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
  const siteUrl = () => ctx.config.PUBLIC_URL.replace(/\/$/, '');

  r.get(
    routeOf(NS_API.credentials),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: "The patient's live Nightscout credentials and the site URL to type into the apps",
        params,
        response: { 200: nsCredentialsResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      site_url: siteUrl(),
      credentials: await listCredentials(ctx.db, req.params.id),
    }),
  );

  r.post(
    routeOf(NS_API.credentials),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Create a Nightscout credential (read, or read and upload); the secret is shown once',
        params,
        body: nsCredentialCreateRequest,
        response: { 200: nsCredentialCreated, ...refusals },
      },
    },
    async (req) => {
      const made = await createCredential(
        ctx.db,
        req.params.id,
        req.body.name,
        req.body.permission,
        ctx.clock.now(),
      );
      return {
        error: 0 as const,
        credential: made.credential,
        token: made.token,
        api_secret_sha1: made.apiSecretSha1,
        site_url: siteUrl(),
      };
    },
  );

  r.post(
    decodeURIComponent(NS_API.credentialRevoke(':id', ':cid')),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Revoke a Nightscout credential: apps using it are refused from now on',
        params: z.object({ id: uid, cid: z.string().min(1).max(64) }),
        response: { 200: nsOkResponse, 404: errorBody, ...refusals },
      },
    },
    async (req) => {
      if (!(await revokeCredential(ctx.db, req.params.id, req.params.cid, ctx.clock.now())))
        throw new ApiError(ErrorCode.NOT_FOUND);
      return { error: 0 as const };
    },
  );

  r.get(
    routeOf(NS_API.apps),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Every app holding access to the patient’s data (Nightscout credentials, OAuth apps)',
        params,
        response: { 200: appsWithAccessResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, apps: await listAppsWithAccess(ctx.db, req.params.id) }),
  );

  r.post(
    routeOf(NS_API.appRevoke),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Revoke an app’s access (a Nightscout credential or an OAuth grant)',
        params,
        body: appRevokeRequest,
        response: { 200: nsOkResponse, 404: errorBody, ...refusals },
      },
    },
    async (req) => {
      const now = ctx.clock.now();
      const done =
        req.body.kind === 'nightscout'
          ? await revokeCredential(ctx.db, req.params.id, req.body.app_id, now)
          : await revokeGrant(ctx.db, req.params.id, req.body.app_id, now);
      if (!done) throw new ApiError(ErrorCode.NOT_FOUND);
      return { error: 0 as const };
    },
  );
}
