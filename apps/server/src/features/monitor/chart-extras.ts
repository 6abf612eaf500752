import type { ChartData } from '@cgm/contract';
import type { FlaggedSg } from '../../patient-data';

// The monitor chart's series beyond the readings and deliveries (spec §3 chart): the transmitter's
// states, the basal row's auto-mode JSON, and the UTC offset the sleeping-time band is laid in.

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** [time, state] at each change of the transmitter's reported state (repeats dropped). */
export function stateChanges(
  rows: ReadonlyArray<{ time: Date; status: string | null }>,
): ChartData['transmtr'] {
  const out: ChartData['transmtr'] = [];
  for (const r of rows) {
    if (r.status === null) continue;
    if (out.length === 0 || out[out.length - 1]![1] !== r.status) out.push([r.time.getTime(), r.status]);
  }
  return out;
}

/** The auto-mode JSON of a basal row as it was sent, or null outside auto mode. */
export function autoJson(auto: unknown): ChartData['basal'][number][7] {
  if (typeof auto !== 'object' || auto === null) return null;
  const a = auto as Record<string, unknown>;
  return {
    auto_basal_delivery: num(a.auto_basal_delivery) ?? 0,
    auto_corr_delivery: num(a.auto_corr_delivery) ?? 0,
    auto_food_delivery: num(a.auto_food_delivery) ?? 0,
  };
}

/** The chart's glucose points: [time, mg/dL or null, quality flag or display code or null]. */
export function sgPoints(sg: FlaggedSg): ChartData['sg'] {
  return sg.time.map((t, i) => [t, sg.mgdl[i]!, sg.quality[i] ?? sg.displayCode[i] ?? null]);
}

/** The patient's UTC offset in the window: the newest reading's, else the transmitter's, else 0. */
export function offsetOf(
  transmitter: ReadonlyArray<{ utcOffsetMin: number }>,
  sg: { utcOffsetMin: readonly number[] },
): number {
  return sg.utcOffsetMin.at(-1) ?? transmitter.at(-1)?.utcOffsetMin ?? 0;
}
