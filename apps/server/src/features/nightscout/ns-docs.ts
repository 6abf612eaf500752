import { randomBytes } from 'node:crypto';
import { isoOf } from '../../platform/lib/iso-time';
import { entryName, entryUuidOf, uuidOf } from '../../adapters/nightscout';
import type { Collection } from './ns-query';

// Nightscout's normalisation on write (lib/server/entries.js, treatments.js, devicestatus.js): times
// to UTC ISO with `utcOffset`, numbers cast, a non-ObjectId `_id` moved to `identifier`, and the
// de-duplication keys (entries: time + type, always; treatments: created_at + eventType, only for a
// treatment that names neither an identifier nor an `_id`).

export type Doc = Record<string, unknown>;
export { entryUuidOf, uuidOf };

export interface Normalised {
  /** The client's 24-hex `_id`, if it sent one. */
  id: string | null;
  identifier: string;
  /**
   * Entries: the client named no identifier, so it is the one made of the entry's time, device
   * and type (entryUuidOf), hashed only when first read: a write of new entries reads it once
   * they are stored, to answer (ns-write-decide.ts IdentifierIndex).
   */
  madeIdentifier?: true;
  /**
   * Whether the de-duplication key may match a stored document. Entries: always, whatever their
   * identifier or `_id` (Nightscout 15 upserts on sysTime + type "regardless of source UUID").
   * Treatments: only when the client gave neither identifier nor `_id`.
   */
  matchByKey: boolean;
  date: number;
  utcOffsetMin: number;
  dedupKey: string | null;
  doc: Doc;
  /** Entries: `date` as the ISO string written to `dateString` and `sysTime`. */
  iso?: string;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;
export const isObjectId = (v: unknown): v is string => typeof v === 'string' && OBJECT_ID.test(v);

/** Random per process, as in MongoDB's ObjectId. */
const PROCESS_PART = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * A MongoDB ObjectId: 4 bytes of seconds, 5 random bytes of this process and a 3-byte counter
 * (from a random start). Ids made one after another sort in order, so the primary key takes a
 * batch's new documents at its end rather than at random places.
 */
export function newObjectId(nowMs: number): string {
  // Seconds an ObjectId can hold (4 bytes); any other time is the present's.
  if (!(nowMs >= 0 && nowMs < 2 ** 32 * 1000)) nowMs = Date.now();
  counter = (counter + 1) & 0xffffff;
  return (
    Math.floor(nowMs / 1000)
      .toString(16)
      .padStart(8, '0') +
    PROCESS_PART +
    counter.toString(16).padStart(6, '0')
  );
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** The UTC offset written in an ISO string ("+02:00", "+0200", "Z"), in minutes; null without one. */
export function offsetOf(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  if (/Z$/i.test(iso)) return 0;
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!m || !/T\d/.test(iso)) return null;
  const v = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return Math.abs(v) <= 14 * 60 ? v : null;
}

/** The largest instant a Date holds (±8.64e15 ms): a time beyond it is no time at all. */
const MAX_DATE_MS = 8.64e15;

/** A time given as epoch ms (number or numeric string) or as an ISO string. */
export function timeOf(v: unknown): number | null {
  const n = num(v);
  if (n !== null) {
    const ms = n > 1e11 ? Math.round(n) : n > 1e8 ? Math.round(n * 1000) : null;
    return ms !== null && ms <= MAX_DATE_MS ? ms : null;
  }
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

const iso = isoOf;
const clampOffset = (v: unknown) => {
  const n = num(v);
  return n !== null && Math.abs(n) <= 14 * 60 ? Math.round(n) : null;
};

/** An entry's time, as normalise reads it. */
const entryTimeOf = (doc: Doc) => timeOf(doc.date) ?? timeOf(doc.dateString) ?? timeOf(doc.sysTime);

/** An entry's UTC offset (minutes), as normalise reads it: its dateString's, else its utcOffset, else 0. */
export const entryOffsetOf = (doc: Doc): number =>
  offsetOf(doc.dateString) ?? clampOffset(doc.utcOffset) ?? 0;

/** What a client named of an entry, as normalise reads it: its time, its `_id` and its identifier. */
export interface EntryNames {
  date: number | null;
  id: string | null;
  identifier: string | null;
}

/**
 * An input's EntryNames before it is normalised (null for what is not a document): a write reads
 * what is stored while it normalises the batch (ns-entries-at-once.ts).
 */
export function entryNamesOf(input: unknown): EntryNames | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  return { date: entryTimeOf(input as Doc), ...ids(input as Doc) };
}

function ids(doc: Doc): { id: string | null; identifier: string | null } {
  const rawId = doc._id;
  const id = isObjectId(rawId) ? rawId.toLowerCase() : null;
  const given = typeof doc.identifier === 'string' && doc.identifier !== '' ? doc.identifier : null;
  const moved = !id && typeof rawId === 'string' && rawId !== '' ? rawId : null;
  return { id, identifier: given ?? moved };
}

/**
 * A shallow copy of a document. Object.assign onto `{}` makes an object V8 adds the normalised
 * fields to cheaply (a spread copy turns slow when fields are added); a document with its own
 * `__proto__` key is spread instead, where assigning it would set the prototype.
 */
export const copyDoc = (d: Doc): Doc => (Object.hasOwn(d, '__proto__') ? { ...d } : Object.assign({}, d));

const TREATMENT_NUMBERS = [
  'glucose', 'targetTop', 'targetBottom', 'carbs', 'insulin', 'duration', 'percent', 'absolute',
  'relative', 'preBolus', 'rate', 'protein', 'fat',
]; // prettier-ignore

const ENTRY_NUMBERS = ['sgv', 'mbg', 'filtered', 'unfiltered', 'rssi', 'noise', 'delta'];

const SERVER_FIELDS = ['srvModified', 'srvCreated', 'subject', 'isReadOnly'];

/**
 * A normalised entry whose client named no identifier: the one made of its time, device and type
 * is hashed when first read (a class: a thousand of them are made as cheaply as plain objects, which
 * an object literal with a getter is not).
 */
class MadeIdentifierEntry implements Normalised {
  readonly matchByKey = true;
  readonly madeIdentifier = true;
  readonly dedupKey: string;
  private made: string | undefined = undefined;

  constructor(
    readonly id: string | null,
    readonly date: number,
    readonly utcOffsetMin: number,
    readonly doc: Doc,
    readonly iso: string,
    private readonly type: string,
  ) {
    this.dedupKey = `${type}|${date}`;
  }

  get identifier(): string {
    const device = typeof this.doc.device === 'string' ? this.doc.device : '';
    return (this.made ??= entryUuidOf(this.date, entryName(this.date, device, this.type)));
  }
}

/** Normalises one document of a collection; a string is the reason it was refused. */
export function normalise(collection: Collection, input: unknown, nowMs: number): Normalised | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'not an object';
  const doc = copyDoc(input as Doc);
  // Deleted only when present: a delete turns V8's object into a slow dictionary for the rest of
  // the write (an uploader's 1,000 entries are copied, checked and answered after this).
  for (const k of SERVER_FIELDS) if (k in doc) delete doc[k];
  const { id, identifier } = ids(doc);
  if ('_id' in doc) delete doc._id;
  if (collection === 'entries') {
    const date = entryTimeOf(doc);
    if (date === null) return 'entry without date';
    if (typeof doc.type !== 'string')
      doc.type = doc.sgv !== undefined ? 'sgv' : doc.mbg !== undefined ? 'mbg' : 'sgv';
    const offset = entryOffsetOf(doc);
    for (const k of ENTRY_NUMBERS) {
      if (doc[k] === undefined) continue;
      const n = num(doc[k]);
      if (n === null) delete doc[k];
      else doc[k] = n;
    }
    const at = iso(date);
    doc.date = date;
    doc.dateString = at;
    doc.sysTime = at;
    doc.utcOffset = offset;
    const type = String(doc.type);
    if (!identifier) return new MadeIdentifierEntry(id, date, offset, doc, at, type);
    doc.identifier = identifier;
    const dedupKey = `${type}|${date}`;
    return { id, identifier, matchByKey: true, date, utcOffsetMin: offset, dedupKey, doc, iso: at };
  }
  const rawTime =
    collection === 'profile'
      ? (doc.startDate ?? doc.created_at ?? doc.date)
      : (doc.eventTime ?? doc.created_at ?? doc.timestamp ?? doc.date);
  // A missing or unreadable time is the time of upload, as Nightscout does (treatments.js, devicestatus.js).
  const given = timeOf(rawTime);
  const date = given ?? nowMs;
  const offset = (given !== null ? offsetOf(rawTime) : null) ?? clampOffset(doc.utcOffset) ?? 0;
  delete doc.eventTime;
  doc.created_at = iso(date);
  doc.utcOffset = offset;
  if (collection === 'profile' && doc.startDate === undefined) doc.startDate = iso(date);
  let dedupKey: string | null = null;
  if (collection === 'treatments') {
    if (typeof doc.eventType !== 'string' || doc.eventType === '') doc.eventType = '<none>';
    for (const k of TREATMENT_NUMBERS) {
      if (doc[k] === undefined) continue;
      const n = num(doc[k]);
      if (n === null) delete doc[k];
      else doc[k] = n;
    }
    dedupKey = `${doc.eventType as string}|${date}`;
  }
  const device = String(doc.device ?? doc.enteredBy ?? '');
  const name =
    collection === 'treatments'
      ? `${date}_${doc.eventType as string}`
      : collection === 'devicestatus'
        ? `${device}_${date}_${randomBytes(6).toString('hex')}`
        : `${device}_${date}`;
  if (identifier) doc.identifier = identifier;
  // A treatment known by its `_id` is that document: its identifier is the `_id`, never one made
  // from created_at + eventType (that would merge two treatments which share a time and type).
  return {
    id,
    identifier: identifier ?? id ?? uuidOf(`${collection}_${name}`),
    matchByKey: identifier === null && id === null,
    date,
    utcOffsetMin: offset,
    dedupKey,
    doc,
  };
}
