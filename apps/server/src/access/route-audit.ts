import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import { ApiError } from '../platform/http/api-error';
import { recordOperation, type HistoryOperation } from './operation-history';
import type { RouteAccess } from './route-access';

type AuditHook = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/**
 * Every successful access of an HCP to a patient's data goes to the operation history, and so does
 * every successful account-admin action that names an operation. The record fails closed: when the
 * row cannot be written, the caller gets an error (500) instead of the answer, so nobody sees data
 * that the history does not show they saw.
 */
export function auditFor(access: RouteAccess, ctx: AppContext): AuditHook | null {
  const operation = operationOf(access);
  if (!operation) return null;
  const { area, action: op } = operation;
  return async (req, reply, payload) => {
    const actor = req.actor;
    if (!actor || actor.userType !== (area === 'admin' ? 'A' : 'D') || reply.statusCode >= 400)
      return payload;
    const id = (req.params as { id?: string }).id ?? null;
    try {
      await recordOperation(ctx, {
        ...operation,
        actorId: actor.userId,
        subjectId: access.kind === 'hcpWork' ? null : id,
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

/** The history row a route's successful call writes, if the route names one (and writes it here). */
function operationOf(access: RouteAccess): HistoryOperation | null {
  switch (access.kind) {
    case 'accountAdmin':
      return access.op ? { area: 'admin', action: access.op } : null;
    case 'hcpWork':
      return access.op ? { area: 'hcp', action: access.op } : null;
    case 'patient':
      // A service that records its own change writes the row in the change's transaction.
      return 'op' in access && access.recordedBy !== 'service' ? { area: 'hcp', action: access.op } : null;
    default:
      return null;
  }
}
