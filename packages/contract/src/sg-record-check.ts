import { isSgDisplayCode, isSgFlag } from '@cgm/domain';
import { EPOCH_MS_MAX, EPOCH_MS_MIN, UTC_OFFSET_MAX_MIN, type SgRecord } from './device-records';

// A sensor reading is most of what devices and uploaders send (a day is 720 of a 2-minute sensor's),
// and zod's discriminated union costs about 5 µs a record, a third of a batch's time on the server.
// This check answers exactly what `sgRecord.safeParse` answers for a well-formed reading — the same
// fields in the same order, the serial trimmed, unknown keys dropped — and nothing for anything
// else, which zod then checks and explains. So the two can never disagree on what is accepted
// (sg-record-check.test.ts compares them on random records).

const intIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
/** absent (or undefined), null, or a value `is` accepts */
const optionalOf = (v: unknown, is: (v: unknown) => boolean) => v === undefined || v === null || is(v);

/** The reading as sgRecord would parse it, or undefined when zod must look (it may still be valid). */
export function quickSgRecord(raw: unknown): SgRecord | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (r.type !== 'sg' || typeof r.serial !== 'string') return undefined;
  const serial = r.serial.trim();
  if (serial.length < 1 || serial.length > 64) return undefined;
  const { seq, time, utc_offset_min: offset, mgdl, quality, display_code: code, rate } = r;
  if (!intIn(seq, 0, Number.MAX_SAFE_INTEGER) || !intIn(time, EPOCH_MS_MIN, EPOCH_MS_MAX)) return undefined;
  if (!intIn(offset, -UTC_OFFSET_MAX_MIN, UTC_OFFSET_MAX_MIN)) return undefined;
  if (mgdl !== null && !(typeof mgdl === 'number' && Number.isFinite(mgdl) && mgdl >= 0 && mgdl <= 1000))
    return undefined;
  if (!optionalOf(quality, isSgFlag) || !optionalOf(code, isSgDisplayCode)) return undefined;
  if (!(rate === undefined || rate === null || intIn(rate, 0, 8))) return undefined;
  const out: SgRecord = { type: 'sg', serial, seq, time, utc_offset_min: offset, mgdl };
  // zod keeps an optional key that is present (even as undefined) and leaves out an absent one.
  if ('quality' in r) out.quality = quality as SgRecord['quality'];
  if ('display_code' in r) out.display_code = code as SgRecord['display_code'];
  if ('rate' in r) out.rate = rate as SgRecord['rate'];
  return out;
}
