import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import { ApiError } from '../platform/http/api-error';
import { assertMayAccessPatient } from './patient-data';
import { isGroupManager } from './hcp-group';
import { deviceGuard } from './device-token';
import { seesPatients, treatsPatients } from './clinician';
import { nightscoutGuard } from './nightscout-guard';
import type { RouteAccess } from './route-access';

// The checks each kind of route access runs as a request arrives (route-access.ts), in order:
// the caller's identity first (session, device token or Nightscout credential), then what the rule
// asks of it.

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function signIn(ctx: AppContext, unauthorizedCode?: number, beforeTerms = false): Guard {
  return async (req, reply) => {
    if (!req.actor) {
      try {
        await ctx.authenticate(req, reply);
      } catch (e) {
        if (unauthorizedCode && e instanceof ApiError) throw new ApiError(unauthorizedCode);
        throw e;
      }
    }
    // Spec §5: after a terms update nothing answers until the user agrees again (error 108).
    if (req.actor?.termsOutdated && !beforeTerms) throw new ApiError(ErrorCode.TERMS_REQUIRED);
  };
}

export function guardsFor(access: RouteAccess, ctx: AppContext): Guard[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'device':
      return [deviceGuard(ctx, access)];
    case 'signedIn': {
      const types = access.userTypes;
      return [
        signIn(ctx, access.unauthorizedCode, access.beforeTerms),
        async (req) => {
          if (types && !types.includes(req.actor!.userType)) throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    }
    case 'hcpWork':
      return [
        signIn(ctx, access.unauthorizedCode),
        async (req) => {
          if (req.actor!.userType !== 'D') throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.groupManager && !isGroupManager(req.actor!)) throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.patients === 'list' && !seesPatients(req.actor!))
            throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.patients === 'change' && !treatsPatients(req.actor!))
            throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'accountAdmin':
      return [
        signIn(ctx),
        async (req) => {
          const actor = req.actor!;
          if (actor.userType !== 'A' || actor.sessionKind !== 'admin')
            throw new ApiError(ErrorCode.FORBIDDEN);
          if (access.superOnly && actor.role !== 'AccountAdminSuper') throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'adminDesk':
      return [
        signIn(ctx),
        async (req) => {
          const actor = req.actor!;
          const accountAdmin = actor.userType === 'A' && actor.sessionKind === 'admin';
          const adminLogin = actor.userType === 'D' && actor.flags.adminLogin;
          if (!accountAdmin && !adminLogin) throw new ApiError(ErrorCode.FORBIDDEN);
        },
      ];
    case 'nightscout':
      return [nightscoutGuard(ctx, access)];
    case 'patient':
      return [
        signIn(ctx),
        async (req) => {
          const id = (req.params as { id?: unknown }).id;
          if (typeof id !== 'string' || id === '') throw new ApiError(ErrorCode.FORBIDDEN);
          await assertMayAccessPatient(ctx.db, req.actor!, id, access.action);
        },
      ];
  }
}
