import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerNightscoutCredentialRoutes } from './ns-credentials.routes';
import { registerNightscoutV1Routes } from './ns-v1.routes';
import { registerNightscoutV3Routes } from './ns-v3.routes';
import { registerNightscoutExtraRoutes } from './ns-extra.routes';
import { registerOauthRoutes } from './oauth.routes';
import { attachNightscoutSocket } from './ns-socket';

/**
 * Loop sends `Content-Type: application/json` on a body-less `DELETE`; Nightscout (Express) reads
 * that as no body, where Fastify's own parser refuses it. Only the Nightscout routes read it so.
 */
function acceptEmptyJson(scope: FastifyInstance): void {
  const json = scope.getDefaultJsonParser('error', 'ignore');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    String(body).trim() === '' ? done(null, undefined) : json(req, body as string, done),
  );
}

/** The Nightscout-compatible API, the patient's credentials for it, and OAuth read access. */
export async function registerNightscoutModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('nightscout', null);
  await app.register(async (scope) => {
    acceptEmptyJson(scope);
    registerNightscoutV1Routes(scope, ctx);
    registerNightscoutV3Routes(scope, ctx);
    registerNightscoutExtraRoutes(scope, ctx);
  });
  attachNightscoutSocket(app, ctx);
  registerNightscoutCredentialRoutes(app, ctx);
  await registerOauthRoutes(app, ctx);
}
