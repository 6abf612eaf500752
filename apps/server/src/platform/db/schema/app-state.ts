import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small named facts the server keeps about itself (e.g. the demo's start time and seeds). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
