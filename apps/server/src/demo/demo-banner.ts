import { inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-demo';

/**
 * The demo's logins printed at start: only those that exist in this database (a database that had
 * users before gets no demo, and a demo login someone deleted is not offered).
 */
export async function demoLoginsText(db: Db, baseUrl: string): Promise<string | null> {
  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const found = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const existing = new Set(found.map((u) => u.username));
  const lines = DEMO_ACCOUNTS.filter((a) => existing.has(a.username)).map(
    (a) => `  ${a.username.padEnd(22)} ${DEMO_PASSWORD}   ${baseUrl}${a.door}`,
  );
  if (lines.length === 0) return null;
  return ['Demo accounts (user name, password, where to sign in):', ...lines].join('\n');
}

/** 127.0.0.1, ::1 and localhost answer this machine only; anything else may be reached by others. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Printed when the demo's published password would be reachable from other machines. */
export function publicDemoWarning(host: string): string {
  return (
    `WARNING: the demo accounts (password ${DEMO_PASSWORD}, published in the README) are served on ` +
    `${host}, which other machines may reach. Anyone who can reach it can sign in as the demo's super ` +
    `admin. Use HOST=127.0.0.1, or start with SEED_DEMO=0 on an empty data folder.`
  );
}
