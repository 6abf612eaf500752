import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  errorBody,
  patientNewRequest,
  patientNewResponse,
  patientsDeleteRequest,
  patientsDeleteResponse,
  patientsQuery,
  patientsResponse,
} from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { requireActor } from '../../http/auth';
import { createPatientsService, mayChange } from './patients.service';

/** The clinician's patient list, new patient and deletion (spec §2, §6, §7; errors §8: 12 → /hcpLogin). */
export function registerPatientsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const patients = createPatientsService(ctx);
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody };

  /**
   * Creating and deleting patients changes care: the clinic login (read only) and the admin login
   * may not. Checked before the body is validated, like the route-access guard, so they learn
   * nothing about the route. Operations are recorded by the service, with the patient as subject.
   */
  const treatingClinician = async (req: FastifyRequest, reply: FastifyReply) => {
    await ctx.authenticate(req, reply);
    if (!mayChange(requireActor(req))) throw new ApiError(ErrorCode.FORBIDDEN);
  };

  r.get(
    API.patients,
    {
      config: { access: { kind: 'hcpWork', unauthorizedCode: ErrorCode.TOKEN_INVALID_HCP } },
      preHandler: ctx.authenticate,
      schema: {
        tags: ['patients'],
        security,
        summary:
          "The HCP's patients (accepted relations only), paged, filtered and sorted, with latest glucose and 14-day time in range",
        querystring: patientsQuery,
        response: { 200: patientsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, patients: await patients.list(requireActor(req), req.query) }),
  );

  r.post(
    API.patientsNew,
    {
      config: { access: { kind: 'hcpWork' } },
      preValidation: treatingClinician,
      preHandler: ctx.authenticate,
      schema: {
        tags: ['patients'],
        security,
        summary:
          'Create a patient account (created_by hcp) in the calling HCP’s care; 26 when the username is taken',
        body: patientNewRequest,
        response: { 200: patientNewResponse, ...refusals },
      },
    },
    async (req) => patients.create(requireActor(req), req.body, req.ip),
  );

  r.post(
    API.patientsDelete,
    {
      config: { access: { kind: 'hcpWork' } },
      preValidation: treatingClinician,
      preHandler: ctx.authenticate,
      schema: {
        tags: ['patients'],
        security,
        summary:
          'Delete patients: accounts this HCP created and nobody else follows go with all their data; others only leave the list. All or nothing (403)',
        body: patientsDeleteRequest,
        response: { 200: patientsDeleteResponse, ...refusals },
      },
    },
    async (req) => patients.remove(requireActor(req), req.body.uids, req.ip),
  );
}
