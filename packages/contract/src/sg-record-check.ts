import type { SgRecord } from './device-records';

// A sensor reading is most of what devices and uploaders send (a day is 720 of a 2-minute sensor's),
// and zod's discriminated union costs about 5 µs a record, a third of a batch's time on the server.
// This check answers exactly what `sgRecord.safeParse` answers for a well-formed reading — the same
// fields in the same order, the serial trimmed, unknown keys dropped — and nothing for anything
// else, which zod then checks and explains. So the two can never disagree on what is accepted
// (sg-record-check.test.ts compares them on random records).

const QUALITY = new Set(['C', 'CX', 'NC', 'DE']);
const DISPLAY_CODE = new Set(['CE0', 'CE1', 'H']);
const MIN_TIME = 946_684_800_000;
const MAX_TIME = 4_102_444_800_000;
const MAX_OFFSET_MIN = 14 * 60;

const intIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
/** absent (or undefined), null, or one of the set's strings */
const optionalOf = (v: unknown, set: ReadonlySet<string>) =>
  v === undefined || v === null || (typeof v === 'string' && set.has(v));

/** The reading as sgRecord would parse it, or undefined when zod must look (it may still be valid). */
export function quickSgRecord(raw: unknown): SgRecord | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (r.type !== 'sg' || typeof r.serial !== 'string') return undefined;
  const serial = r.serial.trim();
  if (serial.length < 1 || serial.length > 64) return undefined;
  const { seq, time, utc_offset_min: offset, mgdl, quality, display_code: code, rate } = r;
  if (!intIn(seq, 0, Number.MAX_SAFE_INTEGER) || !intIn(time, MIN_TIME, MAX_TIME)) return undefined;
  if (!intIn(offset, -MAX_OFFSET_MIN, MAX_OFFSET_MIN)) return undefined;
  if (mgdl !== null && !(typeof mgdl === 'number' && Number.isFinite(mgdl) && mgdl >= 0 && mgdl <= 1000))
    return undefined;
  if (!optionalOf(quality, QUALITY) || !optionalOf(code, DISPLAY_CODE)) return undefined;
  if (!(rate === undefined || rate === null || intIn(rate, 0, 8))) return undefined;
  const out: SgRecord = { type: 'sg', serial, seq, time, utc_offset_min: offset, mgdl };
  // zod keeps an optional key that is present (even as undefined) and leaves out an absent one.
  if ('quality' in r) out.quality = quality as SgRecord['quality'];
  if ('display_code' in r) out.display_code = code as SgRecord['display_code'];
  if ('rate' in r) out.rate = rate as SgRecord['rate'];
  return out;
}
