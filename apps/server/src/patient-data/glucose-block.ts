// Sensor glucose is stored as hour blocks (migration 0011, table sg_blocks): one row per patient
// and UTC hour whose bytea holds that hour's readings as fixed-size binary records, sorted by
// (time, source number, seq). A reading costs 36 bytes plus its share of one row per hour, instead
// of a row with two indexes per reading; a new reading rewrites one hour (30 records of the
// portal's sensor), not a day. This file is the one place that knows the layout; SQL reads it
// only through sg_block_rows() of the same migration. Big-endian, as PostgreSQL writes numbers.

export const SG_RECORD_BYTES = 36;
export const HOUR_MS = 3_600_000;
/** mg/dL are kept as integer thousandths: exact for what sensors and uploaders send. */
const MILLI = 1000;
const NO_VALUE = -2147483648;
const NO_RATE = -1;

/** Flag bits: quality 1–4 (C CX NC DE), + 8 × display code 1–3 (CE0 CE1 H), + 32 when uploaded,
 *  + 64 × source bits (interval class + 8 × slot, sources.ts). */
export const QUALITY_CODES = ['C', 'CX', 'NC', 'DE'] as const;
export const DISPLAY_CODES = ['CE0', 'CE1', 'H'] as const;
export const SG_UPLOADED = 32;
export const sourceOfFlags = (flags: number) => flags >> 6;
/** Quality codes 1 and 2 (C, CX): calibration states, not measurements (CLINICAL.md). */
export const isCalibrationState = (flags: number) => (flags & 7) === 1 || (flags & 7) === 2;

export type Quality = (typeof QUALITY_CODES)[number];
export type DisplayCode = (typeof DISPLAY_CODES)[number];

/** One stored reading as the block holds it. */
export interface SgBlockRecord {
  time: number;
  seq: number;
  receivedMs: number;
  /** mg/dL, NaN when the sensor showed a display code instead. */
  mgdl: number;
  utcOffsetMin: number;
  flags: number;
  /** glucoseRate 0–8, or -1 when not sent. */
  rate: number;
  /** The source's number among the patient's sources (sg_sources.no): with seq, the identity. */
  no: number;
}

export function flagsOf(
  quality: Quality | null | undefined,
  displayCode: DisplayCode | null | undefined,
  uploaded: boolean,
  sourceBits: number,
): number {
  return (
    (quality ? QUALITY_CODES.indexOf(quality) + 1 : 0) +
    8 * (displayCode ? DISPLAY_CODES.indexOf(displayCode) + 1 : 0) +
    (uploaded ? SG_UPLOADED : 0) +
    64 * sourceBits
  );
}

export const qualityOf = (flags: number): Quality | null => QUALITY_CODES[(flags & 7) - 1] ?? null;
export const displayCodeOf = (flags: number): DisplayCode | null =>
  DISPLAY_CODES[((flags >> 3) & 3) - 1] ?? null;

export const viewOf = (p: Uint8Array) => new DataView(p.buffer, p.byteOffset, p.byteLength);
export const recordCount = (p: Uint8Array) => Math.floor(p.byteLength / SG_RECORD_BYTES);

/** An int64 as two 32-bit halves: exact below 2^53, and no BigInt per record. */
const readInt64 = (view: DataView, at: number) => view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
function writeInt64(view: DataView, at: number, v: number): void {
  const hi = Math.floor(v / 4_294_967_296);
  view.setInt32(at, hi);
  view.setUint32(at + 4, v - hi * 4_294_967_296);
}

export const timeAt = (view: DataView, i: number) => readInt64(view, i * SG_RECORD_BYTES);
export function mgdlAt(view: DataView, i: number): number {
  const m = view.getInt32(i * SG_RECORD_BYTES + 24);
  return m === NO_VALUE ? Number.NaN : m / MILLI;
}
export const offsetAt = (view: DataView, i: number) => view.getInt16(i * SG_RECORD_BYTES + 28);
export const flagsAt = (view: DataView, i: number) => view.getInt16(i * SG_RECORD_BYTES + 30);

export function decodeRecord(view: DataView, i: number): SgBlockRecord {
  const at = i * SG_RECORD_BYTES;
  return {
    time: readInt64(view, at),
    seq: readInt64(view, at + 8),
    receivedMs: readInt64(view, at + 16),
    mgdl: mgdlAt(view, i),
    utcOffsetMin: view.getInt16(at + 28),
    flags: view.getInt16(at + 30),
    rate: view.getInt16(at + 32),
    no: view.getInt16(at + 34),
  };
}

export function decodeBlock(packed: Uint8Array): SgBlockRecord[] {
  const view = viewOf(packed);
  const out: SgBlockRecord[] = [];
  for (let i = 0; i < recordCount(packed); i++) out.push(decodeRecord(view, i));
  return out;
}

/** Block order: time, then source number, then seq. */
export const blockOrder = (a: SgBlockRecord, b: SgBlockRecord) =>
  a.time - b.time || a.no - b.no || a.seq - b.seq;

/** Encodes records already in block order. */
export function encodeBlock(records: readonly SgBlockRecord[]): Uint8Array {
  const out = new Uint8Array(records.length * SG_RECORD_BYTES);
  const view = viewOf(out);
  records.forEach((r, i) => {
    const at = i * SG_RECORD_BYTES;
    writeInt64(view, at, r.time);
    writeInt64(view, at + 8, r.seq);
    writeInt64(view, at + 16, r.receivedMs);
    view.setInt32(at + 24, Number.isNaN(r.mgdl) ? NO_VALUE : Math.round(r.mgdl * MILLI));
    view.setInt16(at + 28, r.utcOffsetMin);
    view.setInt16(at + 30, r.flags);
    view.setInt16(at + 32, r.rate);
    view.setInt16(at + 34, r.no);
  });
  return out;
}

export const rateOrNone = (rate: number | null | undefined) => rate ?? NO_RATE;
export const rateOf = (stored: number) => (stored === NO_RATE ? null : stored);
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
