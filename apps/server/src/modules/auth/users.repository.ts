import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';

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
    /** Counts a failed password; returns the new count (atomic, so parallel tries all count). */
    async countFailure(id: string): Promise<number> {
      const rows = await db
        .update(users)
        .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
        .where(eq(users.id, id))
        .returning({ n: users.failedAttempts });
      return rows[0]?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
