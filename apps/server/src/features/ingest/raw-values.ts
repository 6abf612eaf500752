import { decodeBolusAmount, decodeInsulinOnBoard, offsetHoursToMinutes } from '@cgm/domain';

// The device apps send some amounts as the pump's raw fields (spec §9 "Decoding"): insulin on
// board and bolus amounts as signed integers read as unsigned, time-zone offsets in hours. The
// rules live in the domain (insulin.ts, docs/CLINICAL.md "Decoding"); this applies them to a raw
// record before it is checked, so a wrapped negative IOB of 620 is never stored as 620 U.

type Raw = Record<string, unknown>;

const BOLUS_AMOUNTS = ['set', 'delivered', 'extended_set', 'extended_delivered'] as const;
const WIZARD_AMOUNTS = ['corr_bolus', 'carb_bolus', 'bg_bolus', 'suggest'] as const;
/** The pump status's amounts that travel in the bolus field's encoding. */
const PUMP_BOLUS_AMOUNTS = [
  'bolus_set',
  'bolus_delivered',
  'extended_bolus_set',
  'extended_bolus_delivered',
  'wizard_corr_set',
  'wizard_carb_set',
  'remaining_dose',
] as const;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function decodeIn(obj: Raw, keys: readonly string[], decode: (raw: number) => number | null): void {
  for (const key of keys) {
    const value = obj[key];
    if (typeof value === 'number') obj[key] = decode(value);
  }
}

/**
 * A copy of the record with its raw fields decoded; anything that is not a record object is
 * returned as it came (the checks reject it with their own reason). An IOB no field can give
 * becomes null (unknown, the monitor shows "--"); a bolus amount that decodes negative is
 * refused by the record's own check (an amount delivered is never below 0).
 */
export function decodeRawValues(record: unknown): unknown {
  if (!isObject(record)) return record;
  const out: Raw = { ...record };
  if (typeof out.utc_offset_hours === 'number' && out.utc_offset_min === undefined) {
    out.utc_offset_min = offsetHoursToMinutes(out.utc_offset_hours);
  }
  delete out.utc_offset_hours;
  if (out.type === 'pump_status') {
    decodeIn(out, ['iob', 'wizard_iob'], decodeInsulinOnBoard);
    decodeIn(out, PUMP_BOLUS_AMOUNTS, (raw) => decodeBolusAmount(raw));
  }
  if (out.type === 'bolus') {
    decodeIn(out, BOLUS_AMOUNTS, (raw) => decodeBolusAmount(raw));
    if (isObject(out.details)) {
      const details: Raw = { ...out.details };
      decodeIn(details, ['iob'], decodeInsulinOnBoard);
      decodeIn(details, WIZARD_AMOUNTS, (raw) => decodeBolusAmount(raw));
      out.details = details;
    }
  }
  return out;
}
