import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  errorBody,
  hcpApplyRequest,
  hcpApplyResponse,
  registerRequest,
  registerResponse,
  seccodeSendRequest,
  seccodeSendResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { createSeccodeService } from './seccode.service';
import { createRegistrationService } from './registration.service';
import { createHcpService } from './hcp.service';

/** Public sign-up calls of spec §7: seccode/send, regist, hcp/apply (no token needed, spec §2). */
export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const seccode = createSeccodeService(ctx);
  const registration = createRegistrationService(ctx);
  const hcp = createHcpService(ctx);
  const tags = ['accounts'];

  r.post(
    API.seccodeSend,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Send a 6-digit verification code for registration or an HCP application (60 s apart)',
        body: seccodeSendRequest,
        response: { 200: seccodeSendResponse, 400: errorBody, 429: seccodeSendResponse },
      },
    },
    async (req) => seccode.send(req.body),
  );

  r.post(
    API.register,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Register a patient or carer; 26 when the username is taken (spec §8)',
        body: registerRequest,
        response: {
          200: registerResponse,
          400: errorBody,
          403: registerResponse,
          409: registerResponse,
        },
      },
    },
    async (req) => registration.register(req.body),
  );

  r.post(
    API.hcpApply,
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Apply for an HCP account, or convert a patient/carer account after confirmation',
        body: hcpApplyRequest,
        response: { 200: hcpApplyResponse, 400: errorBody, 403: hcpApplyResponse, 409: hcpApplyResponse },
      },
    },
    async (req) => hcp.apply(req.body),
  );
}
