import { createHash } from 'node:crypto';
import { ErrorCode } from '@cgm/domain';
import { OAUTH_SCOPES, type OauthAuthorizeRequest, type OauthClientInfo } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/http/api-error';
import { newId, newToken, sha256 } from '../../platform/lib/crypto';
import {
  insertGrantWithCode,
  insertTokens,
  revokeGrantOfToken,
  spendableToken,
  spendToken,
} from './oauth.repository';

// OAuth 2.0 authorization code with PKCE (RFC 6749, 7636, 8252) for apps that read a patient's
// data. The patient sees what the app asks for and agrees; the app gets read-only, scoped tokens.
// Public clients (no client secret): PKCE S256 is required, the redirect URI is fixed per code.

const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_MS = 90 * 86_400_000;

/** https anywhere, http only to the device itself (RFC 8252 loopback), or an app's own scheme. */
export function redirectAllowed(uri: string): boolean {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return false;
  }
  if (u.hash) return false;
  if (u.protocol === 'https:') return true;
  if (u.protocol === 'http:') return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  // Private-use schemes are reverse domain names (com.example.app:/callback).
  return (
    /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(u.protocol) &&
    !/^(javascript|data|file|vbscript):$/.test(u.protocol)
  );
}

export function scopesOf(scope: string | undefined): string[] {
  const asked = (scope ?? '').split(/[\s+]+/).filter(Boolean);
  const known = asked.filter((s): s is (typeof OAUTH_SCOPES)[number] =>
    (OAUTH_SCOPES as readonly string[]).includes(s),
  );
  return known.length ? [...new Set(known)] : ['entries:read'];
}

export class OauthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createOauthService(ctx: AppContext) {
  const db = ctx.db;
  const now = () => ctx.clock.now();

  async function issue(grantId: string, patientId: string, scopes: string) {
    const access = newToken();
    const refresh = newToken();
    const t = now().getTime();
    await insertTokens(db, [
      {
        tokenHash: sha256(access),
        grantId,
        patientId,
        kind: 'access',
        expiresAt: new Date(t + ACCESS_TTL_S * 1000),
      },
      {
        tokenHash: sha256(refresh),
        grantId,
        patientId,
        kind: 'refresh',
        expiresAt: new Date(t + REFRESH_TTL_MS),
      },
    ]);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TTL_S,
      refresh_token: refresh,
      scope: scopes,
    };
  }

  return {
    /** What the consent screen shows; refuses requests no app may make. */
    describe(input: OauthAuthorizeRequest): OauthClientInfo {
      if (!redirectAllowed(input.redirect_uri)) throw new ApiError(ErrorCode.INVALID_INPUT);
      return {
        error: 0,
        client_id: input.client_id,
        client_name: input.client_name || input.client_id,
        redirect_uri: input.redirect_uri,
        redirect_host: new URL(input.redirect_uri).host || new URL(input.redirect_uri).protocol,
        scopes: scopesOf(input.scope) as OauthClientInfo['scopes'],
      };
    },

    /** The patient agreed: a grant and a one-time code bound to the client, redirect URI and challenge. */
    async authorize(patientId: string, input: OauthAuthorizeRequest): Promise<string> {
      const info = this.describe(input);
      const grantId = newId();
      const code = newToken();
      await insertGrantWithCode(
        db,
        {
          id: grantId,
          patientId,
          clientId: input.client_id,
          clientName: info.client_name,
          redirectUri: input.redirect_uri,
          scopes: info.scopes.join(' '),
          createdAt: now(),
        },
        {
          tokenHash: sha256(code),
          grantId,
          patientId,
          kind: 'code',
          codeChallenge: input.code_challenge,
          expiresAt: new Date(now().getTime() + CODE_TTL_MS),
        },
      );
      const url = new URL(input.redirect_uri);
      url.searchParams.set('code', code);
      if (input.state) url.searchParams.set('state', input.state);
      return url.toString();
    },

    /** The token endpoint: authorization_code (with the PKCE verifier) or refresh_token. */
    async token(body: Record<string, unknown>) {
      const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
      const grantType = str('grant_type');
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
        throw new OauthError(
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token',
        );
      const kind = grantType === 'authorization_code' ? 'code' : 'refresh';
      const value = str(kind === 'code' ? 'code' : 'refresh_token');
      const row = await spendableToken(db, sha256(value), kind, now());
      if (!row || row.grant.clientId !== str('client_id'))
        throw new OauthError('invalid_grant', 'The code or refresh token is invalid, used or expired');
      if (kind === 'code') {
        if (row.grant.redirectUri !== str('redirect_uri'))
          throw new OauthError('invalid_grant', 'redirect_uri does not match the authorization request');
        if (!row.token.codeChallenge || s256(str('code_verifier')) !== row.token.codeChallenge)
          throw new OauthError('invalid_grant', 'PKCE verification failed');
      }
      // Single use: a code or refresh token spent twice is refused (refresh tokens rotate).
      if (!(await spendToken(db, row.token.tokenHash, now())))
        throw new OauthError('invalid_grant', 'The code or refresh token was already used');
      return issue(row.grant.id, row.grant.patientId, row.grant.scopes);
    },

    /** RFC 7009: revoking any token of a grant ends the grant (the app's access) entirely. */
    async revoke(token: string): Promise<void> {
      await revokeGrantOfToken(db, sha256(token), now());
    },
  };
}
