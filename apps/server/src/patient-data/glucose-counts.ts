import { gapClassOf, HIGH_ABOVE, LOW_BELOW } from '@cgm/domain';
import { HOUR_MS, isCalibrationState, sourceOfFlags, type SgBlockRecord } from './glucose-block';

// The hourly counts of the patient list (sg_hour_counts, migration 0010) computed from one UTC
// day's readings, as the report path gives readings to the domain's statistics: values to
// 0.1 mg/dL, those not above 0 left out, C and CX left out, one reading per instant (the first in
// block order), and each source's gaps from its previous reading of the same day counted by the
// domain's gap classes. Kept here, next to the writer, so no threshold lives in SQL.

/** n, below 70, above 180, gaps of class 1, 2, 5, 15 minutes. */
export type Counts = [number, number, number, number, number, number, number];
/** Key "hour:src" (hour as epoch hours). */
export type DayCounts = Map<string, Counts>;

const tenth = (g: number) => Math.round(g * 10) / 10;

/** Counts of one day's readings, given in block order (hour blocks of the day in hour order). */
export function countsOfDay(records: Iterable<SgBlockRecord>): DayCounts {
  const out: DayCounts = new Map();
  const lastOf = new Map<number, number>();
  let lastTime = Number.NaN;
  for (const r of records) {
    if (Number.isNaN(r.mgdl) || isCalibrationState(r.flags)) continue;
    const v = tenth(r.mgdl);
    if (!(v > 0) || r.time === lastTime) continue;
    lastTime = r.time;
    const src = sourceOfFlags(r.flags);
    const key = `${Math.floor(r.time / HOUR_MS)}:${src}`;
    let c = out.get(key);
    if (!c) out.set(key, (c = [0, 0, 0, 0, 0, 0, 0]));
    c[0]++;
    if (v < LOW_BELOW) c[1]++;
    else if (v > HIGH_ABOVE) c[2]++;
    const previous = lastOf.get(src);
    if (previous !== undefined) c[3 + gapClassOf(r.time - previous)]! += 1;
    lastOf.set(src, r.time);
  }
  return out;
}

/** Rows whose counts differ between two states of the same days: to write, and to delete. */
export function changedCounts(before: DayCounts, after: DayCounts): { put: DayCounts; gone: string[] } {
  const put: DayCounts = new Map();
  for (const [key, c] of after) {
    const was = before.get(key);
    if (!was || was.some((x, i) => x !== c[i])) put.set(key, c);
  }
  const gone = [...before.keys()].filter((key) => !after.has(key));
  return { put, gone };
}

/** Sums hour counts per (UTC day, src): key "day:src". */
export function perDay(hours: DayCounts): DayCounts {
  const out: DayCounts = new Map();
  for (const [key, c] of hours) {
    const [hour, src] = key.split(':').map(Number) as [number, number];
    const dayKey = `${Math.floor(hour / 24)}:${src}`;
    const sum = out.get(dayKey);
    if (!sum) out.set(dayKey, [...c]);
    else c.forEach((x, i) => (sum[i] = sum[i]! + x));
  }
  return out;
}
