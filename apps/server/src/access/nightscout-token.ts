import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The Nightscout credential's token forms: the SHA-1 hex the apps send as their API secret and the
// v3 JWT handed out for an access token, signed with the credential's token hash.

export const sha1Hex = (v: string): string => createHash('sha1').update(v).digest('hex');

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const JWT_LIFETIME_S = 8 * 3600;

/** A v3 JWT (what `/api/v2/authorization/request/{token}` hands out), keyed by the credential's hash. */
export function signJwt(credentialId: string, subject: string, keyHash: string, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  const payload = { accessToken: credentialId, sub: subject, iat, exp: iat + JWT_LIFETIME_S };
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  const sig = b64(createHmac('sha256', keyHash).update(head).digest());
  return { token: `${head}.${sig}`, ...payload };
}

export function jwtClaims(token: string): { accessToken: string; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (typeof claims.accessToken !== 'string' || typeof claims.exp !== 'number') return null;
    return { accessToken: claims.accessToken, exp: claims.exp };
  } catch {
    return null;
  }
}

export function jwtSignatureOk(token: string, keyHash: string): boolean {
  const [h, p, s] = token.split('.');
  const expected = createHmac('sha256', keyHash).update(`${h}.${p}`).digest();
  const given = Buffer.from(s ?? '', 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
