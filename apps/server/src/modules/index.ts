import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SessionStore } from './auth/session.store';
import { registerAuthRoutes } from './auth/auth.routes';

/** Every feature module registers its routes here; each route goes through ctx.authenticate and the policy. */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionStore,
): Promise<void> {
  registerAuthRoutes(app, ctx, sessions);
}
