// Sensor glucose row flags and display codes (spec §3 "SG row", §5 "Glucose display") and the
// trend arrow of the monitor's glucoseRate 0–8 (spec §3 "Monitor status").

/** Quality flags carried by an SG row (spec §3). */
export const SG_FLAGS = {
  /** Low quality (spec §5): shown raised to the bottom of the display range. */
  C: { lowQuality: true, labelKey: 'sgFlag.c' },
  /** Low quality (spec §5): shown raised to the bottom of the display range. */
  CX: { lowQuality: true, labelKey: 'sgFlag.cx' },
  /** Not calibrated: the value shows as it is, marked. */
  NC: { lowQuality: false, labelKey: 'sgFlag.nc' },
  /** Data error: the value shows as it is, marked. */
  DE: { lowQuality: false, labelKey: 'sgFlag.de' },
} as const;
export type SgFlag = keyof typeof SG_FLAGS;

export function isSgFlag(s: unknown): s is SgFlag {
  return typeof s === 'string' && Object.hasOwn(SG_FLAGS, s);
}

/** The sgFlag.* note shown beside a flagged reading (monitor, patient list, overview); null for none. */
export function sgFlagLabelKey(flag: unknown): string | null {
  return isSgFlag(flag) ? SG_FLAGS[flag].labelKey : null;
}

/** C and CX raise to 2.2 mmol/L (spec §5); the others do not change the value. */
export function isLowQualityFlag(flag: string): boolean {
  return isSgFlag(flag) && SG_FLAGS[flag].lowQuality;
}

/**
 * Display status codes other than the flags (spec §3): shown in place of a value. CE0 and CE1 are
 * the sensor's two calibration-error codes, H a reading above the sensor's range.
 */
export const SG_DISPLAY_CODES = {
  CE0: { labelKey: 'sgCode.ce0' },
  CE1: { labelKey: 'sgCode.ce1' },
  H: { labelKey: 'sgCode.h' },
} as const;
export type SgDisplayCode = keyof typeof SG_DISPLAY_CODES;

export function isSgDisplayCode(s: unknown): s is SgDisplayCode {
  return typeof s === 'string' && Object.hasOwn(SG_DISPLAY_CODES, s);
}

export type TrendDirection =
  | 'NONE'
  | 'DoubleUp'
  | 'SingleUp'
  | 'FortyFiveUp'
  | 'Flat'
  | 'FortyFiveDown'
  | 'SingleDown'
  | 'DoubleDown'
  | 'NOT COMPUTABLE';

export interface Trend {
  rate: number;
  direction: TrendDirection;
  arrow: string;
  labelKey: string;
}

/**
 * glucoseRate 0–8 (spec §3) read as the Nightscout trend numbers (lib/plugins/direction.js,
 * pebble.js: NONE 0, DoubleUp 1 … DoubleDown 7, NOT COMPUTABLE 8), which the portal's ingest also
 * speaks, so one table serves both sources.
 */
export const TRENDS: readonly Trend[] = [
  { rate: 0, direction: 'NONE', arrow: '', labelKey: 'trend.none' },
  { rate: 1, direction: 'DoubleUp', arrow: '⇈', labelKey: 'trend.doubleUp' },
  { rate: 2, direction: 'SingleUp', arrow: '↑', labelKey: 'trend.singleUp' },
  { rate: 3, direction: 'FortyFiveUp', arrow: '↗', labelKey: 'trend.fortyFiveUp' },
  { rate: 4, direction: 'Flat', arrow: '→', labelKey: 'trend.flat' },
  { rate: 5, direction: 'FortyFiveDown', arrow: '↘', labelKey: 'trend.fortyFiveDown' },
  { rate: 6, direction: 'SingleDown', arrow: '↓', labelKey: 'trend.singleDown' },
  { rate: 7, direction: 'DoubleDown', arrow: '⇊', labelKey: 'trend.doubleDown' },
  { rate: 8, direction: 'NOT COMPUTABLE', arrow: '', labelKey: 'trend.notComputable' },
];

/** Trend of a glucoseRate; anything outside 0–8 or not an integer has no arrow (rate 0). */
export function trendOfRate(rate: number | null | undefined): Trend {
  if (rate === null || rate === undefined || !Number.isInteger(rate)) return TRENDS[0]!;
  return TRENDS[rate] ?? TRENDS[0]!;
}

/** The rate of a Nightscout direction name, for ingest; unknown names give 0. */
export function rateOfDirection(direction: string | null | undefined): number {
  return TRENDS.find((t) => t.direction === direction)?.rate ?? 0;
}
