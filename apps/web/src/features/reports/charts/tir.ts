import type { GlucoseStatsBlock } from '@cgm/contract';
import { shownBandPercents } from '@cgm/domain';

export type TimeInRanges = NonNullable<GlucoseStatsBlock['time_in_ranges']>;

/** The bands as printed, with "below 70" and "above 180" as the sums of the printed bands. */
export type ShownTir = TimeInRanges & { below: number; above: number };

/** Reports print the bands with one decimal. */
export const TIR_DECIMALS = 1;

/**
 * The bands rounded so that they add up to 100 % as shown, by largest remainder (CLINICAL.md
 * "Showing numbers"); every place a report shows a band takes its figure from here.
 */
export function shownTir(tir: TimeInRanges, decimals = TIR_DECIMALS): ShownTir {
  const s = shownBandPercents(
    { veryLow: tir.very_low, low: tir.low, inRange: tir.in_range, high: tir.high, veryHigh: tir.very_high },
    decimals,
  );
  return {
    very_low: s.veryLow,
    low: s.low,
    in_range: s.inRange,
    high: s.high,
    very_high: s.veryHigh,
    below: s.below,
    above: s.above,
  };
}
