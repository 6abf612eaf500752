import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerNightscoutCredentialRoutes } from './ns-credentials.routes';
import { registerNightscoutV1Routes } from './ns-v1.routes';
import { registerNightscoutV3Routes } from './ns-v3.routes';
import { registerOauthRoutes } from './oauth.routes';
import { registerImportsRoutes } from '../imports/imports.routes';

/** The Nightscout-compatible API, the patient's credentials for it, and OAuth read access. */
export async function registerNightscoutModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('nightscout', null);
  registerNightscoutV1Routes(app, ctx);
  registerNightscoutV3Routes(app, ctx);
  registerNightscoutCredentialRoutes(app, ctx);
  registerImportsRoutes(app, ctx);
  await registerOauthRoutes(app, ctx);
}
