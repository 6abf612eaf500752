import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { nightscoutCredentials, oauthGrants } from '../platform/db/schema';
import { accountStillActive } from '../accounts/credentials';
import {
  mayRead,
  resolveNightscoutCredential,
  type GivenCredential,
  type NsPrincipal,
} from './nightscout-principal';

// Who may receive a patient's data over the Nightscout socket.io channel (features/nightscout/
// ns-socket.ts). The same credentials as the HTTP API, and the same consent: the patient's own
// credential or an OAuth grant the patient agreed to, still live, of an account still active. A
// socket is checked when it authorizes and again before every push, so a revoked credential or a
// closed account stops the data at the next change, without waiting for the client to reconnect.

/** The credential of a socket message, or null. */
export function authorizeNightscoutSocket(
  ctx: AppContext,
  given: GivenCredential,
): Promise<NsPrincipal | null> {
  return resolveNightscoutCredential(ctx, given);
}

/** Of the collections a v3 client asks for (all when it names none), those it may read. */
export function readableCollections<T extends string>(
  p: NsPrincipal,
  wanted: unknown,
  all: readonly T[],
): T[] {
  const asked = Array.isArray(wanted) ? wanted.filter((c): c is T => all.includes(c as T)) : [...all];
  return asked.filter((c) => mayRead(p, c));
}

/** Whether the credential or grant behind a socket still gives access to the patient's data. */
export async function socketStillAuthorized(ctx: AppContext, p: NsPrincipal): Promise<boolean> {
  if (p.kind === 'nightscout') {
    const rows = await ctx.db
      .select({ id: nightscoutCredentials.id })
      .from(nightscoutCredentials)
      .where(
        and(
          eq(nightscoutCredentials.id, p.id),
          isNull(nightscoutCredentials.revokedAt),
          accountStillActive(nightscoutCredentials.patientId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }
  const rows = await ctx.db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(
      and(eq(oauthGrants.id, p.id), isNull(oauthGrants.revokedAt), accountStillActive(oauthGrants.patientId)),
    )
    .limit(1);
  return rows.length > 0;
}
