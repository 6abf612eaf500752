import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  applicationsQuery,
  approveBody,
  createdAccount,
  decisionResult,
  errorBody,
  hcpApplicationList,
  newHcpAccount,
  rejectBody,
  routeOf,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createDeskService } from './desk.service';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The HCP desk: account admins and the admin login (route access `adminDesk`). */
export function registerDeskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const desk = createDeskService(ctx);
  const tags = ['account administration'];
  const security = [{ bearer: [] }];
  const access = { kind: 'adminDesk' } as const;
  const id = (params: unknown) => (params as { id: string }).id;

  r.get(
    API.adminHcpApplications,
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'HCP applications in the caller’s scope with their status, newest first',
        querystring: applicationsQuery,
        response: { 200: hcpApplicationList, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await desk.list(requireActor(req), req.query)) }),
  );

  r.post(
    routeOf(API.adminHcpApprove),
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Approve a submitted HCP application; the applicant is mailed and can sign in',
        body: approveBody,
        response: { 200: decisionResult, ...failures },
      },
    },
    async (req) => ({
      error: 0 as const,
      ...(await desk.approve(requireActor(req), id(req.params), req.ip)),
    }),
  );

  r.post(
    routeOf(API.adminHcpReject),
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Reject a submitted HCP application with a reason (confirm: true); the applicant is mailed',
        body: rejectBody,
        response: { 200: decisionResult, ...failures },
      },
    },
    async (req) => ({
      error: 0 as const,
      ...(await desk.reject(requireActor(req), id(req.params), req.body.reason, req.ip)),
    }),
  );

  r.post(
    API.adminHcpNew,
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Create an HCP account, or a member of an HCP group, active at once (created by an admin)',
        body: newHcpAccount,
        response: { 200: createdAccount, ...failures },
      },
    },
    async (req) => ({ error: 0 as const, ...(await desk.create(requireActor(req), req.body, req.ip)) }),
  );
}
