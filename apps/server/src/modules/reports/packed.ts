// Decoders of the compact read path (modules/readings: one bytea of binary records instead of
// thousands of row objects), for the rows the reports need. PostgreSQL sends its binary numbers
// big-endian, which DataView reads by default. A long range is read in parts at once (separate
// pool connections, reports.repository.ts): each decoder takes the parts in time order.
import type { GlucoseSeries } from '../readings/readings.repository';

/** timestamptz_send: int8 microseconds since 2000-01-01 UTC (cheaper in SQL than date_part). */
const PG_EPOCH_MS = 946_684_800_000;
function readTime(view: DataView, at: number): number {
  // Two 32-bit halves: exact below 2^53 µs (year 2285), and no BigInt per record.
  const micros = view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
  // Stored times are whole milliseconds (every writer passes epoch ms).
  return PG_EPOCH_MS + Math.round(micros / 1000);
}

const viewOf = (p: Uint8Array) => new DataView(p.buffer, p.byteOffset, p.byteLength);
const present = (parts: ReadonlyArray<Uint8Array | null>) => parts.filter((p): p is Uint8Array => p !== null);
/** float4 carries ~7 significant digits: round to the 0.1 mg/dL a sensor reports. */
const tenth = (g: number) => Math.round(g * 10) / 10;

/** Sensor glucose with a value: time, mg/dL float4, offset int2 (14 bytes); as readings' decode. */
const SG_STRIDE = 14;

export function decodeGlucose(parts: ReadonlyArray<Uint8Array | null>): GlucoseSeries {
  const chunks = present(parts);
  const max = chunks.reduce((s, p) => s + Math.floor(p.byteLength / SG_STRIDE), 0);
  const time = new Float64Array(max);
  const mgdl = new Float64Array(max);
  const utcOffsetMin = new Int16Array(max);
  let n = 0;
  for (const packed of chunks) {
    const view = viewOf(packed);
    const count = Math.floor(packed.byteLength / SG_STRIDE);
    for (let i = 0; i < count; i++) {
      const at = i * SG_STRIDE;
      const t = readTime(view, at);
      if (n > 0 && time[n - 1] === t) continue; // same instant from a second serial
      time[n] = t;
      mgdl[n] = tenth(view.getFloat32(at + 8));
      utcOffsetMin[n] = view.getInt16(at + 12);
      n++;
    }
  }
  return n === max
    ? { time, mgdl, utcOffsetMin }
    : { time: time.slice(0, n), mgdl: mgdl.slice(0, n), utcOffsetMin: utcOffsetMin.slice(0, n) };
}

/** Sensor glucose with flags: time, mg/dL float4 (NaN: display code), offset int2, flags int2. */
export const SG_FLAGGED_STRIDE = 16;
export const QUALITY_CODES = ['C', 'CX', 'NC', 'DE'] as const;
export const DISPLAY_CODES = ['CE0', 'CE1', 'H'] as const;

export interface FlaggedSg {
  time: number[];
  utcOffsetMin: number[];
  mgdl: Array<number | null>;
  quality: Array<(typeof QUALITY_CODES)[number] | null>;
  displayCode: Array<(typeof DISPLAY_CODES)[number] | null>;
}

export function decodeFlaggedSg(parts: ReadonlyArray<Uint8Array | null>): FlaggedSg {
  const out: FlaggedSg = { time: [], utcOffsetMin: [], mgdl: [], quality: [], displayCode: [] };
  let last = Number.NaN;
  for (const packed of present(parts)) {
    const view = viewOf(packed);
    const count = Math.floor(packed.byteLength / SG_FLAGGED_STRIDE);
    for (let i = 0; i < count; i++) {
      const at = i * SG_FLAGGED_STRIDE;
      const t = readTime(view, at);
      if (t === last) continue; // same instant from a second serial
      last = t;
      const g = view.getFloat32(at + 8);
      const flags = view.getInt16(at + 14);
      out.time.push(t);
      out.mgdl.push(Number.isNaN(g) ? null : tenth(g));
      out.utcOffsetMin.push(view.getInt16(at + 12));
      out.quality.push(QUALITY_CODES[(flags & 7) - 1] ?? null);
      out.displayCode.push(DISPLAY_CODES[(flags >> 3) - 1] ?? null);
    }
  }
  return out;
}

/** Basal segments column-wise (spec §3 "Basal row"); auto deliveries NaN when the row has none. */
export interface BasalColumns {
  n: number;
  start: Float64Array;
  utcOffsetMin: Int16Array;
  durationMin: Float64Array;
  rate: Float64Array;
  delivered: Float64Array;
  autoBasal: Float64Array;
  autoCorr: Float64Array;
  autoFood: Float64Array;
  code: string[];
}

const FIXED = 8 + 2 + 3 * 4 + 2;
/** real columns arrive as float4; devices count insulin in 0.01–0.05 U, so 4 decimals restore them. */
const r4 = (x: number) => (Number.isNaN(x) ? x : Math.round(x * 1e4) / 1e4);
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);
const COMMA = 44;

/**
 * The JSON number written in bytes [start, end) (jsonb ->> in SQL: much cheaper per row than a
 * numeric cast), as the float4 the other columns are: NaN when empty (no delivery). Plain decimals
 * of up to 15 digits are read from the bytes: mantissa and power of ten are exact doubles, so their
 * quotient is the correctly rounded value, as Number() gives; anything else goes through Number().
 */
function autoAt(p: Uint8Array, start: number, end: number, text: string): number {
  if (start === end) return Number.NaN;
  let i = start;
  const negative = p[i] === 45;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const c = p[i]!;
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return r4(Math.fround(Number(text.slice(start, end))));
  }
  if (digits === 0 || digits > 15) return r4(Math.fround(Number(text.slice(start, end))));
  const value = decimals > 0 ? mantissa / POW10[decimals]! : mantissa;
  return r4(Math.fround(negative ? -value : value));
}

/**
 * Records: start (timestamptz_send), offset int2, duration, rate, delivered (float4), then the
 * length (int2) and UTF-8 bytes of "auto basal,auto correction,auto food,code".
 */
export function decodeBasal(parts: ReadonlyArray<Uint8Array | null>): BasalColumns {
  const chunks = present(parts);
  const max = chunks.reduce((s, p) => s + Math.floor(p.byteLength / FIXED), 0);
  const cols: BasalColumns = {
    n: 0,
    start: new Float64Array(max),
    utcOffsetMin: new Int16Array(max),
    durationMin: new Float64Array(max),
    rate: new Float64Array(max),
    delivered: new Float64Array(max),
    autoBasal: new Float64Array(max),
    autoCorr: new Float64Array(max),
    autoFood: new Float64Array(max),
    code: [],
  };
  const utf8 = new TextDecoder();
  let n = 0;
  for (const packed of chunks) {
    const view = viewOf(packed);
    // One string of the whole part, byte for byte: codes are cut from it without a copy each.
    const text = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength).toString('latin1');
    const len = packed.byteLength;
    let at = 0;
    while (at + FIXED <= len) {
      cols.start[n] = readTime(view, at);
      cols.utcOffsetMin[n] = view.getInt16(at + 8);
      cols.durationMin[n] = r4(view.getFloat32(at + 10));
      cols.rate[n] = r4(view.getFloat32(at + 14));
      cols.delivered[n] = r4(view.getFloat32(at + 18));
      const from = at + FIXED;
      const end = from + view.getInt16(at + 22);
      const c1 = packed.indexOf(COMMA, from);
      const c2 = packed.indexOf(COMMA, c1 + 1);
      const c3 = packed.indexOf(COMMA, c2 + 1);
      cols.autoBasal[n] = autoAt(packed, from, c1, text);
      cols.autoCorr[n] = autoAt(packed, c1 + 1, c2, text);
      cols.autoFood[n] = autoAt(packed, c2 + 1, c3, text);
      // Codes are ASCII (spec §3); anything else is decoded as the UTF-8 it was stored as.
      let ascii = true;
      for (let i = c3 + 1; i < end; i++) if (packed[i]! >= 128) ascii = false;
      cols.code.push(ascii ? text.slice(c3 + 1, end) : utf8.decode(packed.subarray(c3 + 1, end)));
      at = end;
      n++;
    }
  }
  cols.n = n;
  return cols;
}
