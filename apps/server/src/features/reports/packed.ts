// Decoders of the blocks for the daily report and the insulin figures: a report reads the blocks
// of its range in order and keeps the records of its time range and of the sources its data
// options allow.
import type { RecordFilter } from '../../patient-data';
import { readTime, viewOf } from './day-blocks';

export { decodeFlaggedSg, type FlaggedSg } from '../../patient-data';

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

/** start, offset int2, six float4, flags int2, code length int2; then the code (UTF-8). */
const BASAL_FIXED = 8 + 2 + 6 * 4 + 2 + 2;
/** real columns arrive as float4; devices count insulin in 0.01–0.05 U, so 4 decimals restore them. */
const r4 = (x: number) => (Number.isNaN(x) ? x : Math.round(x * 1e4) / 1e4);

/**
 * Basal segments that overlap [from, to): starting before `to`, and at or after `from` or lasting
 * past it. Blocks must reach back far enough for the longest segment (a week, ingest contract).
 */
export function decodeBasal(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): BasalColumns {
  const max = blocks.reduce((s, p) => s + Math.floor(p.byteLength / BASAL_FIXED), 0);
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
  for (const packed of blocks) {
    const view = viewOf(packed);
    const len = packed.byteLength;
    let at = 0;
    while (at + BASAL_FIXED <= len) {
      const start = readTime(view, at);
      const duration = view.getFloat32(at + 10);
      const codeAt = at + BASAL_FIXED;
      const end = codeAt + view.getInt16(at + 36);
      const overlaps = start < to && (start >= from || start + duration * 60_000 > from);
      if (overlaps && (!keep || keep(start, (view.getInt16(at + 34) & 1) !== 0))) {
        cols.start[n] = start;
        cols.utcOffsetMin[n] = view.getInt16(at + 8);
        cols.durationMin[n] = r4(duration);
        cols.rate[n] = r4(view.getFloat32(at + 14));
        cols.delivered[n] = r4(view.getFloat32(at + 18));
        cols.autoBasal[n] = r4(view.getFloat32(at + 22));
        cols.autoCorr[n] = r4(view.getFloat32(at + 26));
        cols.autoFood[n] = r4(view.getFloat32(at + 30));
        cols.code.push(asciiOrUtf8(packed, codeAt, end, utf8));
        n++;
      }
      at = end;
    }
  }
  cols.n = n;
  return cols;
}

/** Codes are ASCII (spec §3); anything else is decoded as the UTF-8 it was stored as. */
function asciiOrUtf8(
  packed: Uint8Array,
  from: number,
  to: number,
  utf8: { decode(bytes: Uint8Array): string },
): string {
  let ascii = '';
  for (let i = from; i < to; i++) {
    const b = packed[i]!;
    if (b >= 128) return utf8.decode(packed.subarray(from, to));
    ascii += String.fromCharCode(b);
  }
  return ascii;
}
