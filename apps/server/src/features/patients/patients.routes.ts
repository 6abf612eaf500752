import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  defaultOrderOf,
  errorBody,
  patientNewRequest,
  patientNewResponse,
  patientsDeleteRequest,
  patientsDeleteResponse,
  patientsQuery,
  patientsResponse,
} from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import type { RouteAccess } from '../../access/route-access';
import { createPatientsService } from './patients.service';

/** The clinician's patient list, new patient and deletion (spec §2, §6, §7; errors §8: 12 → /hcpLogin). */
export function registerPatientsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const patients = createPatientsService(ctx);
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody };

  // Creating and deleting patients changes care: the clinic login (read only) and the admin login
  // may not (`patients: 'change'`). Operations are recorded by the service, with the patient as
  // subject. Without a valid session the answer is error 12, as on the patient list (spec §8).
  const hcpWork = {
    kind: 'hcpWork',
    unauthorizedCode: ErrorCode.TOKEN_INVALID_HCP,
  } as const satisfies RouteAccess;

  r.get(
    API.patients,
    {
      // The page view is on record: which patients (names, glucose, time in range) the HCP saw.
      config: { access: { ...hcpWork, patients: 'list', op: 'patients.list' } },
      schema: {
        tags: ['patients'],
        security,
        summary:
          "The HCP's patients (accepted relations only), paged, filtered and sorted (by risk unless asked otherwise), with latest glucose, the 14-day triage figures and flags, and the population's flag counts",
        querystring: patientsQuery,
        response: { 200: patientsResponse, ...refusals },
      },
    },
    async (req) => {
      const page = await patients.list(requireActor(req), req.query);
      const { page: n, size, sort, order, q, diabetes_type, attention } = req.query;
      req.auditDetail = {
        query: {
          page: n,
          size,
          sort,
          order: order ?? defaultOrderOf(sort),
          ...(q ? { q } : {}),
          ...(diabetes_type ? { diabetes_type } : {}),
          ...(attention ? { attention } : {}),
        },
        shown: page.items.map((i) => i.uid),
      };
      return { error: 0 as const, patients: page };
    },
  );

  r.post(
    API.patientsNew,
    {
      config: { access: { ...hcpWork, patients: 'change' } },
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
      config: { access: { ...hcpWork, patients: 'change' } },
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
