import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  clinicConsentRequest,
  clinicConsentsResponse,
  errorBody,
  nsOkResponse,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { createClinicConsentService } from './clinic-consent.service';

/**
 * The patient's consent to clinic desks (issue 15, finding 1): the patient's own (access `patient`,
 * action `own`), shown and changed on the connections screen.
 */
export function registerClinicConsentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consents = createClinicConsentService(ctx);
  const tags = ['connections'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    routeOf(API.clinicConsents),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: "The clinics of the patient's HCPs, and whether each clinic's desk may read the patient",
        params,
        response: { 200: clinicConsentsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, clinics: await consents.list(req.params.id) }),
  );

  r.post(
    routeOf(API.clinicConsentGive),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary:
          "Let a clinic's desk read the patient's data (a clinic of one of the patient's accepted HCPs); mailed to the patient",
        params,
        body: clinicConsentRequest,
        response: { 200: nsOkResponse, 404: errorBody, ...refusals },
      },
    },
    async (req) => {
      await consents.give(req.params.id, req.body.clinic_id);
      return { error: 0 as const };
    },
  );

  r.post(
    routeOf(API.clinicConsentRevoke),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: "Revoke a clinic desk's access to the patient's data",
        params,
        body: clinicConsentRequest,
        response: { 200: nsOkResponse, 404: errorBody, ...refusals },
      },
    },
    async (req) => {
      await consents.revoke(req.params.id, req.body.clinic_id);
      return { error: 0 as const };
    },
  );
}
