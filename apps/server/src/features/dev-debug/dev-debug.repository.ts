import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { outbox } from '../../platform/db/schema';

export interface AppliedMigration {
  hash: string;
  created_at: string | number;
  applied_at: string | Date | null;
}

/** The migrations drizzle recorded as applied, oldest first. */
export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  // applied_at is the column migration 0007 adds to drizzle's table (null for older rows).
  const result = await db.execute(
    sql`select hash, created_at, applied_at from drizzle.__drizzle_migrations order by id`,
  );
  return (result as { rows?: AppliedMigration[] }).rows ?? [];
}

/** The latest 50 mails and text messages of the outbox, newest first. */
export async function latestOutbox(db: Db) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(50);
}
