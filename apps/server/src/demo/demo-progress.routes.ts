import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, demoProgressResponse } from '@cgm/contract';
import type { AppContext } from '../platform/context';
import { demoState } from './seed-demo';
import { demoProgress } from './demo-history';

/**
 * Public: how far the demo's histories have filled in, so the login screens can say the portal is
 * usable while the remaining patients' charts fill. Counts only; names no account.
 */
export function registerDemoProgressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    API.demoProgress,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['accounts'],
        summary: "The demo's histories: patients whose whole history is stored, of all",
        response: { 200: demoProgressResponse },
      },
    },
    async () => {
      const state = await demoState(ctx.db);
      return { error: 0 as const, demo: state ? demoProgress(state) : null };
    },
  );
}
