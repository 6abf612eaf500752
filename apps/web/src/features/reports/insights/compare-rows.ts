import type { ComparePeriod } from '@cgm/contract';
import {
  COMPARE_BETTER,
  figureChange,
  toUnit,
  type ComparedFigure,
  type FigureChange,
  type GlucoseUnit,
} from '@cgm/domain';
import { shownTir, TIR_DECIMALS } from '../charts/tir';

// The rows of the compare report's table: each figure of both periods as it is printed, and the
// change between them (domain figureChange, on the printed values, so "+0.0" never shows as a rise).

export type RowKind = 'percent' | 'glucose' | 'count';

export interface CompareRow {
  key: ComparedFigure;
  kind: RowKind;
  /** Digits printed (and the step of the change). */
  digits: number;
  earlier: number | null;
  later: number | null;
  change: FigureChange;
}

const TIR_KEYS = [
  ['veryLow', 'very_low'],
  ['low', 'low'],
  ['inRange', 'in_range'],
  ['high', 'high'],
  ['veryHigh', 'very_high'],
] as const;

export function compareRows(earlier: ComparePeriod, later: ComparePeriod, unit: GlucoseUnit): CompareRow[] {
  const glucoseDigits = unit === 'mmol/L' ? 1 : 0;
  const glucose = (v: number | null) => (v === null ? null : toUnit(v, unit));
  const tirA = earlier.stats.time_in_ranges && shownTir(earlier.stats.time_in_ranges);
  const tirB = later.stats.time_in_ranges && shownTir(later.stats.time_in_ranges);
  const row = (
    key: ComparedFigure,
    kind: RowKind,
    digits: number,
    a: number | null,
    b: number | null,
  ): CompareRow => ({
    key,
    kind,
    digits,
    earlier: a,
    later: b,
    change: figureChange(a, b, COMPARE_BETTER[key], 10 ** -digits),
  });
  return [
    ...TIR_KEYS.map(([key, band]) =>
      row(key, 'percent', TIR_DECIMALS, tirA ? tirA[band] : null, tirB ? tirB[band] : null),
    ),
    row('mean', 'glucose', glucoseDigits, glucose(earlier.stats.mean), glucose(later.stats.mean)),
    row('gmi', 'percent', 1, earlier.stats.gmi, later.stats.gmi),
    row('sd', 'glucose', glucoseDigits, glucose(earlier.stats.sd), glucose(later.stats.sd)),
    row('cv', 'percent', 1, earlier.stats.cv, later.stats.cv),
    row('wear', 'percent', 1, earlier.sensor_wear, later.sensor_wear),
    row('validDays', 'count', 0, earlier.valid_days, later.valid_days),
    row('lows', 'count', 0, earlier.lows, later.lows),
    row('highs', 'count', 0, earlier.highs, later.highs),
  ];
}
