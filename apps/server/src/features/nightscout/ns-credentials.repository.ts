import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppWithAccess, NsCredential, NsPermission } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { nightscoutCredentials, oauthGrants } from '../../platform/db/schema';
import { newId, sha256 } from '../../platform/lib/crypto';
import { sha1Hex } from '../../access/nightscout-token';

type Row = typeof nightscoutCredentials.$inferSelect;

const toCredential = (r: Row): NsCredential => ({
  id: r.id,
  name: r.name,
  permission: r.permission,
  hint: r.hint,
  created_at: r.createdAt.getTime(),
  last_used_at: r.lastUsedAt?.getTime() ?? null,
});

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

export async function listCredentials(db: Db, patientId: string): Promise<NsCredential[]> {
  const rows = await db
    .select()
    .from(nightscoutCredentials)
    .where(and(eq(nightscoutCredentials.patientId, patientId), isNull(nightscoutCredentials.revokedAt)))
    .orderBy(desc(nightscoutCredentials.createdAt));
  return rows.map(toCredential);
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

/**
 * Every app holding access to the patient's data: live Nightscout credentials and OAuth grants,
 * newest first (the connections screen's oauth2 list, spec §2, §3).
 */
export async function listAppsWithAccess(db: Db, patientId: string): Promise<AppWithAccess[]> {
  const [creds, grants] = await Promise.all([
    listCredentials(db, patientId),
    db
      .select()
      .from(oauthGrants)
      .where(and(eq(oauthGrants.patientId, patientId), isNull(oauthGrants.revokedAt)))
      .orderBy(desc(oauthGrants.createdAt)),
  ]);
  const apps: AppWithAccess[] = [
    ...creds.map((c) => ({
      id: c.id,
      name: c.name,
      kind: 'nightscout' as const,
      scopes: c.permission === 'readwrite' ? ['nightscout:read', 'nightscout:write'] : ['nightscout:read'],
      created_at: c.created_at,
      last_used_at: c.last_used_at,
    })),
    ...grants.map((g) => ({
      id: g.id,
      name: g.clientName,
      kind: 'oauth' as const,
      scopes: g.scopes.split(' ').filter(Boolean),
      created_at: g.createdAt.getTime(),
      last_used_at: g.lastUsedAt?.getTime() ?? null,
    })),
  ];
  return apps.sort((a, b) => b.created_at - a.created_at);
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
