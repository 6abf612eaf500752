import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

// A statement sent again and again with the same text (a device's upload, every few minutes for
// every patient) is sent as a named prepared statement, so each connection parses and plans it
// once: planning the upload's one statement took 0.2–0.3 ms of its 0.7 ms on PostgreSQL. The name
// is a digest of the text, so a name always means the same statement. PGlite ignores the name.

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  const name = `cgm_${createHash('sha1').update(built.sql).digest('base64url')}`;
  return session.prepareQuery(built, undefined, name, false).execute();
}
