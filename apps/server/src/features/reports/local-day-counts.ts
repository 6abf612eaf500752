import { gapClassOf } from '@cgm/domain';
import {
  blockView,
  eachGlucose,
  isCalibrationState,
  offsetAt,
  recordCount,
  sourceOfFlags,
  tenth,
  type RecordFilter,
} from '../../patient-data';

const DAY_MS = 86_400_000;

export interface LocalDayCount {
  day: number;
  src: number;
  count: number;
  /** Gaps from the source's previous reading in the range, by domain gap class (1, 2, 5, 15 min). */
  gaps: [number, number, number, number];
}

/**
 * Readings per local date (each reading's own offset) and source of [from, to), for the data map:
 * counted as the statistics take them (a value above 0, C and CX left out, one per instant), with
 * each source's gaps by class, from which a source of unknown interval gets its interval as the
 * reports infer it.
 */
export function countLocalDays(
  blocks: readonly Uint8Array[],
  from: number,
  to: number,
  keep: RecordFilter,
): LocalDayCount[] {
  const counts = new Map<string, LocalDayCount>();
  const lastOf = new Map<number, number>();
  let lastTime = Number.NaN;
  eachGlucose(blocks, from, to, keep, (r) => {
    if (Number.isNaN(r.mgdl) || !(tenth(r.mgdl) > 0) || isCalibrationState(r.flags)) return;
    if (r.time === lastTime) return;
    lastTime = r.time;
    const src = sourceOfFlags(r.flags);
    const day = Math.floor((r.time + offsetAt(r.view, r.i) * 60_000) / DAY_MS);
    const key = `${day}:${src}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { day, src, count: 0, gaps: [0, 0, 0, 0] }));
    c.count++;
    const previous = lastOf.get(src);
    if (previous !== undefined) c.gaps[gapClassOf(r.time - previous)]++;
    lastOf.set(src, r.time);
  });
  return [...counts.values()].sort((a, b) => a.day - b.day || a.src - b.src);
}

/** The UTC offset of the newest record of an hour block (records are in time order). */
export function lastOffsetOf(packed: Uint8Array): number | null {
  const n = recordCount(packed);
  return n ? offsetAt(blockView(packed), n - 1) : null;
}
