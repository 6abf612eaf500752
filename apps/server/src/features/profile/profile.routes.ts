import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  ok,
  portraitUpload,
  profileResponse,
  profileUpdate,
  securityResponse,
  securitySettings,
  termsAcceptRequest,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createProfileService } from './profile.service';
import { createPortraitService } from './portrait.service';
import { createSettingsService } from './settings.service';
import { BODY_LIMITS } from '../../platform/http/body-limits';

/** The signed-in user's own profile, portrait, security settings and terms (spec §3, §7 person/*). */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfileService(ctx);
  const portraits = createPortraitService(ctx);
  const settings = createSettingsService(ctx);
  const tags = ['profile'];
  const security = [{ bearer: [] }];
  const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  r.get(
    API.profile,
    {
      config: { access: { kind: 'signedIn' } },
      schema: { tags, summary: 'The own profile', security, response: { 200: profileResponse, ...failures } },
    },
    async (req) => profiles.get(requireActor(req).userId),
  );

  r.post(
    API.profile,
    {
      config: { access: { kind: 'signedIn' } },
      schema: {
        tags,
        summary: 'Save the own profile; only the fields sent change; 400 "Input error" lists bad fields',
        security,
        body: profileUpdate,
        response: { 200: profileResponse, ...failures },
      },
    },
    async (req) => profiles.update(requireActor(req).userId, req.body),
  );

  r.post(
    API.portraitUpload,
    {
      config: { access: { kind: 'signedIn' } },
      bodyLimit: BODY_LIMITS.portrait,
      schema: {
        tags,
        summary: 'Upload the own portrait: PNG, JPEG or WebP, at most 512 KiB',
        security,
        body: portraitUpload,
        response: { 200: ok, ...failures },
      },
    },
    async (req) => portraits.upload(requireActor(req).userId, req.body.data_url),
  );

  r.get(
    '/api/v2.0/person/:uid/portrait',
    {
      config: { access: { kind: 'signedIn' } },
      schema: {
        tags,
        summary: 'A portrait image (the own one; followers come with connections)',
        security,
        description: 'The image bytes with their stored Content-Type; 403 when not allowed, 404 when none.',
        params: z.object({ uid }),
      },
    },
    async (req, reply) => {
      const portrait = await portraits.read(requireActor(req), req.params.uid);
      // Private: a health portal's avatar must not sit in shared caches.
      reply.header('Cache-Control', 'private, no-cache').header('ETag', portrait.etag);
      if (req.headers['if-none-match'] === portrait.etag) return reply.status(304).send();
      return reply.type(portrait.type).send(portrait.data);
    },
  );

  r.get(
    API.security,
    {
      config: { access: { kind: 'signedIn' } },
      schema: {
        tags,
        summary: 'Security settings',
        security,
        response: { 200: securityResponse, ...failures },
      },
    },
    async (req) => settings.getSecurity(requireActor(req).userId),
  );

  r.post(
    API.security,
    {
      config: { access: { kind: 'signedIn' } },
      schema: {
        tags,
        summary: 'Turn MFA and the glucose value display on or off',
        security,
        body: securitySettings,
        response: { 200: securityResponse, ...failures },
      },
    },
    async (req) => settings.setSecurity(requireActor(req).userId, req.body),
  );

  r.post(
    API.termsAccept,
    {
      config: { access: { kind: 'signedIn', beforeTerms: true } },
      schema: {
        tags,
        summary: 'Accept the current privacy policy and terms (108 for another version)',
        security,
        body: termsAcceptRequest,
        response: { 200: ok, ...failures },
      },
    },
    async (req) => settings.acceptTerms(requireActor(req).userId, req.body.terms_version),
  );
}
