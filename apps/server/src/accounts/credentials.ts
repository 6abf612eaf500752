import { and, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { devices, nightscoutCredentials, oauthGrants } from '../platform/db/schema';
import { revokeSessions } from './password.repository';

/**
 * Ends every credential an account holds: its portal sessions, its Nightscout secrets and tokens
 * (and with them the v3 JWTs, which are signed by the credential), the OAuth grants its patient
 * gave apps (and with them their access and refresh tokens), and its device apps' tokens. Called
 * when an account is deleted or closed, locked by an administrator, or has its password reset:
 * whoever held one of these before must sign in again, with the account's current password.
 * Takes the database or the transaction of the change, so both stand or fall together.
 */
export async function revokeAllCredentials(db: Db, userId: string, now: Date): Promise<void> {
  await revokeSessions(db, userId, now);
  await db
    .update(nightscoutCredentials)
    .set({ revokedAt: now })
    .where(and(eq(nightscoutCredentials.patientId, userId), isNull(nightscoutCredentials.revokedAt)));
  await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.patientId, userId), isNull(oauthGrants.revokedAt)));
  await db
    .update(devices)
    .set({ revokedAt: now })
    .where(and(eq(devices.patientId, userId), isNull(devices.revokedAt)));
}

/**
 * A second guard where a credential is resolved: its account must still be active and not deleted,
 * so a credential missed by a revocation still opens nothing. `patientIdColumn` is the credential
 * table's account column.
 */
export const accountStillActive = (patientIdColumn: Column | SQL): SQL =>
  sql`exists (select 1 from users u where u.id = ${patientIdColumn} and u.status = 'active' and u.deleted_at is null)`;
