import { copyDoc, newObjectId, type Doc, type Normalised } from './ns-docs';
import type { Collection } from './ns-query';
import { IdentifierIndex } from './ns-identifier-index';

// What a Nightscout write does with each document of a batch, decided from what is stored (read by
// ns-write.repository.ts and ns-entries.repository.ts): Nightscout's own order of matching, the
// answer per document, and the outcome's counts. Pure: no database here.

export interface WriteOptions {
  /** Credential or import name, stored as the documents' `subject`. */
  subject: string;
  nowMs: number;
  /** Upload-history label; without one no history row is written (a single edit). */
  label?: string;
  /**
   * The credential the request was resolved with from this process's cache (access/nightscout-kept.ts):
   * the write stores nothing unless it is still active, and then throws CredentialGoneError.
   */
  recheckCredential?: string;
}

export interface WriteOutcome {
  /**
   * One per input, in input order (Loop needs as many answers as it sent): the stored document
   * with its `_id`, or `{error}` for an input that was refused and not stored.
   */
  docs: Doc[];
  /** `docs` as JSON, when the write serialised them while the database worked. */
  docsJson?: string;
  /** Per input: whether it was new, an update, a duplicate, or refused (with why). */
  outcomes: Array<'created' | 'updated' | 'duplicate' | { rejected: string }>;
  stored: number;
  duplicates: number;
  rejected: number;
  firstTime: number | null;
  lastTime: number | null;
  uploadId: string | null;
}

/** An outcome with nothing in it yet. */
export const newOutcome = (): WriteOutcome => ({
  docs: [],
  outcomes: [],
  stored: 0,
  duplicates: 0,
  rejected: 0,
  firstTime: null,
  lastTime: null,
  uploadId: null,
});

/** A stored document a write can match. */
export interface Existing {
  id: string;
  seq: number;
  identifier: string;
  dedup_key: string | null;
  doc: Doc;
  deleted: boolean;
  date: string | Date | number;
}

/** Key order does not matter (jsonb stores keys in its own order). */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Doc)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
const same = (a: Doc, b: Doc) => canonical(a) === canonical(b);

/** A document as a write answers it: with its `_id` and identifier. */
/** The answer to a stored document: its `_id` and identifier (read from its Normalised when new). */
export function answer(doc: Doc, id: string, identifier: string | Normalised): Doc {
  const out = copyDoc(doc);
  out._id = id;
  out.identifier = typeof identifier === 'string' ? identifier : identifier.identifier;
  return out;
}

/** A document of the batch that is new, with the `_id` it gets. */
export interface New {
  n: Normalised;
  id: string;
  /** The `_id` is the one made of the entry's time and document number (numberedId). */
  numbered?: true;
}

/**
 * The stored document an incoming one is, in Nightscout's order: entries by time + type first
 * (the same reading from two uploaders is one entry), then identifier, then `_id`; other
 * collections by identifier, then `_id`, then (for treatments without either) created_at + eventType.
 * Maps, not lookup functions: this runs for every document of a batch.
 */
function lookup<T>(
  n: Normalised,
  collection: Collection,
  byIdentifier: IdentifierIndex<T>,
  byId: ReadonlyMap<string, T>,
  byKey: ReadonlyMap<string, T>,
): T | undefined {
  const key = n.matchByKey && n.dedupKey ? byKey.get(n.dedupKey) : undefined;
  if (collection === 'entries' && key) return key;
  return byIdentifier.get(n) ?? (n.id ? byId.get(n.id) : undefined) ?? key;
}

export interface Stored {
  /** The collection's newest srvModified (null without documents). */
  maxModified: string | number | null;
  /** The `_id`s of the inputs the patient already uses, in any collection. */
  taken: Set<string>;
  /** Documents of the collection the inputs can match: by identifier, `_id` or de-duplication key. */
  existing: Existing[];
}

/** What a write does with each document, decided from what is stored. */
export interface Decision {
  /** The outcome, but for `docs` (see answers). */
  out: WriteOutcome;
  /** Per input, its answer: the refusal, or the document to answer with its `_id` and identifier. */
  answers: Array<{ error: string } | readonly [Doc, string, string | Normalised]>;
  inserts: New[];
  updates: Array<{ row: Existing; n: Normalised }>;
  /** A document answered as the twin of a new one with another identifier. */
  twinOfOtherIdentifier: boolean;
}

/**
 * Matches each document to a stored one (Nightscout's order, see lookup) or, failing that, to a new
 * one earlier in the batch (then it is a duplicate), else it is new: with its own `_id` unless the
 * patient uses that one already.
 */
export function decide(
  normalised: ReadonlyArray<Normalised | string>,
  collection: Collection,
  { taken, existing }: Stored,
  nowMs: number,
  numberedId?: (n: Normalised, insertIndex: number) => string | null,
): Decision {
  // `numberedId`: the `_id` of the batch's k-th new entry when it has its document number already
  // (ns-entry-ids.ts numberedEntryId), so a plain entry needs no stored `_id`.
  const byIdentifier = new IdentifierIndex<Existing>();
  for (const e of existing) byIdentifier.setIdentifier(e.identifier, e);
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byKey = new Map(existing.filter((e) => e.dedup_key).map((e) => [e.dedup_key!, e]));
  const d: Decision = {
    out: newOutcome(),
    answers: [],
    inserts: [],
    updates: [],
    twinOfOtherIdentifier: false,
  };
  const { out, answers, inserts, updates } = d;
  const updateOf = new Map<Existing, number>();
  const pendingByIdentifier = new IdentifierIndex<New>();
  const pendingById = new Map<string, New>();
  const pendingByKey = new Map<string, New>();
  for (const n of normalised) {
    if (typeof n === 'string') {
      out.outcomes.push({ rejected: n });
      answers.push({ error: n });
      out.rejected++;
      continue;
    }
    const match = lookup(n, collection, byIdentifier, byId, byKey);
    const twin = match ? undefined : lookup(n, collection, pendingByIdentifier, pendingById, pendingByKey);
    if (match) {
      const changed = match.deleted || !same(match.doc, n.doc);
      // Twice in one batch: the later one wins, as two uploads in a row would.
      const earlier = updateOf.get(match);
      if (changed && earlier !== undefined) updates[earlier] = { row: match, n };
      else if (changed) updateOf.set(match, updates.push({ row: match, n }) - 1);
      out.outcomes.push(changed ? 'updated' : 'duplicate');
      answers.push([n.doc, match.id, match.identifier]);
    } else if (twin) {
      if (twin.n.identifier !== n.identifier) d.twinOfOtherIdentifier = true;
      out.outcomes.push('duplicate');
      answers.push([twin.n.doc, twin.id, twin.n]);
    } else {
      // An entry's own `_id` carries its time (ns-entry-store.ts: it tells where the entry is stored).
      const own =
        n.id && !taken.has(n.id) ? null : collection === 'entries' ? numberedId?.(n, inserts.length) : null;
      const id =
        own ?? (n.id && !taken.has(n.id) ? n.id : newObjectId(collection === 'entries' ? n.date : nowMs));
      const row: New = own ? { n, id, numbered: true } : { n, id };
      inserts.push(row);
      pendingByIdentifier.set(n, row);
      pendingById.set(id, row);
      if (n.dedupKey) pendingByKey.set(n.dedupKey, row);
      out.outcomes.push('created');
      answers.push([n.doc, id, n]);
    }
  }
  out.duplicates = out.outcomes.filter((o) => o === 'duplicate').length;
  return d;
}

/** The outcome's first and last document times (null when nothing was stored). */
export function setTimes(out: WriteOutcome, times: readonly number[]): void {
  out.firstTime = times.length ? times.reduce((a, b) => Math.min(a, b)) : null;
  out.lastTime = times.length ? times.reduce((a, b) => Math.max(a, b)) : null;
}
