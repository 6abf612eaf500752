// Decoders of the compact read path (modules/readings: one bytea of binary records instead of
// thousands of row objects), for the rows the daily report and the insulin statistics need.
// PostgreSQL sends its binary numbers big-endian, which DataView reads by default.

/** Sensor glucose with flags: time int8, mg/dL float4 (NaN: display code), offset int2, flags int2. */
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

export function decodeFlaggedSg(packed: Uint8Array | null): FlaggedSg {
  const out: FlaggedSg = { time: [], utcOffsetMin: [], mgdl: [], quality: [], displayCode: [] };
  if (!packed) return out;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const count = Math.floor(packed.byteLength / SG_FLAGGED_STRIDE);
  let last = Number.NaN;
  for (let i = 0; i < count; i++) {
    const at = i * SG_FLAGGED_STRIDE;
    const t = Number(view.getBigInt64(at));
    if (t === last) continue; // same instant from a second serial
    last = t;
    const g = view.getFloat32(at + 8);
    const flags = view.getInt16(at + 14);
    out.time.push(t);
    // float4 carries ~7 significant digits: round to the 0.1 mg/dL a sensor reports.
    out.mgdl.push(Number.isNaN(g) ? null : Math.round(g * 10) / 10);
    out.utcOffsetMin.push(view.getInt16(at + 12));
    out.quality.push(QUALITY_CODES[(flags & 7) - 1] ?? null);
    out.displayCode.push(DISPLAY_CODES[(flags >> 3) - 1] ?? null);
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

const FIXED = 8 + 2 + 6 * 4 + 2;
/** real columns arrive as float4; devices count insulin in 0.01–0.05 U, so 4 decimals restore them. */
const r4 = (x: number) => (Number.isNaN(x) ? x : Math.round(x * 1e4) / 1e4);

/** Records: start int8, offset int2, 6 × float4, code length int2, code bytes (UTF-8). */
export function decodeBasal(packed: Uint8Array | null): BasalColumns {
  const len = packed?.byteLength ?? 0;
  const max = Math.floor(len / FIXED);
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
  if (!packed) return cols;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const utf8 = new TextDecoder();
  let at = 0;
  let n = 0;
  while (at + FIXED <= len) {
    cols.start[n] = Number(view.getBigInt64(at));
    cols.utcOffsetMin[n] = view.getInt16(at + 8);
    cols.durationMin[n] = r4(view.getFloat32(at + 10));
    cols.rate[n] = r4(view.getFloat32(at + 14));
    cols.delivered[n] = r4(view.getFloat32(at + 18));
    cols.autoBasal[n] = r4(view.getFloat32(at + 22));
    cols.autoCorr[n] = r4(view.getFloat32(at + 26));
    cols.autoFood[n] = r4(view.getFloat32(at + 30));
    const codeLength = view.getInt16(at + 34);
    const bytes = packed.subarray(at + FIXED, at + FIXED + codeLength);
    // Codes are ASCII (spec §3); anything else is decoded as the UTF-8 it was stored as.
    cols.code.push(bytes.every((b) => b < 128) ? String.fromCharCode(...bytes) : utf8.decode(bytes));
    at += FIXED + codeLength;
    n++;
  }
  cols.n = n;
  return cols;
}
