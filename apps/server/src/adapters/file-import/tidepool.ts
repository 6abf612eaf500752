import { MGDL_PER_MMOL } from '@cgm/domain';
import { FILE_SERIAL, sgSerialOf, type ParsedFile } from './parsed';

// A Tidepool export: an array of data in UTC with the device's `timezoneOffset` (minutes), glucose
// in mmol/L unless `units` says mg/dL, durations in ms (Tidepool data model: cbg, smbg, bolus,
// wizard, food, basal).

type J = Record<string, unknown>;
const isObj = (v: unknown): v is J => !!v && typeof v === 'object' && !Array.isArray(v);
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const MIN = 60_000;

/** Tidepool's basal delivery types → the portal's basal codes (domain basal-codes.ts). */
const BASAL_CODES: Record<string, string> = {
  scheduled: 'BAS',
  temp: 'BART',
  // Set by the closed loop (Loop, Control-IQ): auto mode delivery.
  automated: 'BAAM',
  suspend: 'SUSM',
};

export function parseTidepool(data: unknown, out: ParsedFile): void {
  if (!Array.isArray(data)) return out.fail('imports.problem.notTidepool');
  data.forEach((d, i) => {
    const at = `[${i}]`;
    if (!isObj(d)) return out.reject(at, 'not an object');
    const time = typeof d.time === 'string' ? Date.parse(d.time) : NaN;
    if (Number.isNaN(time)) return out.reject(at, `${String(d.type)} without a readable time`);
    const offset = n(d.timezoneOffset);
    const base = { serial: FILE_SERIAL, time, utc_offset_min: offset === null ? 0 : Math.round(offset) };
    const value = n(d.value);
    const mgdl =
      value === null
        ? null
        : Math.round(/^mg/i.test(String(d.units ?? 'mmol/L')) ? value : value * MGDL_PER_MMOL);
    if (d.type === 'cbg' || d.type === 'smbg') {
      if (mgdl === null) return out.reject(at, `${d.type} without a value`);
      if (d.type === 'cbg') out.add(at, { type: 'sg', ...base, serial: sgSerialOf('Tidepool'), mgdl });
      else out.add(at, { type: 'bg', ...base, mgdl });
    } else if (d.type === 'bolus') bolus(d, base, at, out);
    else if (d.type === 'wizard' || d.type === 'food') {
      const carbs =
        d.type === 'wizard'
          ? n(d.carbInput)
          : n(((d.nutrition as J | undefined)?.carbohydrate as J | undefined)?.net);
      // A wizard run without carbs (a correction) leaves its bolus to the bolus record.
      if (carbs === null || carbs <= 0)
        return d.type === 'food' ? out.reject(at, 'food without carbs') : undefined;
      out.add(at, { type: 'event', ...base, event_type: 'CARB', value: carbs });
    } else if (d.type === 'basal') {
      const code = BASAL_CODES[String(d.deliveryType)];
      const minutes = (n(d.duration) ?? 0) / MIN;
      const rate = d.deliveryType === 'suspend' ? 0 : n(d.rate);
      if (!code || rate === null) return out.reject(at, `basal (${String(d.deliveryType)}) without a rate`);
      const delivered = round3((rate * minutes) / 60);
      out.add(at, {
        type: 'basal',
        ...base,
        code,
        duration_min: round3(minutes),
        rate,
        delivered,
        ...(code === 'BAAM'
          ? { auto: { auto_basal_delivery: delivered, auto_corr_delivery: 0, auto_food_delivery: 0 } }
          : {}),
      });
    } else out.skip(`Tidepool data of type "${String(d.type)}"`);
  });
}

/** A bolus: normal, extended (square wave) or both (dual wave); a closed loop's as auto mode insulin. */
function bolus(
  d: J,
  base: { serial: string; time: number; utc_offset_min: number },
  at: string,
  out: ParsedFile,
) {
  const normal = n(d.normal) ?? 0;
  const extended = n(d.extended) ?? 0;
  if (normal <= 0 && extended <= 0) return out.reject(at, 'bolus without insulin');
  if (d.subType === 'automated') {
    // The loop's own correction: auto mode insulin (spec §3 auto_corr_delivery), not a bolus the
    // person gave, as the Nightscout import counts a super-micro-bolus.
    return out.add(at, {
      type: 'basal',
      ...base,
      code: 'BAAM',
      duration_min: 0,
      rate: 0,
      delivered: 0,
      auto: { auto_basal_delivery: 0, auto_corr_delivery: normal + extended, auto_food_delivery: 0 },
    });
  }
  // An interrupted bolus: what was asked for (expectedNormal) and what was given (normal).
  const set = n(d.expectedNormal) ?? normal;
  const code = extended > 0 ? (normal > 0 ? 'CB' : 'EB') : 'NB';
  out.add(at, {
    type: 'bolus',
    ...base,
    code,
    set,
    delivered: normal,
    ...(extended > 0
      ? {
          extended_set: n(d.expectedExtended) ?? extended,
          extended_delivered: extended,
          extended_duration_min: round3((n(d.duration) ?? 0) / MIN),
        }
      : {}),
  });
}
