import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';

// The Nightscout-compatible API (docs/NIGHTSCOUT.md) and third-party read access (OAuth 2.0).
// Secrets and tokens are stored only as SHA-256 hashes: a copy of the database gives no access.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const patientId = () =>
  text('patient_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A patient's Nightscout credential. One value works every way the clients send it: typed as the
 * API secret (the app sends its SHA-1 hex), as `?token=`, inside `api-secret`, or as a Bearer.
 */
export const nightscoutCredentials = pgTable(
  'nightscout_credentials',
  {
    id: text('id').primaryKey(),
    patientId: patientId(),
    name: text('name').notNull(),
    permission: text('permission', { enum: ['read', 'readwrite'] }).notNull(),
    /** sha256(token). */
    tokenHash: text('token_hash').notNull(),
    /** sha256(sha1hex(token)): what an app that hashes its API secret sends. */
    secretHash: text('secret_hash').notNull(),
    /** The last characters, so the patient can tell credentials apart. */
    hint: text('hint').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('ns_cred_token_uq').on(t.tokenHash),
    uniqueIndex('ns_cred_secret_uq').on(t.secretHash),
    index('ns_cred_patient_idx').on(t.patientId),
  ],
);

/**
 * Documents stored through the Nightscout API, as the client sent them (normalised), so they read
 * back unchanged. `seq` links a document to the portal rows made from it (serial 'nightscout').
 * Deleted documents stay as tombstones for the v3 history.
 */
export const nightscoutDocuments = pgTable(
  'nightscout_documents',
  {
    /** The Nightscout `_id` (24 hex); unique per patient, as clients choose it. */
    id: text('id').notNull(),
    patientId: patientId(),
    collection: text('collection').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    identifier: text('identifier').notNull(),
    /** The document's time: entries `date`, others `created_at`. */
    date: ts('date').notNull(),
    utcOffsetMin: smallint('utc_offset_min').notNull(),
    /**
     * Entries: type + time; treatments: eventType + created_at (Nightscout's de-duplication keys).
     * Looked up through `date` (the key's time), so it has no index of its own (migration 0012).
     */
    dedupKey: text('dedup_key'),
    doc: jsonb('doc').notNull(),
    srvCreated: bigint('srv_created', { mode: 'number' }).notNull(),
    srvModified: bigint('srv_modified', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** Which credential or import wrote it. */
    subject: text('subject'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.id] }),
    uniqueIndex('ns_doc_identifier_uq').on(t.patientId, t.collection, t.identifier),
    index('ns_doc_date_idx').on(t.patientId, t.collection, t.date),
    index('ns_doc_modified_idx').on(t.patientId, t.collection, t.srvModified),
    // Profile Switches, looked up on every pump upload (ns-timeline; migration 0008).
    index('ns_doc_switch_idx')
      .on(t.patientId, t.date)
      .where(sql`${t.collection} = 'treatments' and (${t.doc}->>'eventType') = 'Profile Switch'`),
  ],
);

/**
 * Entries stored through the Nightscout API, compactly: one row per patient and UTC hour whose
 * `items` are that hour's entries (adapters/nightscout/ns-entry-store.ts: what an item holds and how
 * its document is rebuilt). `keys` are the entries' `_id`s and identifiers (a GIN index finds an
 * entry by either); `max_modified` the newest srvModified of the row (v3 history).
 */
export const nightscoutEntryHours = pgTable(
  'nightscout_entry_hours',
  {
    // No foreign key (migration 0027): written only under the patient's data guard, removed with
    // the patient's data (personal-data.ts).
    patientId: text('patient_id').notNull(),
    hour: bigint('hour', { mode: 'number' }).notNull(),
    keys: text('keys').array().notNull(),
    maxModified: bigint('max_modified', { mode: 'number' }).notNull(),
    items: json('items').notNull(),
    // Plain sensor entries as arrays, one element an entry (ns-entry-plain.ts).
    plainDevice: text('plain_device'),
    plainSubject: text('plain_subject'),
    plainT: integer('plain_t')
      .array()
      .notNull()
      .default(sql`'{}'`),
    plainSeq: bigint('plain_seq', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    plainModified: bigint('plain_modified', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    plainOffset: smallint('plain_offset')
      .array()
      .notNull()
      .default(sql`'{}'`),
    plainSgv: smallint('plain_sgv')
      .array()
      .notNull()
      .default(sql`'{}'`),
    plainDirection: smallint('plain_direction')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.hour] }),
    // Only hours with keys (migration 0026): an hour of plain readings has none.
    index('ns_entry_hours_keys_idx')
      .using('gin', t.keys)
      .with({ gin_pending_list_limit: 256 })
      .where(sql`cardinality(${t.keys}) > 0`),
    index('ns_entry_hours_modified_idx').on(t.patientId, t.maxModified),
  ],
);

/** An app the patient granted read access through OAuth 2.0 (authorization code + PKCE). */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    patientId: patientId(),
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('oauth_grant_patient_idx').on(t.patientId)],
);

/** Authorization codes (single use, minutes) and access/refresh tokens of a grant, hashed. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    patientId: patientId(),
    kind: text('kind', { enum: ['code', 'access', 'refresh'] }).notNull(),
    /** PKCE S256 challenge, for codes. */
    codeChallenge: text('code_challenge'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('oauth_token_grant_idx').on(t.grantId)],
);
