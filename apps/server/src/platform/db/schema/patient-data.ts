import { bigint, customType, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The patient whose data a row is; it goes with the account. */
const patientRef = () =>
  text('patient_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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

/**
 * Sources of sensor glucose (migration 0010): each serial a patient's readings came from, with the
 * class of its nominal sampling interval (0 inferred, 1..4: 1, 2, 5, 15 min) and a slot that
 * tells sources of unknown interval apart (patient-data/sources.ts).
 */
export const sgSources = pgTable(
  'sg_sources',
  {
    patientId: patientRef(),
    serial: text('serial').notNull(),
    class: smallint('class').notNull(),
    slot: smallint('slot').notNull(),
    /** The source's number (never reused): with the device's seq, a reading's identity. */
    no: smallint('no').notNull(),
  },
  (t) => [primaryKey({ name: 'sg_sources_pk', columns: [t.patientId, t.serial] })],
);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Sensor glucose (migration 0011): one row per patient and UTC hour holding that hour's readings
 * as binary records (patient-data/glucose-block.ts), written only by patient-data/glucose-store.ts.
 */
export const sgBlocks = pgTable(
  'sg_blocks',
  {
    patientId: patientRef(),
    hour: integer('hour').notNull(),
    packed: bytea('packed').notNull(),
    /** When the newest realtime or imported reading with a value arrived (v3 history's change stamp). */
    realtimeReceivedMs: bigint('realtime_received_ms', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'sg_blocks_pk', columns: [t.patientId, t.hour] })],
);

/**
 * Basal segments by UTC day (migration 0005): one row per patient and day holding that day's
 * segments packed for the reports (features/reports/day-blocks.ts), rebuilt only by
 * patient-data/basal-store.ts in the transaction of every write of basal_segments (migration 0022).
 */
export const basalDayBlocks = pgTable(
  'basal_day_blocks',
  {
    patientId: patientRef(),
    day: integer('day').notNull(),
    packed: bytea('packed').notNull(),
  },
  (t) => [primaryKey({ name: 'basal_day_blocks_pk', columns: [t.patientId, t.day] })],
);
