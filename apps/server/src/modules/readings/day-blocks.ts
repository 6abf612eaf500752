// Reads and decodes the day blocks of migration 0005 (sg_day_blocks, basal_day_blocks): one row
// per patient and UTC day holding that day's records packed as binary, in (time, serial, seq)
// order, rebuilt by triggers in the transaction of every change. A 90-day read is about 90 rows
// instead of 65,000 (DESIGN.md: "a 90-day report needs a compact read path"). PostgreSQL writes
// its binary numbers big-endian, DataView's default.
import { sql } from 'drizzle-orm';
import { assignIntervals, type SamplingSource } from '@cgm/domain';
import type { Db } from '../../db/client';
import { intervalOfClass } from '../../patient-data';
import type { GlucoseSeries } from './readings.repository';

const DAY_MS = 86_400_000;

/** Keeps a record by its time and source (reports/source-filter.ts); null keeps every one. */
export type RecordFilter = ((time: number, uploaded: boolean) => boolean) | null;

/** The day blocks of the UTC days that [from, to) touches, in day order. */
export async function readDayBlocks(
  db: Db,
  table: 'sg_day_blocks' | 'basal_day_blocks',
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
/** float4 carries ~7 significant digits: round to the 0.1 mg/dL a sensor reports. */
export const tenth = (g: number) => Math.round(g * 10) / 10;

/**
 * Sensor records: time, mg/dL float4 (NaN: none, a display code), UTC offset int2, flags int2 =
 * quality (1-4) + 8 × display code (1-3) + 32 when uploaded + 64 × the source (its interval class
 * + 8 × its slot, migration 0010). 16 bytes.
 */
export const SG_STRIDE = 16;
export const SG_UPLOADED = 32;
/** The source bits of a record's flags: interval class (0-4) + 8 × slot (0-63). */
export const sourceOfFlags = (flags: number) => flags >> 6;
/** Quality codes 1 and 2 (C, CX): calibration states, not measurements (CLINICAL.md). */
const isCalibrationState = (flags: number) => (flags & 7) === 1 || (flags & 7) === 2;

/** One sensor record of a block: where it is, its time, mg/dL (NaN: none) and flags. */
export interface SgRecord {
  view: DataView;
  at: number;
  time: number;
  mgdl: number;
  flags: number;
}

/**
 * Visits the sensor records of [from, to) whose source `keep` allows, in block order ((time,
 * serial, seq) within a day). One record object is reused: read it inside `visit`.
 */
export function eachSgRecord(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
  visit: (r: SgRecord) => void,
): void {
  for (const packed of blocks) {
    const view = viewOf(packed);
    const count = Math.floor(packed.byteLength / SG_STRIDE);
    const r: SgRecord = { view, at: 0, time: 0, mgdl: 0, flags: 0 };
    for (let i = 0; i < count; i++) {
      const at = i * SG_STRIDE;
      const t = readTime(view, at);
      if (t < from || t >= to) continue;
      const flags = view.getInt16(at + 14);
      if (keep && !keep(t, (flags & SG_UPLOADED) !== 0)) continue;
      r.at = at;
      r.time = t;
      r.mgdl = view.getFloat32(at + 8);
      r.flags = flags;
      visit(r);
    }
  }
}

/**
 * Sensor readings with a value in [from, to), time-ordered; of readings at one instant (two
 * serials) the first in (serial, seq) order is kept; C and CX are left out (not measurements).
 * Each reading gets its source's sampling interval: the nominal one of its class, or the one
 * inferred from the source's readings in [from, to).
 */
export function decodeGlucose(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): GlucoseSeries {
  const max = blocks.reduce((s, p) => s + Math.floor(p.byteLength / SG_STRIDE), 0);
  const time = new Float64Array(max);
  const mgdl = new Float64Array(max);
  const utcOffsetMin = new Int16Array(max);
  const source = new Uint16Array(max);
  let n = 0;
  eachSgRecord(blocks, from, to, keep, (r) => {
    if (Number.isNaN(r.mgdl) || isCalibrationState(r.flags)) return;
    if (n > 0 && time[n - 1] === r.time) return; // same instant from a second serial
    time[n] = r.time;
    mgdl[n] = tenth(r.mgdl);
    utcOffsetMin[n] = r.view.getInt16(r.at + 12);
    source[n] = sourceOfFlags(r.flags);
    n++;
  });
  const times = n === max ? time : time.slice(0, n);
  const sources = n === max ? source : source.slice(0, n);
  return {
    time: times,
    mgdl: n === max ? mgdl : mgdl.slice(0, n),
    utcOffsetMin: n === max ? utcOffsetMin : utcOffsetMin.slice(0, n),
    intervalMin: intervalsOf(times, sources),
  };
}

/** Each reading's interval from its source bits (domain assignIntervals). */
export function intervalsOf(times: ArrayLike<number>, sources: ArrayLike<number>): Float64Array {
  const known: SamplingSource<number>[] = [...new Set(Array.from(sources))].map((key) => ({
    key,
    nominalMin: intervalOfClass(key & 7),
  }));
  return assignIntervals(known, { times, sourceKeys: sources });
}
