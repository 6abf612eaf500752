import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A patient's sensor glucose over a range, column-wise (times in epoch ms UTC, mg/dL, offsets in minutes). */
export interface GlucoseSeries {
  time: Float64Array;
  mgdl: Float64Array;
  utcOffsetMin: Int16Array;
}

/** Bytes per packed reading: int8 time (ms), float4 mg/dL, int2 UTC offset; big-endian as PostgreSQL sends them. */
const STRIDE = 14;

/**
 * The compact read path for reports (DESIGN.md: "a 90-day report needs a compact read path, not
 * 65,000 row objects"): PostgreSQL packs the range, in time order, into one bytea of fixed-width
 * binary records, decoded here into typed arrays. One value crosses the driver instead of tens of
 * thousands of rows, and no number is formatted as text and parsed back. Readings without a value
 * (display codes) are left out; two readings at the same instant (two serials) keep one.
 */
export async function readGlucoseSeries(
  db: Db,
  patientId: string,
  from: Date,
  to: Date,
): Promise<GlucoseSeries> {
  const result = await db.execute(sql`
    select string_agg(
             int8send((date_part('epoch', time) * 1000)::int8) || float4send(mgdl) || int2send(utc_offset_min),
             ''::bytea) as packed
    from (
      select time, mgdl, utc_offset_min
      from sg_readings
      where patient_id = ${patientId} and time >= ${from.toISOString()} and time < ${to.toISOString()}
        and mgdl is not null
      order by time
    ) s`);
  const rows = (result as { rows?: Array<{ packed: Uint8Array | null }> }).rows ?? [];
  return decode(rows[0]?.packed ?? null);
}

export function decode(packed: Uint8Array | null): GlucoseSeries {
  const count = packed ? Math.floor(packed.byteLength / STRIDE) : 0;
  const time = new Float64Array(count);
  const mgdl = new Float64Array(count);
  const utcOffsetMin = new Int16Array(count);
  if (!packed) return { time, mgdl, utcOffsetMin };
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const at = i * STRIDE;
    const t = Number(view.getBigInt64(at));
    if (n > 0 && time[n - 1] === t) continue; // same instant from a second serial
    time[n] = t;
    // float4 carries ~7 significant digits: round to the 0.1 mg/dL a sensor reports.
    mgdl[n] = Math.round(view.getFloat32(at + 8) * 10) / 10;
    utcOffsetMin[n] = view.getInt16(at + 12);
    n++;
  }
  return n === count
    ? { time, mgdl, utcOffsetMin }
    : { time: time.slice(0, n), mgdl: mgdl.slice(0, n), utcOffsetMin: utcOffsetMin.slice(0, n) };
}
