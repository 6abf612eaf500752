import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';

// Follower alerts (issue 16, migration 0015_follower_alerts). The state lives here, not in a
// process, so alerts survive a restart and several processes share them.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A follower's alert settings for one patient; the patient may stop them (`stopped_by_patient`). */
export const alertSettings = pgTable(
  'alert_settings',
  {
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull(),
    stoppedByPatient: boolean('stopped_by_patient').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.followerId] }),
    index('alert_settings_follower_idx').on(t.followerId),
  ],
);

/** One occurrence of a condition for a patient; its acknowledgement is shared by all followers. */
export const alertEpisodes = pgTable(
  'alert_episodes',
  {
    id: text('id').primaryKey(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    episode: text('episode').notNull(),
    urgent: boolean('urgent').notNull(),
    value: doublePrecision('value'),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alert_episodes_open_uq')
      .on(t.patientId, t.kind, t.episode)
      .where(sql`ended_at is null`),
    index('alert_episodes_patient_idx').on(t.patientId, t.startedAt),
  ],
);

/** Where one follower stands with one episode: when alerted, snoozed until when. */
export const alertFollowerState = pgTable(
  'alert_follower_state',
  {
    episodeId: text('episode_id')
      .notNull()
      .references(() => alertEpisodes.id, { onDelete: 'cascade' }),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raisedAt: ts('raised_at'),
    lastSentAt: ts('last_sent_at'),
    snoozedUntil: ts('snoozed_until'),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.followerId] })],
);

/** Every alert, acknowledgement, snooze and delivery attempt: the alert history. */
export const alertLog = pgTable(
  'alert_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: text('episode_id').references(() => alertEpisodes.id, { onDelete: 'cascade' }),
    followerId: text('follower_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull(),
    /** raise, repeat, end, acknowledge, snooze, deliver */
    action: text('action').notNull(),
    /** inApp, push, email (deliver only) */
    channel: text('channel'),
    /** sent, failed, none (no subscription) (deliver only) */
    outcome: text('outcome'),
    detail: text('detail'),
  },
  (t) => [index('alert_log_patient_idx').on(t.patientId, t.at)],
);

/** A browser's Web Push subscription (RFC 8030/8291) for a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
