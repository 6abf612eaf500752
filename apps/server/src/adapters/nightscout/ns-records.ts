import type { DeviceRecord } from '@cgm/contract';
import { MGDL_PER_MMOL, rateOfDirection } from '@cgm/domain';

// What a Nightscout document means as the portal's device records (source 'uploaded'), so the
// monitor, reports and logbook show uploaded data exactly like realtime data. Pure, and shared by
// the Nightscout API (features/nightscout/ns-map.ts keys each record by its document, so an update
// or delete of the document replaces or removes exactly what it produced) and by file imports of
// Nightscout exports (adapters/file-import keys them by time and kind). Anything without a portal
// meaning stays only in the Nightscout document.

export type NsDoc = Record<string, unknown>;

/** The identity and time every record of one document shares. */
export interface RecordBase {
  serial: string;
  seq: number;
  time: number;
  utc_offset_min: number;
}

/** The serial of the sensor readings of an uploading device (each device is a source of its own). */
export type SgSerialOf = (device: string) => string;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A treatment's glucose in mg/dL: Nightscout documents say mmol when `units` says so. */
function glucoseMgdl(doc: NsDoc): number | null {
  const g = num(doc.glucose);
  if (g === null) return null;
  const mmol = /mmol/i.test(String(doc.units ?? '')) || g < 35;
  return Math.round((mmol ? g * MGDL_PER_MMOL : g) * 10) / 10;
}

/** Event types that become an "other" logbook event with the treatment's type as its note. */
const NOTE_EVENTS =
  /^(Note|Announcement|Question|Site Change|Insulin Change|Pump Battery Change|Sensor (Start|Change|Stop)|Profile Switch|Temporary Target|Temporary Target Cancel|Temporary Override|Temporary Override Cancel|OpenAPS Offline|D\.A\.D\. Alert)$/;

/** Systems that set temp basals and give micro-boluses on their own (their `enteredBy`). */
const CLOSED_LOOP = /^(openaps:\/\/|loop:\/\/|trio\b|freeaps|iaps\b)/i;

/**
 * Whether a closed loop gave this insulin rather than the person: Loop says so (`automatic`);
 * AndroidAPS, Trio and OpenAPS mark their super-micro-boluses (`isSMB`, type "SMB"), and every temp
 * basal they write is the algorithm's unless marked `automatic: false`.
 */
export function isAutomated(doc: NsDoc): boolean {
  if (typeof doc.automatic === 'boolean') return doc.automatic;
  if (doc.isSMB === true || doc.type === 'SMB') return true;
  return /Temp Basal/i.test(String(doc.eventType ?? '')) && CLOSED_LOOP.test(String(doc.enteredBy ?? ''));
}

/** The records of one document of a collection; none for a document marked invalid. */
export function documentRecords(
  collection: string,
  doc: NsDoc,
  base: RecordBase,
  sgSerial: SgSerialOf,
): DeviceRecord[] {
  // AndroidAPS invalidates a treatment (or reading) instead of deleting it: it no longer counts.
  if (doc.isValid === false) return [];
  if (collection === 'entries') return entryRecords(doc, base, sgSerial);
  if (collection === 'treatments') return treatmentRecords(doc, base);
  if (collection === 'devicestatus') return statusRecords(doc, base);
  return [];
}

function entryRecords(doc: NsDoc, base: RecordBase, sgSerial: SgSerialOf): DeviceRecord[] {
  if (doc.type === 'sgv') {
    const sgv = num(doc.sgv);
    // Values below 39 are Nightscout's sensor error codes, not glucose.
    if (sgv === null || sgv < 39) return [];
    // TripleUp/TripleDown (xDrip+, faster than DoubleUp/Down) show as the steepest arrow the portal has.
    const given = str(doc.direction);
    const direction = given === 'TripleUp' ? 'DoubleUp' : given === 'TripleDown' ? 'DoubleDown' : given;
    const rate = num(doc.trend) ?? rateOfDirection(direction);
    // Each uploading device is a source of its own, with its own sampling interval (CLINICAL.md).
    const serial = sgSerial(str(doc.device)?.trim() || 'unknown');
    return [{ type: 'sg', ...base, serial, mgdl: sgv, rate: rate >= 0 && rate <= 8 ? Math.round(rate) : 0 }];
  }
  if (doc.type === 'mbg') {
    const mbg = num(doc.mbg);
    return mbg === null ? [] : [{ type: 'bg', ...base, mgdl: mbg }];
  }
  return [];
}

function treatmentRecords(doc: NsDoc, base: RecordBase): DeviceRecord[] {
  const out: DeviceRecord[] = [];
  const eventType = String(doc.eventType ?? '');
  const notes = str(doc.notes);
  const insulin = num(doc.insulin);
  const carbs = num(doc.carbs);
  const duration = num(doc.duration);
  const bg = glucoseMgdl(doc);
  const tempBasal = /Temp Basal/i.test(eventType);
  if (insulin !== null && insulin > 0 && !tempBasal && isAutomated(doc)) {
    // A closed loop's micro-bolus is an auto mode correction (spec §3 basal row auto_corr_delivery),
    // counted as auto bolus, not as a bolus the person gave.
    out.push({
      type: 'basal',
      ...base,
      code: 'BAAM',
      duration_min: 0,
      rate: 0,
      delivered: 0,
      auto: { auto_basal_delivery: 0, auto_corr_delivery: insulin, auto_food_delivery: 0 },
    });
  } else if (insulin !== null && insulin > 0) {
    const combo = eventType === 'Combo Bolus';
    const entered = num(doc.enteredinsulin);
    const extended = combo
      ? entered !== null && num(doc.splitExt) !== null
        ? (entered * num(doc.splitExt)!) / 100
        : (num(doc.relative) ?? 0) * ((duration ?? 0) / 60)
      : 0;
    out.push({
      type: 'bolus',
      ...base,
      code: combo && extended > 0 ? 'CB' : 'NB',
      set: insulin,
      delivered: insulin,
      ...(combo && extended > 0
        ? {
            extended_set: round2(extended),
            extended_delivered: round2(extended),
            extended_duration_min: duration ?? 0,
          }
        : {}),
      details: { carb: carbs, bg },
    });
  }
  // Temp basals become basal rows of their own (ns-temp-basal.ts: a row's end depends on the next).
  if ((eventType === 'BG Check' || (bg !== null && insulin === null && carbs === null)) && bg !== null) {
    out.push({ type: 'bg', ...base, mgdl: bg });
  }
  if (eventType === 'Sensor Start' || eventType === 'Sensor Change') {
    out.push({ type: 'session', ...base, kind: 'sensor', started_at: base.time, rated_life_hours: 24 * 14 });
  } else if (eventType === 'Site Change') {
    out.push({ type: 'session', ...base, kind: 'patch', started_at: base.time, rated_life_hours: 72 });
  }
  // At most one logbook event per document (events are keyed by serial + seq).
  if (carbs !== null && carbs > 0) {
    out.push({ type: 'event', ...base, event_type: 'CARB', value: carbs, notes: noteOf(eventType, notes) });
  } else if (eventType === 'Exercise') {
    out.push({ type: 'event', ...base, event_type: 'EXR', value: duration ?? null, notes });
  } else if (NOTE_EVENTS.test(eventType) || (notes && out.length === 0 && !tempBasal)) {
    out.push({ type: 'event', ...base, event_type: 'OTR', value: null, notes: noteOf(eventType, notes) });
  }
  return out;
}

function noteOf(eventType: string, notes: string | null): string | null {
  const head = eventType && eventType !== '<none>' ? eventType : '';
  const text = [head, notes].filter(Boolean).join(': ');
  return text === '' ? null : text.slice(0, 1000);
}

/**
 * Whether a devicestatus `pump` says delivery is suspended: Loop says it on the pump, AndroidAPS and
 * OpenAPS in pump.status.
 */
export function pumpSuspended(pump: NsDoc): boolean {
  const status = pump.status && typeof pump.status === 'object' ? (pump.status as NsDoc) : {};
  return pump.suspended === true || status.suspended === true || /suspend/i.test(String(status.status ?? ''));
}

/**
 * A devicestatus with a pump → the pump status the monitor shows (spec §3 pump_status): suspended
 * or delivering, reservoir, pump battery, insulin on board, and the basal rate running when the
 * uploader says it (AndroidAPS `pump.extended`). The uploader's own battery (the phone's:
 * xDrip+ `uploaderBattery`, `uploader.battery`) is kept in the document only: the portal's
 * battery figures are the sensor's and the pump's, and a phone's charge is neither.
 */
function statusRecords(doc: NsDoc, base: RecordBase): DeviceRecord[] {
  const pump = doc.pump as NsDoc | undefined;
  if (!pump || typeof pump !== 'object') return [];
  const obj = (v: unknown): NsDoc => (v && typeof v === 'object' && !Array.isArray(v) ? (v as NsDoc) : {});
  const status = obj(pump.status);
  const extended = obj(pump.extended);
  const openaps = obj(doc.openaps);
  const loop = obj(doc.loop);
  // oref0 sends its IOB as an array of predictions, the first being now.
  const iobOf = (v: unknown) => num(obj(Array.isArray(v) ? v[0] : v).iob);
  const suspended = pumpSuspended(pump);
  const battery = num(obj(pump.battery).percent);
  const reservoir = num(pump.reservoir);
  const basalRate = num(extended.TempBasalAbsoluteRate) ?? num(extended.BaseBasalRate);
  return [
    {
      type: 'pump_status',
      ...base,
      state: suspended ? 64 : 32,
      reservoir_units: reservoir !== null && reservoir >= 0 && reservoir <= 400 ? reservoir : null,
      battery_percent: battery !== null && battery >= 0 && battery <= 100 ? battery : null,
      iob: iobOf(openaps.iob) ?? iobOf(loop.iob) ?? iobOf(pump.iob),
      basal_rate: suspended ? 0 : basalRate !== null && basalRate >= 0 && basalRate <= 50 ? basalRate : null,
      mode: str(status.status),
    },
  ];
}
