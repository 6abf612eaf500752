import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, devDebugResponse, errorBody } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { createDevDebugService } from './dev-debug.service';

/** The super admin's debug page (spec §2 /DevDebug). */
export function registerDevDebugRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The monitor module decorates the app with its waiting room (monitor.routes.ts); read it late,
  // at request time, so the order in which modules register does not matter.
  const debug = createDevDebugService(ctx, () =>
    app.hasDecorator('monitorRoom') ? app.monitorRoom.stats() : { waiting: 0, patients: 0 },
  );

  r.get(
    API.opsDebug,
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags: ['operations'],
        security: [{ bearer: [] }],
        summary: 'Server version, applied migrations, latest outbox, live-bus state (super admin only)',
        response: { 200: devDebugResponse, 401: errorBody, 403: errorBody },
      },
    },
    async () => debug.snapshot(),
  );
}
