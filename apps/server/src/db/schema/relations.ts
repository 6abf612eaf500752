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
