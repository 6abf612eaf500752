import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { appState } from '../../platform/db/schema';

const VAPID_KEY = 'vapid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair kept in app_state: `fresh` is stored only when none is yet, and the stored one
 * is returned, so every process that races here ends up with the same pair.
 */
export async function keepVapidKeys(db: Db, fresh: VapidKeys): Promise<VapidKeys> {
  await db.execute(sql`insert into app_state (key, value) values (${VAPID_KEY}, ${JSON.stringify(fresh)}::jsonb)
      on conflict (key) do nothing`);
  const rows = await db.select().from(appState).where(eq(appState.key, VAPID_KEY));
  return rows[0]!.value as VapidKeys;
}
