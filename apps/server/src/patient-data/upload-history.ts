import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/lib/crypto';
import { isoOf } from '../platform/lib/iso-time';

export interface UploadRow {
  patientId: string;
  source: 'realtime' | 'uploaded';
  /** The device app that sent it; null for Nightscout uploads, imports and the demo. */
  deviceId?: string | null;
  receivedAt: Date;
  stored: number;
  duplicates: number;
  rejected: number;
  /** Times of the records received (stored or not); the span shown in the upload history. */
  times: readonly number[];
  label?: string | null;
}

/**
 * The one place an upload-history row is made (spec §3 upload history): its id and the INSERT,
 * written only where `guard` holds (a part of a write in one statement, glucose-append.ts).
 */
export function uploadInsert(row: UploadRow, guard: SQL = sql`true`): { id: string; insert: SQL } {
  const id = newId();
  let first = Infinity;
  let last = -Infinity;
  for (const t of row.times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const iso = (ms: number) => (row.times.length ? isoOf(ms) : null);
  const insert = sql`insert into uploads (id, patient_id, device_id, source, received_at, stored,
      duplicates, rejected, first_time, last_time, label)
    select ${id}, ${row.patientId}, ${row.deviceId ?? null}, ${row.source},
      ${isoOf(row.receivedAt.getTime())}::timestamptz, ${row.stored}, ${row.duplicates}, ${row.rejected},
      ${iso(first)}::timestamptz, ${iso(last)}::timestamptz, ${row.label ?? null}
    where ${guard}`;
  return { id, insert };
}

/** Writes an upload-history row in the caller's transaction; returns its id. */
export async function recordUpload(tx: Db, row: UploadRow): Promise<string> {
  const { id, insert } = uploadInsert(row);
  await tx.execute(insert);
  return id;
}
