import type { DeviceRecord } from '@cgm/contract';
import { isAutomated, type NsDoc, type RecordBase } from './ns-records';

// Temporary basals of Nightscout treatments → the portal's basal rows. A temp basal runs until its
// duration ends or the next temp basal starts, whichever is first; a "Temp Basal" with duration 0
// (or a "Temp Basal End") is a cancel that only ends the running one (Nightscout's
// ddata.processDurations and profilefunctions.getTempBasal). Pure: the Nightscout API
// (features/nightscout/ns-basal.ts) and file imports of Nightscout exports both build rows here.

const MIN = 60_000;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Nightscout treats any eventType containing "Temp Basal" as a temporary basal (lib/data/ddata.js). */
export const isTempBasal = (doc: NsDoc | null | undefined): boolean =>
  !!doc && /Temp Basal/i.test(String(doc.eventType ?? ''));

/**
 * The rate of a temp basal in U/h: `absolute` (or `rate`), else `percent` as a change of the
 * profile's scheduled rate (Nightscout: basal × (100 + percent) / 100); null when it cannot be known.
 */
export function tempRate(doc: NsDoc, scheduled: number | null): number | null {
  const absolute = num(doc.absolute) ?? num(doc.rate);
  if (absolute !== null) return absolute >= 0 ? absolute : null;
  const percent = num(doc.percent);
  if (percent === null || scheduled === null) return null;
  return Math.max(0, round3((scheduled * (100 + percent)) / 100));
}

/** When a temp basal that starts at `start` stops (`next`: the next one's start); null for a cancel. */
export function tempEnd(doc: NsDoc, start: number, next: number | undefined): number | null {
  const duration = num(doc.duration);
  if (duration === null || duration <= 0) return null;
  const end = Math.min(start + Math.round(duration * MIN), next ?? Infinity);
  return end > start ? end : null;
}

/** The basal row of a temp basal that runs from `base.time` until `stop` (ms); null without a rate. */
export function tempBasalRecord(
  doc: NsDoc,
  base: RecordBase,
  stop: number,
  scheduled: number | null,
): DeviceRecord | null {
  const minutes = (stop - base.time) / MIN;
  const rate = tempRate(doc, scheduled);
  if (rate === null) return null;
  const delivered = round3((rate * minutes) / 60);
  // Set by a closed loop, it is automated delivery: auto mode basal (BAAM), not a manual temp basal.
  const auto = isAutomated(doc);
  return {
    type: 'basal',
    ...base,
    code: auto ? 'BAAM' : 'BART',
    duration_min: round3(minutes),
    rate,
    delivered,
    ...(auto
      ? { auto: { auto_basal_delivery: delivered, auto_corr_delivery: 0, auto_food_delivery: 0 } }
      : {}),
  };
}
