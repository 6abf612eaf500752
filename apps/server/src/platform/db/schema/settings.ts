import type { DataKind } from '@cgm/contract';
import {
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { uploads } from './device-data';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const glucose = (name: string) => doublePrecision(name).notNull();

/**
 * Monitor settings (spec §3 "Settings"), one row per patient, glucose in mg/dL (DESIGN.md). Without
 * a row the defaults apply. Properties carry the spec's keys, so the API and the row read alike.
 */
export const monitorSettings = pgTable('monitor_settings', {
  patientId: text('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unit: text('unit', { enum: ['mg/dL', 'mmol/L'] }).notNull(),
  blos_low: glucose('blos_low'),
  blos_high: glucose('blos_high'),
  bb_low: glucose('bb_low'),
  bb_high: glucose('bb_high'),
  ab_low: glucose('ab_low'),
  ab_high: glucose('ab_high'),
  bl_low: glucose('bl_low'),
  bl_high: glucose('bl_high'),
  al_low: glucose('al_low'),
  al_high: glucose('al_high'),
  bs_low: glucose('bs_low'),
  bs_high: glucose('bs_high'),
  as_low: glucose('as_low'),
  as_high: glucose('as_high'),
  night_low: glucose('night_low'),
  night_high: glucose('night_high'),
  hypo: glucose('hypo'),
  target_low: glucose('target_low'),
  target_high: glucose('target_high'),
  alarm_display: text('alarm_display', { enum: ['On', 'Off'] }).notNull(),
  glucose_display: text('glucose_display', { enum: ['On', 'Off'] }).notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * What a deletion of data (spec §7 data/delete) removed: the detail of its upload-history row
 * (label 'deleted'), so the history keeps a trace of data that cannot be restored.
 */
export const dataDeletions = pgTable(
  'data_deletions',
  {
    uploadId: text('upload_id').notNull(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['realtime', 'uploaded', 'all'] }).notNull(),
    kinds: jsonb('kinds').$type<DataKind[]>().notNull(),
    fromTime: ts('from_time').notNull(),
    toTime: ts('to_time').notNull(),
    /** Rows deleted per kind. */
    counts: jsonb('counts').$type<Partial<Record<DataKind, number>>>().notNull(),
  },
  // The upload it refers to is the same patient's (migration 0017).
  (t) => [
    primaryKey({ columns: [t.patientId, t.uploadId] }),
    foreignKey({
      name: 'data_deletions_upload_fk',
      columns: [t.patientId, t.uploadId],
      foreignColumns: [uploads.patientId, uploads.id],
    }).onDelete('cascade'),
    index('data_deletions_patient_idx').on(t.patientId),
  ],
);
