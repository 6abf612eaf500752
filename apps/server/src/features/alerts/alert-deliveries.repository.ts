import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { profiles, pushSubscriptions, users } from '../../platform/db/schema';

// SQL of what a delivery needs: the follower's push subscriptions (and their failures), the
// address and language an e-mail goes to, and the names an alert shows.

export function createAlertDeliveriesRepository(db: Db) {
  return {
    async subscriptionsOf(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    async addSubscription(userId: string, endpoint: string, p256dh: string, auth: string, now: Date) {
      await db
        .insert(pushSubscriptions)
        .values({ endpoint, userId, p256dh, auth, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh, auth, failures: 0 },
        });
    },

    async removeSubscription(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async subscriptionFailed(endpoint: string, gone: boolean) {
      if (gone) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      else
        await db
          .update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1` })
          .where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async contactOf(userId: string) {
      const rows = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0] ?? null;
    },

    async names(ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db
        .select({ id: profiles.userId, realname: profiles.realname, alias: profiles.alias })
        .from(profiles)
        .where(inArray(profiles.userId, ids));
      return new Map(rows.map((r) => [r.id, r.alias || r.realname]));
    },
  };
}

export type AlertDeliveriesRepository = ReturnType<typeof createAlertDeliveriesRepository>;
