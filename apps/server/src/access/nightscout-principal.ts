import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { nightscoutCredentials, oauthGrants, oauthTokens } from '../platform/db/schema';
import { sha256 } from '../platform/lib/crypto';
import { accountStillActive } from '../accounts/credentials';
import { jwtClaims, jwtSignatureOk } from './nightscout-token';
import { resolveKept } from './nightscout-kept';

/** Who a Nightscout request acts for: always exactly one patient, with read or read+write. */
export interface NsPrincipal {
  patientId: string;
  kind: 'nightscout' | 'oauth';
  /** The credential or grant id. */
  id: string;
  /** The credential's or app's name (Nightscout's `subject`). */
  subject: string;
  permission: 'read' | 'readwrite';
  /** OAuth scopes; null for Nightscout credentials (every collection). */
  scopes: readonly string[] | null;
  /** Taken from this process's cache (nightscout-kept.ts): the write must confirm the credential. */
  recheck?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    nightscout: NsPrincipal | null;
    /** The credential values the request gave (to forget a kept credential found revoked). */
    nightscoutGiven?: GivenCredential;
  }
}

/** Nightscout's 401 body (clients check `status` and `message`). */
export const unauthorized = (description: string) => ({ status: 401, message: 'Unauthorized', description });

const header = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

/**
 * Resolves the credential of a request, in every form the clients send it: the SHA-1 hex of the
 * secret (any case) or a token in `api-secret`, `?token=` or `?secret=`, a Bearer token, a v3 JWT,
 * or an OAuth access token. Revoked credentials and expired tokens resolve to nobody.
 */
export async function resolveNightscout(
  ctx: AppContext,
  req: FastifyRequest,
  keptForWrite = false,
): Promise<NsPrincipal | null> {
  const query = req.query as Record<string, unknown>;
  const q = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : null);
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1] ?? null;
  const secret = header(req, 'api-secret') ?? q('secret');
  const pathToken = (req.params as { accessToken?: unknown } | undefined)?.accessToken;
  const token = (typeof pathToken === 'string' ? pathToken : null) ?? q('token') ?? bearer ?? secret;
  const given = { bearer, secret, token };
  req.nightscoutGiven = given;
  return keptForWrite
    ? resolveKept(ctx, given, () => resolveNightscoutCredential(ctx, given))
    : resolveNightscoutCredential(ctx, given);
}

/** The credential values a client gave, wherever it put them (HTTP request or socket message). */
export interface GivenCredential {
  /** A Bearer value: a v3 JWT or an OAuth access token. */
  bearer: string | null;
  /** An API secret (its SHA-1 hex, as the apps send it). */
  secret: string | null;
  /** An access token. */
  token: string | null;
}

export async function resolveNightscoutCredential(
  ctx: AppContext,
  given: GivenCredential,
): Promise<NsPrincipal | null> {
  const now = ctx.clock.now();
  const { bearer, secret, token } = given;

  if (bearer) {
    const claims = jwtClaims(bearer);
    if (claims) {
      if (claims.exp * 1000 <= now.getTime()) return null;
      const cred = await activeCredential(ctx, eq(nightscoutCredentials.id, claims.accessToken), 'id');
      return cred && jwtSignatureOk(bearer, cred.tokenHash) ? principalOf(ctx, cred, now) : null;
    }
    const oauth = await oauthPrincipal(ctx, bearer, now);
    if (oauth) return oauth;
  }
  const conditions = [];
  if (secret) conditions.push(eq(nightscoutCredentials.secretHash, sha256(secret.toLowerCase())));
  if (token) conditions.push(eq(nightscoutCredentials.tokenHash, sha256(token)));
  if (conditions.length === 0) return null;
  const cred = await activeCredential(ctx, or(...conditions)!, `${secret ? 's' : ''}${token ? 't' : ''}`);
  return cred ? principalOf(ctx, cred, now) : null;
}

type Credential = typeof nightscoutCredentials.$inferSelect;

/**
 * The credential the condition finds, if active. A prepared statement, named by which keys the
 * condition compares (`shape`): every request of an uploader asks it, and planning it each time
 * cost more than running it.
 */
async function activeCredential(
  ctx: AppContext,
  where: ReturnType<typeof eq>,
  shape: string,
): Promise<Credential | null> {
  const rows = await ctx.db
    .select()
    .from(nightscoutCredentials)
    .where(
      and(
        where,
        isNull(nightscoutCredentials.revokedAt),
        accountStillActive(nightscoutCredentials.patientId),
      ),
    )
    .limit(1)
    .prepare(`cgm_ns_credential_${shape}`)
    .execute();
  return rows[0] ?? null;
}

/** Whether a last use read with the credential is older than the minute it is kept to. */
const usedLongAgo = (last: Date | null, now: Date) => !last || last.getTime() < now.getTime() - 60_000;

/**
 * Last use is kept to the minute: an uploader posting every 5 minutes writes once per post at most,
 * and a request within the minute of the last use read with the credential writes nothing.
 */
async function principalOf(ctx: AppContext, cred: Credential, now: Date): Promise<NsPrincipal> {
  if (usedLongAgo(cred.lastUsedAt, now))
    await ctx.db
      .update(nightscoutCredentials)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(nightscoutCredentials.id, cred.id),
          or(
            isNull(nightscoutCredentials.lastUsedAt),
            lt(nightscoutCredentials.lastUsedAt, new Date(now.getTime() - 60_000)),
          ),
        ),
      );
  return {
    patientId: cred.patientId,
    kind: 'nightscout',
    id: cred.id,
    subject: cred.name,
    permission: cred.permission,
    scopes: null,
  };
}

async function oauthPrincipal(ctx: AppContext, token: string, now: Date): Promise<NsPrincipal | null> {
  const rows = await ctx.db
    .select({ grant: oauthGrants })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(
      and(
        eq(oauthTokens.tokenHash, sha256(token)),
        eq(oauthTokens.kind, 'access'),
        gt(oauthTokens.expiresAt, now),
        isNull(oauthGrants.revokedAt),
        accountStillActive(oauthGrants.patientId),
      ),
    )
    .limit(1);
  const grant = rows[0]?.grant;
  if (!grant) return null;
  if (usedLongAgo(grant.lastUsedAt, now))
    await ctx.db
      .update(oauthGrants)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(oauthGrants.id, grant.id),
          or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, new Date(now.getTime() - 60_000))),
        ),
      );
  return {
    patientId: grant.patientId,
    kind: 'oauth',
    id: grant.id,
    subject: grant.clientName,
    permission: 'read',
    scopes: grant.scopes.split(' ').filter(Boolean),
  };
}

/** The principal a guarded handler runs as. */
export function principal(req: FastifyRequest): NsPrincipal {
  if (!req.nightscout) throw new Error('nightscout route without the nightscout guard');
  return req.nightscout;
}

/** OAuth apps read only the collections their scopes name. */
export function mayRead(p: NsPrincipal, collection: string): boolean {
  return p.scopes === null || p.scopes.includes(`${collection}:read`);
}
