import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { profiles, users } from '../platform/db/schema';
import { failedTryWindowStart } from './failed-tries';

export type UserRow = typeof users.$inferSelect;

/** SQL for accounts, shared by the account modules. */
export function createUsersRepository(db: Db) {
  return {
    async byUsername(username: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.username, username)).limit(1))[0];
    },
    async byId(id: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    async realname(userId: string): Promise<string> {
      const row = (
        await db.select({ n: profiles.realname }).from(profiles).where(eq(profiles.userId, userId))
      )[0];
      return row?.n ?? '';
    },
    async update(id: string, values: Partial<UserRow>, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
    },
    /**
     * Claims one password try before the password is checked, in one atomic statement: only while
     * the account is not locked and fewer than `max` tries are counted (in flight or failed). So
     * however many guesses arrive at once, at most `max` are ever checked per lock period. Returns
     * the try's number, or null when no try is left (the caller answers 62).
     */
    async claimAttempt(id: string, max: number, now: Date): Promise<number | null> {
      // A try after the window (failed-tries.ts) restarts the count; one without a time predates it.
      const stale = or(isNull(users.failedAttemptAt), lte(users.failedAttemptAt, failedTryWindowStart(now)));
      const rows = await db
        .update(users)
        .set({
          failedAttempts: sql`case when ${stale} then 1 else ${users.failedAttempts} + 1 end`,
          failedAttemptAt: now,
        })
        .where(
          and(
            eq(users.id, id),
            or(isNull(users.lockedUntil), lte(users.lockedUntil, now)),
            or(lt(users.failedAttempts, max), stale),
          ),
        )
        .returning({ n: users.failedAttempts });
      return rows[0]?.n ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
