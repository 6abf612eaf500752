import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Each patient's live event number, taken inside every write of their data under this row's lock
 * (patient-data/data-events.ts): numbers follow commit order, so a follower never misses data.
 */
export const patientDataEvents = pgTable('patient_data_events', {
  patientId: text('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  eventNo: bigint('event_no', { mode: 'number' }).notNull(),
});
