import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { AdminRole, CreatedBy, UserType } from '@cgm/contract';
import { ApiError } from './api-error';

/** Who is asking: resolved from the Bearer token once per request. */
export interface Actor {
  userId: string;
  userType: UserType;
  role: AdminRole | null;
  createdBy: CreatedBy;
  sessionId: string;
  sessionKind: 'user' | 'admin';
  flags: { adminLogin: boolean; clinicLogin: boolean };
  /**
   * The user agreed to a privacy policy and terms version that is no longer the current one (spec
   * §5 "after an update"): until they agree again, only the routes that lead to the agreement answer.
   */
  termsOutdated?: boolean;
}

export type ResolveActor = (token: string) => Promise<Actor | null>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Signs the caller in for the route-access guard: 401 with error 101 when nobody is. */
export function authenticate(resolve: ResolveActor) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // The route-access guard may have signed the caller in already (access/route-access.ts).
    if (req.actor) return;
    const token = bearerToken(req);
    const actor = token ? await resolve(token) : null;
    if (!actor) throw new ApiError(ErrorCode.UNAUTHORIZED);
    req.actor = actor;
  };
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw new ApiError(ErrorCode.UNAUTHORIZED);
  return req.actor;
}
