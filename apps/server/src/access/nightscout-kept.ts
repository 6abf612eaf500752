import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db/client';
import { sha256 } from '../platform/lib/crypto';
import { accountStillActive } from '../accounts/credentials';
import type { GivenCredential, NsPrincipal } from './nightscout-principal';

// An uploader posts its readings every few minutes with the same API secret: for the one write that
// confirms the credential itself (POST /api/v1/entries), the credential resolved in the last minute
// is taken from this process instead of the database, as a device app's token is
// (device-token.ts). The write is then guarded by credentialActiveSql, so a credential revoked or an
// account closed meanwhile writes nothing (the route answers 401 and forgets it). Reads and every
// other route resolve the credential afresh.

/** How long a resolved credential is kept. */
const KEEP_MS = 60_000;
const KEEP_SIZE = 20_000;

interface Kept {
  principal: NsPrincipal;
  until: number;
}

const keptOfApp = new WeakMap<AppContext, Map<string, Kept>>();

function keptOf(ctx: AppContext): Map<string, Kept> {
  let kept = keptOfApp.get(ctx);
  if (!kept) keptOfApp.set(ctx, (kept = new Map()));
  return kept;
}

/** Only an API secret or access token is kept (a JWT or an OAuth token carries its own expiry). */
const keyOf = ({ bearer, secret, token }: GivenCredential): string | null =>
  bearer || (!secret && !token) ? null : sha256(`${secret ?? ''}\n${token ?? ''}`);

/** The credential from this process when resolved in the last minute, else resolved and kept. */
export async function resolveKept(
  ctx: AppContext,
  given: GivenCredential,
  resolve: () => Promise<NsPrincipal | null>,
): Promise<NsPrincipal | null> {
  const key = keyOf(given);
  if (key === null) return resolve();
  const kept = keptOf(ctx);
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.principal;
  const principal = await resolve();
  if (kept.size >= KEEP_SIZE) kept.clear();
  if (principal) kept.set(key, { principal: { ...principal, recheck: true }, until: now + KEEP_MS });
  else kept.delete(key);
  return principal;
}

/** Drops a credential its write found no longer active. */
export function forgetKept(ctx: AppContext, given: GivenCredential): void {
  const key = keyOf(given);
  if (key !== null) keptOf(ctx).delete(key);
}

/** Whether the credential is still active, as a condition of a write (its patient's account open too). */
export const credentialActiveSql = (credentialId: string): SQL =>
  sql`exists (select 1 from nightscout_credentials c where c.id = ${credentialId} and c.revoked_at is null
    and ${accountStillActive(sql`c.patient_id`)})`;

export async function credentialStillActive(db: Db, credentialId: string): Promise<boolean> {
  const res = await db.execute(sql`select ${credentialActiveSql(credentialId)} as ok`);
  return (res as { rows?: Array<{ ok: boolean }> }).rows?.[0]?.ok === true;
}

/** A write of a kept credential found it revoked or its account closed: answered 401. */
export class CredentialGoneError extends Error {
  constructor() {
    super('Nightscout credential no longer active');
  }
}
