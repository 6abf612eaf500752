// Reads the basal day blocks of migration 0005 (basal_day_blocks): one row per patient and UTC day
// holding that day's segments packed as binary, in (time, serial, seq) order, rebuilt by the write
// path (patient-data/basal-store.ts) in the transaction of every change. A 90-day read is about 90 rows instead of 30,000. PostgreSQL
// writes its binary numbers big-endian, DataView's default. (Sensor glucose: patient-data's hour
// blocks.)
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

const DAY_MS = 86_400_000;

export type { RecordFilter } from '../../patient-data';

/** The day blocks of the UTC days that [from, to) touches, in day order. */
export async function readDayBlocks(
  db: Db,
  table: 'basal_day_blocks',
  patientId: string,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const result = await db.execute(sql`select packed from ${sql.raw(table)}
    where patient_id = ${patientId} and day >= ${Math.floor(from / DAY_MS)} and day <= ${Math.floor((to - 1) / DAY_MS)}
    order by day`);
  return ((result as { rows?: Array<{ packed: Uint8Array }> }).rows ?? []).map((r) => r.packed);
}

/** timestamptz_send: int8 microseconds since 2000-01-01 UTC. */
const PG_EPOCH_MS = 946_684_800_000;
export function readTime(view: DataView, at: number): number {
  // Two 32-bit halves: exact below 2^53 µs (year 2285), and no BigInt per record.
  const micros = view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
  // Stored times are whole milliseconds (every writer passes epoch ms).
  return PG_EPOCH_MS + Math.round(micros / 1000);
}

export const viewOf = (p: Uint8Array) => new DataView(p.buffer, p.byteOffset, p.byteLength);
