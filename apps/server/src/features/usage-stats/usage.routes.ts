import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  accountSummaryQuery,
  accountSummaryResponse,
  errorBody,
  usageQuery,
  usageResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createUsageService } from './usage.service';

/** Usage statistics and account counts (spec §2 /dataStatistics, /BasicQuantityRecord, /AccountSumarry). */
export function registerUsageStatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const usage = createUsageService(ctx);
  const tags = ['operations'];
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    API.opsUsage,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary:
          'Usage per UTC day and country: uploads, active patients, sensors and patches started, new accounts',
        querystring: usageQuery,
        response: { 200: usageResponse, ...refusals },
      },
    },
    async (req) => usage.usage(requireActor(req), req.query),
  );

  r.get(
    API.opsAccountSummary,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: 'Account counts by type, country, region and state, and per month',
        querystring: accountSummaryQuery,
        response: { 200: accountSummaryResponse, ...refusals },
      },
    },
    async (req) => usage.accounts(requireActor(req), req.query),
  );
}
