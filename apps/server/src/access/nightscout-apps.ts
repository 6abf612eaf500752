import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppWithAccess, NsCredential } from '@cgm/contract';
import type { Db } from '../platform/db/client';
import { nightscoutCredentials, oauthGrants } from '../platform/db/schema';

// The apps a patient let read (or write) their data through the Nightscout API: credentials they
// made and OAuth grants they gave. Listed on the Nightscout settings and on the connections screen.

type Row = typeof nightscoutCredentials.$inferSelect;

/** A credential as the patient sees it (never its secret). */
export const toCredential = (r: Row): NsCredential => ({
  id: r.id,
  name: r.name,
  permission: r.permission,
  hint: r.hint,
  created_at: r.createdAt.getTime(),
  last_used_at: r.lastUsedAt?.getTime() ?? null,
});

/** The patient's live Nightscout credentials, newest first. */
export async function listCredentials(db: Db, patientId: string): Promise<NsCredential[]> {
  const rows = await db
    .select()
    .from(nightscoutCredentials)
    .where(and(eq(nightscoutCredentials.patientId, patientId), isNull(nightscoutCredentials.revokedAt)))
    .orderBy(desc(nightscoutCredentials.createdAt));
  return rows.map(toCredential);
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
