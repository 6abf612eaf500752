import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import { devices } from '../platform/db/schema';
import { bearerToken } from '../platform/http/auth';
import { ApiError } from '../platform/http/api-error';
import { sha256 } from '../platform/lib/crypto';
import { accountStillActive } from '../accounts/credentials';

/** A device app acts for one patient with a token of its own (not the patient's session). */
export interface DeviceIdentity {
  deviceId: string;
  patientId: string;
  kind: DeviceKind;
}

export type DeviceKind = (typeof devices.$inferSelect)['kind'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The device app a `device` route's token belongs to (set by its access rule). */
    device?: DeviceIdentity;
  }
}

/** How long a resolved device token is kept in this process (its write re-checks it, device-check.ts). */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_SIZE = 20_000;

interface DeviceTokens {
  /** The device behind a token, or null (revoked, unknown, account closed). */
  resolve(token: string): Promise<DeviceIdentity | null>;
  /**
   * As resolve, from a cache of recent tokens: for a write that confirms the device itself
   * (appendRecords' checkDevice), so a live upload costs no extra round trip.
   */
  identify(token: string): Promise<DeviceIdentity | null>;
  /** Drops a token the write found no longer active. */
  forget(token: string): void;
}

/** One token cache per application (every route of the app shares it). */
const tokensOfApp = new WeakMap<AppContext, DeviceTokens>();

function deviceTokens(ctx: AppContext): DeviceTokens {
  const existing = tokensOfApp.get(ctx);
  if (existing) return existing;
  const known = new Map<string, { device: DeviceIdentity; until: number }>();
  const tokens: DeviceTokens = {
    async resolve(token) {
      const rows = await ctx.db
        .select({ id: devices.id, patientId: devices.patientId, kind: devices.kind })
        .from(devices)
        .where(
          and(
            eq(devices.tokenHash, sha256(token)),
            isNull(devices.revokedAt),
            accountStillActive(devices.patientId),
          ),
        )
        .limit(1);
      const row = rows[0];
      return row ? { deviceId: row.id, patientId: row.patientId, kind: row.kind } : null;
    },
    async identify(token) {
      const hash = sha256(token);
      const now = Date.now();
      const hit = known.get(hash);
      if (hit && hit.until > now) return hit.device;
      const device = await tokens.resolve(token);
      if (known.size >= TOKEN_CACHE_SIZE) known.clear();
      if (device) known.set(hash, { device, until: now + TOKEN_CACHE_MS });
      else known.delete(hash);
      return device;
    },
    forget(token) {
      known.delete(sha256(token));
    },
  };
  tokensOfApp.set(ctx, tokens);
  return tokens;
}

/**
 * The guard of access kind `device` (route-access.ts): the device token is checked before the
 * body is read, so a caller without one learns nothing about the route (docs/PERMISSIONS.md).
 * `only` admits one kind of device app (403 for the others); `recheckedOnWrite` lets the token
 * come from the cache, for a route whose write confirms the device again.
 */
export function deviceGuard(ctx: AppContext, rule: { only?: DeviceKind; recheckedOnWrite?: boolean }) {
  const tokens = deviceTokens(ctx);
  return async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    const device = token
      ? await (rule.recheckedOnWrite ? tokens.identify(token) : tokens.resolve(token))
      : null;
    if (!device) throw new ApiError(ErrorCode.UNAUTHORIZED);
    if (rule.only && device.kind !== rule.only) throw new ApiError(ErrorCode.FORBIDDEN);
    req.device = device;
  };
}

/** The device a guarded handler runs as. */
export function requireDevice(req: FastifyRequest): DeviceIdentity {
  if (!req.device) throw new ApiError(ErrorCode.UNAUTHORIZED);
  return req.device;
}

/** The write found the device revoked or its account closed: its cached token goes, and 401. */
export function deviceNoLongerActive(ctx: AppContext, req: FastifyRequest): ApiError {
  deviceTokens(ctx).forget(bearerToken(req) ?? '');
  return new ApiError(ErrorCode.UNAUTHORIZED);
}
