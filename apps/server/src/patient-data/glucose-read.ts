import { sql, type SQL } from 'drizzle-orm';
import { assignIntervals, type SamplingSource } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import {
  decodeRecord,
  displayCodeOf,
  flagsAt,
  HOUR_MS,
  hourOf,
  isCalibrationState,
  mgdlAt,
  offsetAt,
  qualityOf,
  rateOf,
  recordCount,
  SG_UPLOADED,
  sourceOfFlags,
  timeAt,
  viewOf,
  type DisplayCode,
  type Quality,
} from './glucose-block';
import { intervalOfClass, sourcesByNo } from './sources';

// The one read path of sensor glucose: every screen, report, export and the Nightscout read side
// reads the hour blocks through these functions, so de-duplication, C/CX, the source filter of
// the patient's data options and each source's sampling interval mean the same everywhere.

/** Keeps a record by its time and source (data options, source-filter.ts); null keeps all. */
export type RecordFilter = ((time: number, uploaded: boolean) => boolean) | null;

/** A patient's sensor glucose over a range, column-wise (epoch ms UTC, mg/dL, offsets in minutes). */
export interface GlucoseSeries {
  time: Float64Array;
  mgdl: Float64Array;
  utcOffsetMin: Int16Array;
  /** Each reading's sampling interval in minutes (CLINICAL.md "Sampling interval and coverage"). */
  intervalMin: Float64Array;
}

/**
 * The hour blocks [from, to) touches, in time order, joined by the database into one value per
 * UTC day: a 90-day range crosses the driver as 90 values rather than 2,160 rows or one 2 MB value
 * (the fastest of the three on both drivers). Records stay in time order across hours, so a
 * joined value reads as one block.
 */
export async function readGlucoseBlocks(
  db: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const result = await db.execute(sql`${glucoseBlocksSql(patientId, from, to)} order by day`);
  return ((result as { rows?: Array<{ packed: Uint8Array }> }).rows ?? []).map((r) => r.packed);
}

/** readGlucoseBlocks' select (columns packed and day, in no order), to send with another read. */
export function glucoseBlocksSql(patientId: string, from: number, to: number): SQL {
  return sql`select string_agg(packed, ''::bytea order by hour) as packed, hour / 24 as day from sg_blocks
    where patient_id = ${patientId} and hour >= ${hourOf(from)} and hour <= ${hourOf(to - 1)}
    group by hour / 24`;
}

/** float4-era readers and the statistics see 0.1 mg/dL, what a sensor reports. */
export const tenth = (g: number) => Math.round(g * 10) / 10;

/** One record of a block as the visitor sees it (reused between calls: read it inside `visit`). */
export interface SgCursor {
  view: DataView;
  i: number;
  time: number;
  mgdl: number;
  flags: number;
}

/** Visits the records of [from, to) that `keep` allows, in block order. */
export function eachGlucose(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
  visit: (r: SgCursor) => void,
): void {
  for (const packed of blocks) {
    const view = viewOf(packed);
    const r: SgCursor = { view, i: 0, time: 0, mgdl: 0, flags: 0 };
    for (let i = 0, n = recordCount(packed); i < n; i++) {
      const t = timeAt(view, i);
      if (t < from || t >= to) continue;
      const flags = flagsAt(view, i);
      if (keep && !keep(t, (flags & SG_UPLOADED) !== 0)) continue;
      r.i = i;
      r.time = t;
      r.mgdl = mgdlAt(view, i);
      r.flags = flags;
      visit(r);
    }
  }
}

/** Each reading's interval from its source bits (domain assignIntervals). */
export function intervalsOf(times: ArrayLike<number>, sources: ArrayLike<number>): Float64Array {
  const keys = new Set<number>();
  for (let i = 0, last = -1; i < sources.length; i++) {
    if (sources[i] !== last) keys.add((last = sources[i]!));
  }
  const known: SamplingSource<number>[] = [...keys].map((key) => ({
    key,
    nominalMin: intervalOfClass(key & 7),
  }));
  return assignIntervals(known, { times, sourceKeys: sources });
}

/**
 * Readings with a value in [from, to) for the statistics: time-ordered, one per instant (the first
 * in block order), values to 0.1 mg/dL, C and CX left out, each with its source's interval.
 */
export function decodeGlucose(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): GlucoseSeries {
  const max = blocks.reduce((s, p) => s + recordCount(p), 0);
  const time = new Float64Array(max);
  const mgdl = new Float64Array(max);
  const utcOffsetMin = new Int16Array(max);
  const source = new Uint16Array(max);
  let n = 0;
  eachGlucose(blocks, from, to, keep, (r) => {
    if (Number.isNaN(r.mgdl) || isCalibrationState(r.flags)) return;
    if (n > 0 && time[n - 1] === r.time) return; // same instant from a second source
    time[n] = r.time;
    mgdl[n] = tenth(r.mgdl);
    utcOffsetMin[n] = offsetAt(r.view, r.i);
    source[n] = sourceOfFlags(r.flags);
    n++;
  });
  const times = time.slice(0, n);
  return {
    time: times,
    mgdl: mgdl.slice(0, n),
    utcOffsetMin: utcOffsetMin.slice(0, n),
    intervalMin: intervalsOf(times, source.slice(0, n)),
  };
}

/** The statistics' series of [from, to) (hcl print, benchmarks). */
export async function readGlucoseSeries(
  db: Db,
  patientId: string,
  from: number,
  to: number,
  keep: RecordFilter = null,
): Promise<GlucoseSeries> {
  return decodeGlucose(await readGlucoseBlocks(db, patientId, from, to), from, to, keep);
}

/** A stored reading as it was sent (exports, the monitor, Nightscout, imports' duplicate check). */
export interface GlucoseRecord {
  serial: string;
  seq: number;
  time: number;
  utcOffsetMin: number;
  /** mg/dL as stored; null when the sensor showed a display code. */
  mgdl: number | null;
  quality: Quality | null;
  displayCode: DisplayCode | null;
  rate: number | null;
  source: 'realtime' | 'uploaded';
  receivedAt: number;
  /** The source's interval class + 8 × slot (sources.ts). */
  sourceBits: number;
}

/** Every stored reading of [from, to) that `keep` allows, in block order, C/CX and display codes included. */
export async function readGlucoseRecords(
  db: Db,
  patientId: string,
  from: number,
  to: number,
  keep: RecordFilter = null,
): Promise<GlucoseRecord[]> {
  const [blocks, serials] = await Promise.all([
    readGlucoseBlocks(db, patientId, from, to),
    sourcesByNo(db, patientId),
  ]);
  const out: GlucoseRecord[] = [];
  eachGlucose(blocks, from, to, keep, (c) => out.push(recordOf(c, serials)));
  return out;
}

function recordOf(c: SgCursor, serials: Map<number, string>): GlucoseRecord {
  const r = decodeRecord(c.view, c.i);
  return {
    serial: serials.get(r.no) ?? '',
    seq: r.seq,
    time: r.time,
    utcOffsetMin: r.utcOffsetMin,
    mgdl: Number.isNaN(r.mgdl) ? null : r.mgdl,
    quality: qualityOf(r.flags),
    displayCode: displayCodeOf(r.flags),
    rate: rateOf(r.rate),
    source: (r.flags & SG_UPLOADED) !== 0 ? 'uploaded' : 'realtime',
    receivedAt: r.receivedMs,
    sourceBits: sourceOfFlags(r.flags),
  };
}

/** The newest reading of blocks already read, as latestGlucose picks it (without its serial). */
export type NewestGlucose = Omit<GlucoseRecord, 'serial' | 'seq' | 'receivedAt' | 'sourceBits'>;

/** The newest record of [from, to) that `keep` allows, chosen as latestGlucose chooses it. */
export function newestGlucose(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): NewestGlucose | null {
  let last: SgCursor | null = null;
  eachGlucose(blocks, from, to, keep, (c) => {
    if (!last || c.time >= last.time) last = { ...c };
  });
  if (!last) return null;
  const r = recordOf(last, new Map());
  return {
    time: r.time,
    utcOffsetMin: r.utcOffsetMin,
    mgdl: r.mgdl,
    quality: r.quality,
    displayCode: r.displayCode,
    rate: r.rate,
    source: r.source,
  };
}

/**
 * The latest stored reading (any: a display code or C/CX too) that `keep` allows, at or before
 * `before`; null when there is none. Reads back a day of hours at a time.
 */
export async function latestGlucose(
  db: Db,
  patientId: string,
  keep: RecordFilter = null,
  before = Number.MAX_SAFE_INTEGER,
): Promise<GlucoseRecord | null> {
  let below = Math.min(hourOf(before) + 1, 2 ** 31 - 1);
  for (;;) {
    const result = await db.execute(sql`select hour, packed from sg_blocks
      where patient_id = ${patientId} and hour < ${below} order by hour desc limit 24`);
    const rows = (result as { rows?: Array<{ hour: number; packed: Uint8Array }> }).rows ?? [];
    if (!rows.length) return null;
    for (const row of rows) {
      let last: SgCursor | null = null;
      eachGlucose([row.packed], -Infinity, before + 1, keep, (c) => (last = { ...c }));
      if (last) return recordOf(last, await sourcesByNo(db, patientId));
    }
    below = Number(rows[rows.length - 1]!.hour);
  }
}

export { HOUR_MS };
