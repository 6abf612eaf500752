import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId, newToken, sha256 } from '../../lib/crypto';
import type { Actor } from '../../http/auth';

/** Account-admin sessions end after 10 minutes without activity (spec §4, §9: 600000 ms). */
export const ADMIN_IDLE_MS = 600_000;

export interface SessionStore {
  create(userId: string, kind: 'user' | 'admin', remember: boolean): Promise<string>;
  resolve(token: string): Promise<Actor | null>;
  revoke(sessionId: string): Promise<void>;
  revokeAllOf(userId: string): Promise<void>;
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
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        )
        .limit(1);
      const row = rows[0];
      if (!row || row.user.status !== 'active') return null;
      if (row.session.kind === 'admin' && now.getTime() - row.session.lastSeenAt.getTime() > ADMIN_IDLE_MS) {
        await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
        return null;
      }
      // Touch at most once a second-ish worth of writes: only when a few seconds have passed.
      if (now.getTime() - row.session.lastSeenAt.getTime() > 5000) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      }
      return {
        userId: row.user.id,
        userType: row.user.userType,
        role: row.user.role ?? null,
        createdBy: row.user.createdBy,
        sessionId: row.session.id,
        sessionKind: row.session.kind,
        flags: { adminLogin: row.user.adminLogin, clinicLogin: row.user.clinicLogin },
        // Spec §5: nothing answers a user who has not agreed to the terms in force: one who agreed
        // to an older version, and one whose account was opened for them (by an HCP, an admin or
        // the command line) and who has agreed to nothing yet.
        termsOutdated: row.session.kind === 'user' && row.user.termsVersion !== config.TERMS_VERSION,
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
