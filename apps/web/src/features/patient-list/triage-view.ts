import type { PatientListItem, TriageFlagCode } from '@cgm/contract';
import {
  hasEnoughDataForTir,
  shownBandPercents,
  TRIAGE_LIMITS,
  VERY_HIGH_ABOVE,
  VERY_LOW_BELOW,
  LOW_BELOW,
  HIGH_ABOVE,
  type ShownBandPercents,
} from '@cgm/domain';

// What the triage columns of a row show (issue 18): the bands rounded as the reports round them
// (largest remainder, "below 70" = very low + low as shown; CLINICAL.md "Showing numbers"), only
// with enough data; texts are i18n keys. Pure.

export type BandsView =
  { kind: 'none' } | { kind: 'insufficient'; wear: number } | ({ kind: 'shown' } & ShownBandPercents);

export function bandsView(item: Pick<PatientListItem, 'triage'>): BandsView {
  const t = item.triage;
  if (!t?.bands) return { kind: 'none' };
  if (t.wear === null || !hasEnoughDataForTir(t.wear)) return { kind: 'insufficient', wear: t.wear ?? 0 };
  const b = t.bands;
  return {
    kind: 'shown',
    ...shownBandPercents({
      veryLow: b.very_low,
      low: b.low,
      inRange: b.in_range,
      high: b.high,
      veryHigh: b.very_high,
    }),
  };
}

/** The limits the band columns and flags name, in mg/dL (written in the viewer's unit). */
export const BAND_LIMITS = {
  veryLow: VERY_LOW_BELOW,
  below: LOW_BELOW,
  above: HIGH_ABOVE,
  veryHigh: VERY_HIGH_ABOVE,
} as const;

/** Each flag's i18n key, its limit for the text, and whether it is about lows (shown as danger). */
export const FLAG_VIEW: Record<TriageFlagCode, { key: string; limit: number; danger: boolean }> = {
  very_low: { key: 'patients.flag.very_low', limit: TRIAGE_LIMITS.veryLowPct, danger: true },
  below: { key: 'patients.flag.below', limit: TRIAGE_LIMITS.belowPct, danger: true },
  no_data: { key: 'patients.flag.no_data', limit: TRIAGE_LIMITS.noDataDays, danger: false },
  in_range_drop: {
    key: 'patients.flag.in_range_drop',
    limit: TRIAGE_LIMITS.inRangeDropPoints,
    danger: false,
  },
  wear: { key: 'patients.flag.wear', limit: TRIAGE_LIMITS.wearPct, danger: false },
};
