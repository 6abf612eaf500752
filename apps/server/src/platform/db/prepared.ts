import { createHash } from 'node:crypto';
import pg from 'pg';
import { SQL, StringChunk } from 'drizzle-orm';
import type { Db } from './client';

// A statement sent again and again with the same text (a device's upload, every few minutes for
// every patient) is sent as a named prepared statement, so each connection parses and plans it
// once: planning the upload's one statement took 0.2–0.3 ms of its 0.7 ms on PostgreSQL. The name
// is a digest of the text, so a name always means the same statement. PGlite ignores the name.

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    /** node-postgres: the pool, or a transaction's connection; PGlite: its instance. */
    client: unknown;
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
  const built = plainQuery(query) ?? dialect.sqlToQuery(query);
  const name = nameOf(built.sql);
  // On node-postgres, straight to the pool or the transaction's connection: drizzle made two query
  // configs with their own type-parser closures and three promise layers per statement (these are
  // the uploads every device sends every few minutes). The same result and the same type parsers;
  // an error is the driver's, wrapped as drizzle wraps it (callers look through `cause`).
  const client = session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return client
      .query({ name, text: built.sql, values: built.params, types: DRIZZLE_TYPES })
      .catch((e: unknown) => {
        throw new Error(`Failed query: ${built.sql}`, { cause: e });
      });
  return session.prepareQuery(built, undefined, name, false).execute();
}

/** Times, dates and intervals (and their arrays) as the text PostgreSQL sends, as drizzle's driver reads them. */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;

/** Names by statement text: the same few statements come again and again. */
const names = new Map<string, string>();
const NAMES_KEPT = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `cgm_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * The text and parameters of a statement made only of SQL fragments, nested statements and plain
 * values (what these statements are made of): what drizzle's sqlToQuery gives, a fifth of its time
 * (it asks each part of a statement of a hundred parts which of a dozen kinds it is, and copies its
 * settings for each nested one). Anything else (a column, a table, a Param, a Date, values to
 * inline): null, and drizzle's own does it.
 */
export function plainQuery(query: SQL): { sql: string; params: unknown[] } | null {
  const text: string[] = [];
  const params: unknown[] = [];
  const walk = (q: SQL): boolean => {
    if ((q as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const chunk of q.queryChunks as unknown[]) {
      if (chunk instanceof StringChunk) text.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        if (!walk(chunk)) return false;
      } else if (chunk === undefined) continue;
      else if (
        chunk === null ||
        typeof chunk === 'string' ||
        typeof chunk === 'number' ||
        typeof chunk === 'boolean'
      ) {
        params.push(chunk);
        text.push(`$${params.length}`);
      } else return false;
    }
    return true;
  };
  return walk(query) ? { sql: text.join(''), params } : null;
}
