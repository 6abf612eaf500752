import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  patientProfileResponse,
  patientProfileUpdate,
  recordsDeleteRequest,
  recordsDeleteResponse,
  recordsEditRequest,
  recordsEditResponse,
  recordsNewRequest,
  recordsNewResponse,
  recordsResponse,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { callSite } from '../../access/operation-history';
import { createPatientProfileService } from './patient-profile.service';
import { createRecordsService } from './records.service';
import { BODY_LIMITS } from '../../platform/http/body-limits';

/** Medical records and the patient profile of the care team (spec §3 "Records", "Profile"; §7). */
export function registerRecordsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const records = createRecordsService(ctx);
  const profiles = createPatientProfileService(ctx);
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
  const tags = ['records'];

  r.get(
    routeOf(API.records),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'records.view' } },
      schema: {
        tags,
        security,
        summary:
          'The medical record: profile, complications, concomitant diseases, prescriptions, suggestions, notes',
        params,
        response: { 200: recordsResponse, ...refusals },
      },
    },
    async (req) => records.get(requireActor(req), req.params.id),
  );

  r.post(
    routeOf(API.recordsNew),
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'records.add', recordedBy: 'service' } },
      bodyLimit: BODY_LIMITS.clinicalBatch,
      schema: {
        tags,
        security,
        summary: 'Add records (all or none); a disease is recorded once per kind (409)',
        params,
        body: recordsNewRequest,
        response: { 200: recordsNewResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      rids: await records.add(requireActor(req), req.params.id, req.body.data, callSite(req)),
    }),
  );

  r.post(
    routeOf(API.recordsDelete),
    {
      config: {
        access: { kind: 'patient', action: 'clinical', op: 'records.delete', recordedBy: 'service' },
      },
      schema: {
        tags,
        security,
        summary: "Delete records (all or none); ids of another patient's records answer 404",
        params,
        body: recordsDeleteRequest,
        response: { 200: recordsDeleteResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      deleted: await records.remove(requireActor(req), req.params.id, req.body.rids, callSite(req)),
    }),
  );

  r.post(
    routeOf(API.recordsEdit),
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'records.edit', recordedBy: 'service' } },
      schema: {
        tags,
        security,
        summary: 'Change one record; its kind stays',
        params,
        body: recordsEditRequest,
        response: { 200: recordsEditResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      rid: await records.edit(requireActor(req), req.params.id, req.body, callSite(req)),
    }),
  );

  r.get(
    routeOf(API.patientProfile),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'profile.view' } },
      schema: {
        tags: ['patients'],
        security,
        summary: "A patient's profile with age, last upload, account creator and clinic fields",
        params,
        response: { 200: patientProfileResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, profile: await profiles.get(requireActor(req), req.params.id) }),
  );

  r.post(
    routeOf(API.patientProfile),
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'profile.edit' } },
      schema: {
        tags: ['patients'],
        security,
        summary:
          "Change a patient's profile: a registered patient's personal fields are theirs (403); only fields sent change",
        params,
        body: patientProfileUpdate,
        response: { 200: patientProfileResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      profile: await profiles.update(requireActor(req), req.params.id, req.body),
    }),
  );
}
