import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { newId } from '../lib/crypto';

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

/** The one place an upload-history row is written (spec §3 upload history); returns its id. */
export async function recordUpload(tx: Db, row: UploadRow): Promise<string> {
  const id = newId();
  let first = Infinity;
  let last = -Infinity;
  for (const t of row.times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  await tx.insert(uploads).values({
    id,
    patientId: row.patientId,
    deviceId: row.deviceId ?? null,
    source: row.source,
    receivedAt: row.receivedAt,
    stored: row.stored,
    duplicates: row.duplicates,
    rejected: row.rejected,
    firstTime: row.times.length ? new Date(first) : null,
    lastTime: row.times.length ? new Date(last) : null,
    label: row.label ?? null,
  });
  return id;
}
