import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  clinicCreateRequest,
  clinicEditRequest,
  clinicHcpRequest,
  clinicPatientsResponse,
  clinicResponse,
  clinicsQuery,
  clinicsResponse,
  errorBody,
  ok,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createClinicsService } from './clinics.service';

/** Clinics of the account-administration area (spec §2 /ClinicDataAdd, /ClinicalData). */
export function registerClinicsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clinics = createClinicsService(ctx);
  const tags = ['operations'];
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    API.opsClinics,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: "Clinics in the admin's scope, with their clinic login, HCPs and patient count",
        querystring: clinicsQuery,
        response: { 200: clinicsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, clinics: await clinics.list(requireActor(req), req.query.q) }),
  );

  r.post(
    API.opsClinics,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: 'Create a clinic and its clinic login (an HCP account flagged clinic_login)',
        body: clinicCreateRequest,
        response: { 200: clinicResponse, ...refusals, 409: errorBody },
      },
    },
    async (req) => ({ error: 0 as const, clinic: await clinics.create(requireActor(req), req.body, req.ip) }),
  );

  r.get(
    routeOf(API.opsClinicPatients),
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: "A clinic's patients (those who accepted one of its HCPs) within the admin's scope",
        params: z.object({ id: uid }),
        response: { 200: clinicPatientsResponse, ...refusals, 404: errorBody },
      },
    },
    async (req) => ({ error: 0 as const, ...(await clinics.patients(requireActor(req), req.params.id)) }),
  );

  r.post(
    API.opsClinicHcp,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: 'Assign an HCP (by username) to a clinic, or take them out of it',
        body: clinicHcpRequest,
        response: { 200: ok, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      await clinics.assignHcp(requireActor(req), req.body, req.ip);
      return { error: 0 as const };
    },
  );

  r.post(
    routeOf(API.opsClinic),
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: "Edit a clinic's name, country, address and contact",
        params: z.object({ id: uid }),
        body: clinicEditRequest,
        response: { 200: clinicResponse, ...refusals, 404: errorBody },
      },
    },
    async (req) => ({
      error: 0 as const,
      clinic: await clinics.edit(requireActor(req), req.params.id, req.body, req.ip),
    }),
  );
}
