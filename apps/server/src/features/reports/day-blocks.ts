// Decodes the basal day blocks of migration 0005 (basal_day_blocks): one row per patient and UTC day
// holding that day's segments packed as binary, in (time, serial, seq) order, rebuilt by the write
// path (patient-data/basal-store.ts) in the transaction of every change. A 90-day read is about 90 rows instead of 30,000. PostgreSQL
// writes its binary numbers big-endian, DataView's default. (Sensor glucose: patient-data's hour
// blocks.) The rows are read by day-blocks.repository.ts.

/** timestamptz_send: int8 microseconds since 2000-01-01 UTC. */
const PG_EPOCH_MS = 946_684_800_000;
export function readTime(view: DataView, at: number): number {
  // Two 32-bit halves: exact below 2^53 µs (year 2285), and no BigInt per record.
  const micros = view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
  // Stored times are whole milliseconds (every writer passes epoch ms).
  return PG_EPOCH_MS + Math.round(micros / 1000);
}

export const viewOf = (p: Uint8Array) => new DataView(p.buffer, p.byteOffset, p.byteLength);
