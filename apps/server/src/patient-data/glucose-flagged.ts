import {
  displayCodeOf,
  offsetAt,
  qualityOf,
  sourceOfFlags,
  type DisplayCode,
  type Quality,
} from './glucose-block';
import { eachGlucose, tenth, type RecordFilter } from './glucose-read';

// The glucose series to draw (the daily report, the live monitor): every record of the range,
// one per instant, with its quality flag (C/CX drawn as flagged markers, CLINICAL.md) and display
// code, values to 0.1 mg/dL.

export interface FlaggedSg {
  time: number[];
  utcOffsetMin: number[];
  mgdl: Array<number | null>;
  quality: Array<Quality | null>;
  displayCode: Array<DisplayCode | null>;
  /** The source bits of each record (patient-data sourceOfFlags). */
  source: number[];
}

/** Every sensor record of [from, to) with its quality flag and display code. */
export function decodeFlaggedSg(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): FlaggedSg {
  const out: FlaggedSg = { time: [], utcOffsetMin: [], mgdl: [], quality: [], displayCode: [], source: [] };
  let last = Number.NaN;
  eachGlucose(blocks, from, to, keep, (r) => {
    if (r.time === last) return; // same instant from a second source
    last = r.time;
    out.time.push(r.time);
    out.mgdl.push(Number.isNaN(r.mgdl) ? null : tenth(r.mgdl));
    out.utcOffsetMin.push(offsetAt(r.view, r.i));
    out.quality.push(qualityOf(r.flags));
    out.displayCode.push(displayCodeOf(r.flags));
    out.source.push(sourceOfFlags(r.flags));
  });
  return out;
}
