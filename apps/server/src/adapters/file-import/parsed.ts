import type { DeviceRecord } from '@cgm/contract';
import { IMPORTED_SERIAL_PREFIX } from '../../patient-data';
import type { DateOrderDecision } from './date-order';

// What a parser makes of a file: device records, each with the place in the file it came from,
// and the problems (a row that became no record says why, never silently). Records are keyed so
// that importing the same data again stores nothing new: files carry no device sequence, so a
// record's seq is its time and kind (below), and its serial names the device or, for everything
// but sensor readings, the one serial of all files.

/** Every imported record but sensor readings: one serial for all files and formats, so the same
 *  bolus, carbs or finger-stick imported twice (from a Tidepool export and then from the portal's
 *  own export of it) is one record, as Nightscout de-duplicates treatments on time + type. */
export const FILE_SERIAL = `${IMPORTED_SERIAL_PREFIX}file`;

/** An imported device's sensor readings: a source of its own, with that device's sampling
 *  interval (patient-data/sources.ts reads the device after the prefix). */
export const sgSerialOf = (device: string) => `${IMPORTED_SERIAL_PREFIX}${device.trim()}`.slice(0, 64).trim();

/** A record as a parser makes it: everything but the seq, which follows from time and kind. */
export type Unkeyed = DeviceRecord extends infer R
  ? R extends DeviceRecord
    ? Omit<R, 'seq'>
    : never
  : never;

const EVENT_KINDS: Record<string, number> = { CARB: 21, EXR: 22, BG: 23 };
const KINDS: Partial<Record<DeviceRecord['type'], number>> = {
  sg: 1,
  bg: 2,
  calibration: 3,
  bolus: 4,
  pump_status: 7,
  sensor_status: 8,
  session: 9,
  alarm: 10,
  pdm_settings: 11,
};

/** Two records of one serial at one instant are the same record only when of the same kind. */
function kindOf(r: Unkeyed): number {
  // A micro-bolus (a zero-length auto mode row) and a basal row may start together.
  if (r.type === 'basal') return r.duration_min === 0 ? 5 : 6;
  // Carbs, exercise, a glucose check and a note at one time are four events; other types are
  // notes to Nightscout (an export and its re-import keep the same kind: store-records.ts).
  if (r.type === 'event') return EVENT_KINDS[r.event_type] ?? 24;
  return KINDS[r.type] ?? 99;
}

/** time × 100 + kind: unique per serial, time and kind, and the same whenever the file is read. */
export function seqOf(r: Unkeyed): number {
  const seq = r.time * 100 + kindOf(r);
  // A time the record check will refuse anyway must not fail on the seq first, with a vaguer reason.
  return Number.isSafeInteger(seq) && seq >= 0 ? seq : 0;
}

export interface ParsedFile {
  records: DeviceRecord[];
  /** Where each record came from ("row 12", "treatments[3]"), to name it in its problem. */
  origins: string[];
  problems: string[];
  /** Rows (documents) of the file that gave no record, and files not understood. */
  rejected: number;
  /** How the file's day/month dates were read (CSV formats with such dates; date-order.ts). */
  dateOrder: DateOrderDecision | null;
  add(origin: string, record: Unkeyed): void;
  /** A row that gives no record, with why. */
  reject(origin: string, why: string): void;
  /** A file that is not of its format at all (an i18n key of imports.problem). */
  fail(key: string): void;
  /** A row of a kind the portal has no record for: counted, reported once per kind by finish(). */
  skip(kind: string): void;
  finish(): ParsedFile;
}

export function parsedFile(): ParsedFile {
  const skipped = new Map<string, number>();
  const out: ParsedFile = {
    records: [],
    origins: [],
    problems: [],
    rejected: 0,
    dateOrder: null,
    add(origin, record) {
      out.records.push({ ...record, seq: seqOf(record) } as DeviceRecord);
      out.origins.push(origin);
    },
    reject(origin, why) {
      out.problems.push(`${origin}: ${why}`);
      out.rejected++;
    },
    fail(key) {
      out.problems.push(key);
      out.rejected++;
    },
    skip(kind) {
      skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
      out.rejected++;
    },
    finish() {
      for (const [kind, n] of skipped)
        out.problems.push(`${kind}: ${n} not imported (no portal record for them)`);
      skipped.clear();
      return out;
    },
  };
  return out;
}
