import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createNightscoutService } from './ns-service';
import { registerNightscoutV3ReadRoutes } from './ns-v3-read.routes';
import { registerNightscoutV3WriteRoutes } from './ns-v3-write.routes';
import { v3Router } from './ns-v3-route';

// API v3 (lib/api3) as AndroidAPS 3.2+ uses it: `{status, result}` bodies, identifiers, srvModified
// history with tombstones, soft deletes. Same credentials (the JWT of /api/v2/authorization).

export function registerNightscoutV3Routes(app: FastifyInstance, ctx: AppContext): void {
  const svc = createNightscoutService(ctx);
  const route = v3Router(app);
  registerNightscoutV3ReadRoutes(route, ctx, svc);
  registerNightscoutV3WriteRoutes(route, ctx, svc);
}
