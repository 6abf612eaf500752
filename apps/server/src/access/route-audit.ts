import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import { ApiError } from '../platform/http/api-error';
import { recordOperation } from './operation-history';
import type { RouteAccess } from './route-access';

type AuditHook = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/**
 * Every successful access of an HCP to a patient's data goes to the operation history, and so does
 * every successful account-admin action that names an operation. The record fails closed: when the
 * row cannot be written, the caller gets an error (500) instead of the answer, so nobody sees data
 * that the history does not show they saw.
 */
export function auditFor(access: RouteAccess, ctx: AppContext): AuditHook | null {
  const op =
    access.kind === 'patient' || access.kind === 'hcpWork' || access.kind === 'accountAdmin'
      ? access.op
      : undefined;
  if (!op || (access.kind === 'patient' && access.recordedBy === 'service')) return null;
  const area = access.kind === 'accountAdmin' ? 'admin' : 'hcp';
  return async (req, reply, payload) => {
    const actor = req.actor;
    if (!actor || actor.userType !== (area === 'admin' ? 'A' : 'D') || reply.statusCode >= 400)
      return payload;
    const id = (req.params as { id?: string }).id ?? null;
    try {
      await recordOperation(ctx, {
        area,
        actorId: actor.userId,
        subjectId: access.kind === 'hcpWork' ? null : id,
        action: op,
        detail: { method: req.method, route: req.routeOptions.url, ...req.auditDetail },
        ip: req.ip,
      });
    } catch (e) {
      req.log.error({ err: e, op }, 'operation history write failed: the answer is withheld');
      // Thrown from onSend, the error replaces the answer (Fastify sends it through the error handler).
      throw new ApiError(ErrorCode.INTERNAL);
    }
    return payload;
  };
}
