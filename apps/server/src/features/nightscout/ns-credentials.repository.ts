import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { NsPermission } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { nightscoutCredentials, oauthGrants } from '../../platform/db/schema';
import { newId, sha256 } from '../../platform/lib/crypto';
import { sha1Hex } from '../../access/nightscout-token';
import { toCredential } from '../../access/nightscout-apps';

type Row = typeof nightscoutCredentials.$inferSelect;

/**
 * A new credential value: Nightscout's token shape (`name-<hex>`) with 96 bits of randomness, at
 * least 12 characters (the apps refuse shorter API secrets), letters and digits only so it types
 * cleanly on a phone.
 */
function newCredentialToken(permission: NsPermission): string {
  return `${permission === 'read' ? 'read' : 'upload'}-${randomBytes(12).toString('hex')}`;
}

export async function createCredential(
  db: Db,
  patientId: string,
  name: string,
  permission: NsPermission,
  now: Date,
) {
  const token = newCredentialToken(permission);
  const row: Row = {
    id: newId(),
    patientId,
    name,
    permission,
    tokenHash: sha256(token),
    secretHash: sha256(sha1Hex(token)),
    hint: token.slice(-4),
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  await db.insert(nightscoutCredentials).values(row);
  return { credential: toCredential(row), token, apiSecretSha1: sha1Hex(token) };
}

/** Revokes one of the patient's credentials; false if the patient has no such live credential. */
export async function revokeCredential(db: Db, patientId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(nightscoutCredentials)
    .set({ revokedAt: now })
    .where(
      and(
        eq(nightscoutCredentials.id, id),
        eq(nightscoutCredentials.patientId, patientId),
        isNull(nightscoutCredentials.revokedAt),
      ),
    )
    .returning({ id: nightscoutCredentials.id });
  return rows.length > 0;
}

/** The key a live credential's v3 JWTs are signed with. */
export async function tokenHashOf(db: Db, id: string): Promise<string | null> {
  const rows = await db
    .select({ h: nightscoutCredentials.tokenHash })
    .from(nightscoutCredentials)
    .where(and(eq(nightscoutCredentials.id, id), isNull(nightscoutCredentials.revokedAt)));
  return rows[0]?.h ?? null;
}

/** Revokes an OAuth grant; its tokens stop working at once (they are checked against the grant). */
export async function revokeGrant(db: Db, patientId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, id), eq(oauthGrants.patientId, patientId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}
