// Bolus row codes (spec §3 "Bolus row"): NB normal, EB extended, CB combo, each also with suffix
// M (manual, given on the pump instead of through the wizard); wizard codes CRW, CAW, CCW.

export type BolusKind = 'normal' | 'extended' | 'combo';

export interface BolusCodeInfo {
  code: string;
  /** Kind by code; wizard codes take theirs from the amounts (see bolusKind). */
  kind: BolusKind | 'wizard';
  manual: boolean;
  labelKey: string;
}

export const BOLUS_CODES: readonly BolusCodeInfo[] = [
  { code: 'NB', kind: 'normal', manual: false, labelKey: 'bolus.NB' },
  { code: 'NBM', kind: 'normal', manual: true, labelKey: 'bolus.NBM' },
  { code: 'EB', kind: 'extended', manual: false, labelKey: 'bolus.EB' },
  { code: 'EBM', kind: 'extended', manual: true, labelKey: 'bolus.EBM' },
  { code: 'CB', kind: 'combo', manual: false, labelKey: 'bolus.CB' },
  { code: 'CBM', kind: 'combo', manual: true, labelKey: 'bolus.CBM' },
  // Wizard: correction only (CRW), carbohydrate only (CAW), carbohydrate and correction (CCW).
  { code: 'CRW', kind: 'wizard', manual: false, labelKey: 'bolus.CRW' },
  { code: 'CAW', kind: 'wizard', manual: false, labelKey: 'bolus.CAW' },
  { code: 'CCW', kind: 'wizard', manual: false, labelKey: 'bolus.CCW' },
];

/** The details JSON of a bolus row (spec §3), all optional. */
export interface BolusDetails {
  bg?: number;
  corr_bolus?: number;
  carb?: number;
  carb_bolus?: number;
  iob?: number;
  suggest?: number;
  adjustmentType?: number;
  bg_bolus?: number;
}

export const BOLUS_DETAIL_FIELDS: readonly (keyof BolusDetails)[] = [
  'bg', 'corr_bolus', 'carb', 'carb_bolus', 'iob', 'suggest', 'adjustmentType', 'bg_bolus',
]; // prettier-ignore

export interface BolusRecord {
  /** Epoch ms UTC when the bolus started. */
  time: number;
  utcOffsetMin?: number;
  code: string;
  /** Units delivered now (the normal part). */
  delivered: number;
  /** Units delivered over time (the extended part). */
  extendedDelivered?: number;
  /** Minutes over which the extended part ran. */
  extendedDurationMin?: number;
  details?: BolusDetails;
}

const BY_CODE: ReadonlyMap<string, BolusCodeInfo> = new Map(BOLUS_CODES.map((c) => [c.code, c]));

export function bolusCodeInfo(code: string): BolusCodeInfo | undefined {
  return BY_CODE.get(code);
}

/**
 * Normal, extended or combo. A wizard bolus (or an unknown code) is classed by its amounts:
 * both parts → combo, only the extended part → extended, else normal.
 */
export function bolusKind(record: Pick<BolusRecord, 'code' | 'delivered' | 'extendedDelivered'>): BolusKind {
  const kind = BY_CODE.get(record.code)?.kind;
  if (kind && kind !== 'wizard') return kind;
  const ext = record.extendedDelivered ?? 0;
  if (ext > 0) return record.delivered > 0 ? 'combo' : 'extended';
  return 'normal';
}

/** Units of the whole bolus, now and extended. */
export function bolusTotal(record: Pick<BolusRecord, 'delivered' | 'extendedDelivered'>): number {
  return record.delivered + (record.extendedDelivered ?? 0);
}
