import { deviceRecord, quickSgRecord, type DeviceRecord } from '@cgm/contract';
import { maybeUnstorable, unstorableText } from '../platform/lib/storable-text';

export interface RecordProblem {
  index: number;
  status: 'rejected';
  reason: string;
}

export interface Checked {
  valid: Array<{ index: number; record: DeviceRecord }>;
  problems: RecordProblem[];
}

/** A device clock may run a little fast; a record more than 10 minutes in the future is wrong. */
export const MAX_FUTURE_MS = 10 * 60_000;

/**
 * Each record of a batch on its own: a malformed one is rejected with a reason a developer of a
 * device app can act on ("records[3].mgdl: Too big: expected number to be <=1000"), and the others
 * go on. A bad record must never cost the good records of the same batch, nor fail the batch in
 * the database (a NUL byte in any string does, in PostgreSQL text and jsonb alike), because the
 * uploader would then resend that batch for ever.
 */
export function checkRecords(
  records: readonly unknown[],
  now: number,
  /** Where `records` starts in the whole batch (a part of a long one): indexes are the batch's. */
  firstIndex = 0,
): Checked {
  const out: Checked = { valid: [], problems: [] };
  for (let at = 0; at < records.length; at++) {
    const raw = records[at];
    const index = firstIndex + at;
    const problem = problemOf(raw, now);
    if (typeof problem === 'string')
      out.problems.push({ index, status: 'rejected', reason: `records[${index}]${problem}` });
    else out.valid.push({ index, record: problem });
  }
  return out;
}

/** The record as parsed, or where and why it is refused (".mgdl: Too big: …"). */
function problemOf(raw: unknown, now: number): DeviceRecord | string {
  const text = textProblem(raw);
  if (text) return `${text.path}: ${text.message}`;
  // Most records are sensor readings, checked without zod when well formed (sg-record-check.ts).
  let r: DeviceRecord | undefined = quickSgRecord(raw);
  if (!r) {
    const parsed = deviceRecord.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`;
    }
    r = parsed.data;
  }
  if (r.time > now + MAX_FUTURE_MS) return '.time: more than 10 minutes in the future';
  if (r.type === 'sg' && r.mgdl === null && !r.display_code) return '.mgdl: null needs a display_code';
  return r;
}

/** Whether any string of the value (at any depth, keys included) may be unstorable: one pass, no allocation. */
function anyMaybeUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return maybeUnstorable(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const v of value) if (anyMaybeUnstorable(v)) return true;
    return false;
  }
  for (const key in value) {
    if (maybeUnstorable(key)) return true;
    if (anyMaybeUnstorable((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** Where a string of the value (at any depth, keys included) cannot be stored as text. */
export function textProblem(value: unknown, path = ''): { path: string; message: string } | null {
  return anyMaybeUnstorable(value) ? textProblemAt(value, path) : null;
}

function textProblemAt(value: unknown, path: string): { path: string; message: string } | null {
  if (typeof value === 'string') return stringProblem(value, path);
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const at = `${path}.${key}`;
    const keyProblem = Array.isArray(value) ? null : stringProblem(key, at);
    if (keyProblem) return keyProblem;
    const inner = textProblemAt(v, at);
    if (inner) return inner;
  }
  return null;
}

function stringProblem(s: string, path: string): { path: string; message: string } | null {
  const problem = unstorableText(s);
  if (problem === 'nul') return { path, message: 'text contains a NUL character' };
  if (problem === 'lone surrogate')
    return { path, message: 'text contains an unpaired surrogate (not valid Unicode)' };
  return null;
}
