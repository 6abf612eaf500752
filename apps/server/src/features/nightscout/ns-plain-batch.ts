import {
  entryHourOf,
  entryName,
  entryUuidOf,
  numberedEntryId,
  type EntryDoc,
  type EntryItem,
} from '../../adapters/nightscout';
import { isoOf } from '../../platform/lib/iso-time';
import { maybeUnstorable } from '../../platform/lib/storable-text';
import { entryOffsetOf, type Doc } from './ns-docs';
import type { EntryScan } from './ns-entries.repository';

// An uploader's usual batch, read in one pass: sensor readings with nothing but a type "sgv", a
// number, an epoch-ms date and perhaps a dateString, sysTime, utcOffset, direction and device.
// Such an entry is what the general path (normalise, decide, placeEntries) makes of it without
// choices: its time is `date`, its offset entryOffsetOf's, its item keeps type, sgv, direction and
// device, its `_id` and identifier are the ones the portal makes. The write of a batch of them
// (ns-entries-at-once.ts) places them straight from here; a property test holds the two paths
// to the same items, readings and answers (ns-plain-batch.test.ts). Anything else, or any doubt,
// is the general path's: plainBatchOf answers null.

/** One plain entry of a batch. */
export interface PlainEntry {
  /** The entry's time (epoch ms). */
  t: number;
  /** Its UTC offset (minutes). */
  off: number;
  /** What its item keeps: type, sgv, and direction and device when sent, in the order sent. */
  doc: EntryDoc;
}

/** Times whose seconds an ObjectId holds (numberedEntryId): 1973 to 2106, all rebuilt exactly. */
const FIRST_MS = 1e11;
const LAST_MS = 2 ** 32 * 1000;

const storable = (v: unknown): v is string => typeof v === 'string' && !maybeUnstorable(v);

/** The entry, if the input is plain (see above); null otherwise. */
function plainEntryOf(input: unknown): PlainEntry | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const o = input as Doc;
  const doc: EntryDoc = {};
  for (const key in o) {
    const v = o[key];
    switch (key) {
      case 'type':
        if (v !== 'sgv') return null;
        doc.type = v;
        break;
      case 'sgv':
        if (typeof v !== 'number' || !Number.isFinite(v)) return null;
        doc.sgv = v;
        break;
      case 'direction':
      case 'device':
        if (!storable(v)) return null;
        doc[key] = v;
        break;
      case 'date':
        if (typeof v !== 'number' || !Number.isInteger(v) || v <= FIRST_MS || v >= LAST_MS) return null;
        break;
      case 'dateString':
      case 'sysTime':
        if (!storable(v)) return null;
        break;
      case 'utcOffset':
        if (typeof v !== 'number' && !storable(v)) return null;
        break;
      default:
        return null;
    }
  }
  if (doc.type === undefined || doc.sgv === undefined || o.date === undefined) return null;
  return { t: o.date as number, off: entryOffsetOf(o), doc };
}

/** The batch's entries when every input is plain and no two share a time; null otherwise. */
export function plainBatchOf(inputs: readonly unknown[]): PlainEntry[] | null {
  const out: PlainEntry[] = [];
  const times = new Set<number>();
  for (const input of inputs) {
    const e = plainEntryOf(input);
    if (!e || times.has(e.t)) return null;
    times.add(e.t);
    out.push(e);
  }
  return out.length ? out : null;
}

/**
 * A new plain entry's item: its `_id` and identifier are made when first read (the write of an
 * hour of plain entries reads neither; the answers and a later match do). toJSON writes them where
 * an item is kept as JSON (an hour whose entries cannot all be plain).
 */
export class PlainEntryItem implements EntryItem {
  readonly own = true;
  private madeId: string | undefined = undefined;
  private madeIdent: string | undefined = undefined;

  constructor(
    readonly t: number,
    readonly off: number,
    readonly seq: number,
    readonly m: number,
    readonly sub: string,
    readonly doc: EntryDoc,
  ) {}

  get id(): string {
    return (this.madeId ??= numberedEntryId(this.t, this.seq)!);
  }

  get ident(): string {
    return (this.madeIdent ??= entryUuidOf(
      this.t,
      entryName(this.t, this.doc.device as string | undefined, 'sgv'),
    ));
  }

  toJSON(): EntryItem {
    const { id, ident, seq, t, off, m, sub, doc, own } = this;
    return { id, ident, seq, t, off, m, sub, doc, own };
  }
}

/**
 * The answer to a new plain entry: the document as normalise makes it (the input with its time
 * written as date, dateString and sysTime and its offset as utcOffset), with its `_id` and
 * identifier, as ns-write-decide.ts answer gives it: one copy of the input instead of two.
 */
export function plainAnswer(input: Doc, e: PlainEntry, id: string, identifier: string): Doc {
  const doc = Object.assign({}, input);
  const at = isoOf(e.t);
  doc.date = e.t;
  doc.dateString = at;
  doc.sysTime = at;
  doc.utcOffset = e.off;
  doc._id = id;
  doc.identifier = identifier;
  return doc;
}

/** The hour an entry goes in, as placeEntries puts it. */
export const plainHourOf = (e: PlainEntry): number => entryHourOf(e.t);

/** What a write reads for a plain batch: entryScanOf of its inputs (their hours; no keys named). */
export const plainScanOf = (batch: readonly PlainEntry[]): EntryScan => ({
  hours: [...new Set(batch.map(plainHourOf))],
  ids: [],
  keys: [],
  count: batch.length,
});
