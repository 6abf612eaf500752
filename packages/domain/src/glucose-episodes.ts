// Glucose episodes (CGM-based events) as the international consensus defines them: an episode
// begins when readings stay beyond a threshold for at least 15 consecutive minutes and ends when
// they stay back within it for at least 15 consecutive minutes (Battelino T et al., "Continuous
// glucose monitoring and metrics for clinical trials: an international consensus statement",
// Lancet Diabetes Endocrinol 2023;11:42–57, table 2; earlier Danne T et al., Diabetes Care
// 2017;40:1631–40). A gap in the data longer than EPISODE_MAX_GAP_MIN ends a run: nothing is
// known of the time in between, so an episode is neither made nor kept across it.

import { readingIntervalMin, type PreparedReadings } from './readings';

/** Minutes beyond the threshold that make an episode, and back within it that end one (consensus). */
export const EPISODE_MIN_MINUTES = 15;
/** A longer gap between readings breaks a run (the consensus' 15 minutes: at most a missed reading or so). */
export const EPISODE_MAX_GAP_MIN = 15;

export interface GlucoseEpisode {
  /** Epoch ms of the first reading beyond the threshold. */
  start: number;
  /** Epoch ms of the end of the last reading beyond it (its time plus its sampling interval). */
  end: number;
  /** UTC offset in minutes of the first reading (its local time of day). */
  utcOffsetMin: number;
  /** Lowest value (below) or highest (above), mg/dL. */
  extreme: number;
}

export type EpisodeSide = 'below' | 'above';

/** Episodes below (value < threshold) or above (value > threshold) a threshold, in time order. */
export function glucoseEpisodes(p: PreparedReadings, side: EpisodeSide, threshold: number): GlucoseEpisode[] {
  const beyond = side === 'below' ? (v: number) => v < threshold : (v: number) => v > threshold;
  const more = side === 'below' ? Math.min : Math.max;
  const out: GlucoseEpisode[] = [];
  const minMs = EPISODE_MIN_MINUTES * 60_000;
  const gapMs = EPISODE_MAX_GAP_MIN * 60_000;
  // The current run beyond the threshold, and (inside an episode) the run back within it.
  let run: GlucoseEpisode | null = null;
  let open: GlucoseEpisode | null = null;
  let backSince: number | null = null;
  let lastTime = Number.NEGATIVE_INFINITY;
  const close = () => {
    if (open) out.push(open);
    open = null;
    run = null;
    backSince = null;
  };
  for (let i = 0; i < p.n; i++) {
    const t = p.times[i]!;
    const v = p.values[i]!;
    const endOfReading = t + readingIntervalMin(p, i) * 60_000;
    if (t - lastTime > gapMs) {
      close();
    }
    lastTime = t;
    if (beyond(v)) {
      backSince = null;
      if (open) {
        open.end = endOfReading;
        open.extreme = more(open.extreme, v);
        continue;
      }
      if (!run) run = { start: t, end: endOfReading, utcOffsetMin: p.offsets[i]!, extreme: v };
      else {
        run.end = endOfReading;
        run.extreme = more(run.extreme, v);
      }
      if (run.end - run.start >= minMs) open = run;
    } else {
      run = null;
      if (open) {
        backSince ??= t;
        if (endOfReading - backSince >= minMs) close();
      }
    }
  }
  close();
  return out;
}
