import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who follows whose data (spec §1 connections, §4 connection states). One row per patient and
 * follower; its state moves pending → accepted | rejected | cancelled, accepted → removed. Only an
 * accepted row lets the follower see the patient's data (the policy reads nothing else).
 */
export const relations = pgTable(
  'relations',
  {
    id: text('id').primaryKey(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** M carer or D HCP. */
    followerType: text('follower_type', { enum: ['M', 'D'] }).notNull(),
    state: text('state', { enum: ['pending', 'accepted', 'rejected', 'cancelled', 'removed'] }).notNull(),
    requestedBy: text('requested_by').notNull(),
    remark: text('remark'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('relations_pair_uq').on(t.patientId, t.followerId),
    index('relations_follower_idx').on(t.followerId, t.state),
  ],
);

/**
 * What a follower is told about their requests (spec §3 "Message", §4 "Messages tell users of
 * acceptance, cancellation, rejection"). message_type RELATION_AUTH_PERMIT or RELATION_AUTH_CANCEL;
 * anything else reads as a rejection (spec §3), so we store RELATION_AUTH_REJECT for that.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The patient whose decision this reports (null if that account is gone). */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    relationId: text('relation_id'),
    messageType: text('message_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [index('messages_recipient_idx').on(t.recipientId, t.createdAt)],
);
