import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db/client';
import { sessions, type users } from '../platform/db/schema';
import type { Clock } from '../platform/lib/clock';
import { newId, newToken, sha256 } from '../platform/lib/crypto';
import type { Actor } from '../platform/http/auth';

/** Account-admin sessions end after 10 minutes without activity (spec §4, §9: 600000 ms). */
export const ADMIN_IDLE_MS = 600_000;

export interface SessionStore {
  create(userId: string, kind: 'user' | 'admin', remember: boolean): Promise<string>;
  resolve(token: string): Promise<Actor | null>;
  revoke(sessionId: string): Promise<void>;
  revokeAllOf(userId: string): Promise<void>;
}

type User = typeof users.$inferSelect;
interface SessionRow {
  id: string;
  kind: 'user' | 'admin';
  last_seen_at: string | Date;
  user_id: string;
  user_type: User['userType'];
  role: User['role'];
  created_by: User['createdBy'];
  status: User['status'];
  admin_login: boolean;
  clinic_login: boolean;
  terms_version: string | null;
}

export function createSessionStore(deps: { db: Db; clock: Clock; config: Config }): SessionStore {
  const { db, clock, config } = deps;
  return {
    async create(userId, kind, remember) {
      const token = newToken();
      const now = clock.now();
      const lifetimeMs =
        kind === 'admin'
          ? 12 * 3600_000
          : remember
            ? config.SESSION_REMEMBER_DAYS * 86400_000
            : config.SESSION_HOURS * 3600_000;
      await db.insert(sessions).values({
        id: newId(),
        userId,
        tokenHash: sha256(token),
        kind,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
      return token;
    },

    async resolve(token) {
      const now = clock.now();
      const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
      // One statement: the session and its account, and the last-seen time moved on when a few
      // seconds have passed (not for an admin session past its idle limit, ended below). A long
      // poll signs in on every cycle, so this is one of a follower's three round trips (issue 21).
      const result = await db.execute(sql`
        with s as (
          select s.id, s.kind, s.last_seen_at, u.id as user_id, u.user_type, u.role, u.created_by,
                 u.status, u.admin_login, u.clinic_login, u.terms_version
            from sessions s join users u on u.id = s.user_id
           where s.token_hash = ${sha256(token)} and s.revoked_at is null and s.expires_at > ${at(now.getTime())}
           limit 1),
        touched as (
          update sessions set last_seen_at = ${at(now.getTime())} from s
           where sessions.id = s.id and s.status = 'active' and s.last_seen_at < ${at(now.getTime() - 5000)}
             and (s.kind = 'user' or s.last_seen_at >= ${at(now.getTime() - ADMIN_IDLE_MS)})
          returning 1)
        select * from s`);
      const row = (result as unknown as { rows: SessionRow[] }).rows[0];
      if (!row || row.status !== 'active') return null;
      const lastSeen = new Date(row.last_seen_at).getTime();
      if (row.kind === 'admin' && now.getTime() - lastSeen > ADMIN_IDLE_MS) {
        await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.id));
        return null;
      }
      return {
        userId: row.user_id,
        userType: row.user_type,
        role: row.role,
        createdBy: row.created_by,
        sessionId: row.id,
        sessionKind: row.kind,
        flags: { adminLogin: row.admin_login, clinicLogin: row.clinic_login },
        // Spec §5: nothing answers a user who has not agreed to the terms in force: one who agreed
        // to an older version, and one whose account was opened for them (by an HCP, an admin or
        // the command line) and who has agreed to nothing yet.
        termsOutdated: row.kind === 'user' && row.terms_version !== config.TERMS_VERSION,
      };
    },

    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    },

    async revokeAllOf(userId) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
