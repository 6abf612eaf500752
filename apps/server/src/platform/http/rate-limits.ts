import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API, NS_API } from '@cgm/contract';
import { ErrorCode, normalizeUsername } from '@cgm/domain';
import { ApiError } from './api-error';

/**
 * How often one client may call the doors an attacker leans on (sign-in, codes, registration,
 * reset, OAuth, Nightscout): the one table of rate limits. Counted per client address (the real
 * one: see TRUST_PROXY), and for sign-in also per account. Above the limit: 429 with Retry-After
 * and code 107 (Nightscout's own error shape on its API). Counts live in this process; several
 * processes behind a load balancer each count their share.
 */
interface Limit {
  max: number;
  minutes: number;
}

const SIGN_IN: Limit = { max: 30, minutes: 1 };
const CODES: Limit = { max: 10, minutes: 1 };
const NEW_ACCOUNTS: Limit = { max: 10, minutes: 1 };
/** Per account name, however many addresses the tries come from (the lock counts wrong passwords). */
export const SIGN_IN_PER_ACCOUNT: Limit = { max: 20, minutes: 15 };

const BY_PATH: Record<string, Limit> = {
  [API.login]: SIGN_IN,
  [API.loginMfa]: SIGN_IN,
  [API.loginPassword]: SIGN_IN,
  [API.loginMfaResend]: CODES,
  [API.seccodeSend]: CODES,
  [API.passwordResetToken]: CODES,
  [API.passwordReset]: CODES,
  [API.register]: NEW_ACCOUNTS,
  [API.hcpApply]: NEW_ACCOUNTS,
  [NS_API.oauthToken]: SIGN_IN,
};
/** Uploaders post every few minutes and followers poll about once a minute per collection. */
const NIGHTSCOUT: Limit = { max: 300, minutes: 1 };
const NIGHTSCOUT_PATH = /^\/api\/(v1|v3|v2\/authorization)\//;

export function limitFor(url: string): Limit | null {
  return BY_PATH[url] ?? (NIGHTSCOUT_PATH.test(url) ? NIGHTSCOUT : null);
}

const accountOf = (req: FastifyRequest): string =>
  normalizeUsername(String((req.body as { username?: unknown } | undefined)?.username ?? ''));

/** Nightscout clients get Nightscout's shape (http/error-handler.ts answers a plain 429 so). */
function tooMany(req: FastifyRequest, retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (NIGHTSCOUT_PATH.test(req.url))
    return Object.assign(new Error('Too Many Requests'), { statusCode: 429 });
  return new ApiError(ErrorCode.RATE_LIMITED, { wait_seconds: seconds });
}

/**
 * Installs the table. Must run before the access guards are installed (access/route-access.ts),
 * so a request over the limit is refused before any credential is looked up.
 */
export async function installRateLimits(app: FastifyInstance, enabled: boolean): Promise<void> {
  if (!enabled) return;
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = limitFor(route.url);
    if (!limit) return;
    route.config = {
      ...(route.config as object),
      rateLimit: { max: limit.max, timeWindow: limit.minutes * 60_000 },
    } as RouteOptions['config'];
    if (route.url === API.login) {
      // The body is read by then, so the account's name is known. A check of its own: the plugin
      // runs only one of its limit hooks per request.
      const perAccount = app.createRateLimit({
        max: SIGN_IN_PER_ACCOUNT.max,
        timeWindow: SIGN_IN_PER_ACCOUNT.minutes * 60_000,
        keyGenerator: (req) => `account:${accountOf(req)}`,
      });
      const guard = async (req: FastifyRequest, reply: FastifyReply) => {
        const result = await perAccount(req);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw tooMany(req, result.ttl);
      };
      route.preHandler = [
        ...([] as unknown[]).concat(route.preHandler ?? []),
        guard,
      ] as RouteOptions['preHandler'];
    }
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (req, context) => tooMany(req, context.ttl),
  });
}
