import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SessionStore } from './auth/session.store';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerIngestRoutes } from './ingest/ingest.routes';
import { registerMonitorRoutes } from './monitor/monitor.routes';
import { registerRegistrationRoutes } from './registration/registration.routes';
import { registerPasswordRoutes } from './password/password.routes';
import { registerProfileRoutes } from './profile/profile.routes';
import { registerSettingsRoutes } from './settings/settings.routes';
import { registerDataOptionsRoutes } from './data-options/data-options.routes';
import { registerPdmRoutes } from './pdm/pdm.routes';
import { registerUploadsRoutes } from './uploads/uploads.routes';
import { registerDataDeleteRoutes } from './data-delete/data-delete.routes';

/** Every feature module registers its routes here; each route goes through ctx.authenticate and the policy. */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionStore,
): Promise<void> {
  registerAuthRoutes(app, ctx, sessions);
  registerIngestRoutes(app, ctx, [(patientId, eventNo) => ctx.bus.publish(patientId, eventNo)]);
  registerMonitorRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerDataOptionsRoutes(app, ctx);
  registerPdmRoutes(app, ctx);
  registerUploadsRoutes(app, ctx);
  registerDataDeleteRoutes(app, ctx);
}
