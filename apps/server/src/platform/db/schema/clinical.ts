import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Medical records (spec §3 "Records"): complications and concomitant diseases, prescriptions
 * (medicine, dose), suggestions and notes. `data` holds the kind's fields, validated by the contract.
 */
export const medicalRecords = pgTable(
  'medical_records',
  {
    id: text('id').notNull(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['complication', 'concomitant', 'prescription', 'suggestion', 'note'],
    }).notNull(),
    data: jsonb('data').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: ts('recorded_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at'),
    updatedBy: text('updated_by'),
    /** Deleted softly, like events: invisible to every reader, kept so the history can account for it. */
    deletedAt: ts('deleted_at'),
  },
  // Keyed by patient first, as every patient's table (migration 0017).
  (t) => [
    primaryKey({ columns: [t.patientId, t.id] }),
    index('medical_records_patient_idx').on(t.patientId, t.recordedAt),
  ],
);

/**
 * The operation history (spec §2 /HcpOperationHistory, /History): every access by an HCP to a
 * patient's data and every change, and every admin action. Append-only: a database trigger refuses
 * UPDATE and DELETE, and there are no foreign keys, so the record outlives the accounts it names.
 */
export const operationHistory = pgTable(
  'operation_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'hcp' (clinical work) or 'admin' (account administration). */
    area: text('area', { enum: ['hcp', 'admin'] }).notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorType: text('actor_type').notNull(),
    /** The patient (or account) acted on; not a foreign key, see above. */
    subjectId: text('subject_id'),
    subjectName: text('subject_name'),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    ip: text('ip'),
    at: ts('at').notNull(),
  },
  (t) => [
    index('operation_history_actor_idx').on(t.actorId, t.at),
    index('operation_history_subject_idx').on(t.subjectId, t.at),
    index('operation_history_area_idx').on(t.area, t.at),
  ],
);
